"""A real Celery worker process on Redis, for the tests that need one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis

from tests import private_redis

ROOT = Path(__file__).resolve().parents[2]
REDIS_TEST_URL = private_redis.url()


@pytest.fixture(scope="session")
def redis_url():
    try:
        redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        pytest.fail(f"the integration tests need Redis at {REDIS_TEST_URL}: {exc}")
    return REDIS_TEST_URL


@pytest.fixture
def celery_app_on_redis(redis_url):
    """Point the project's Celery app at Redis for one test, then put it back."""
    from config.celery import app

    saved = {key: app.conf[key] for key in ("broker_url", "result_backend", "task_always_eager", "task_routes")}
    app.conf.update(broker_url=redis_url, result_backend=redis_url, task_always_eager=False)
    reconnect(app)
    yield app
    app.conf.update(saved)
    reconnect(app)


def reconnect(app) -> None:
    """Forget every connection pool, producer pool and result backend the app has cached, so that
    it uses the broker and result store now configured (earlier tests may have used others).

    The pools are dropped, not closed: kombu keeps producer pools in a process-wide registry, and
    a closed one would be handed out again.
    """
    app.amqp._producer_pool = None
    app._pool = None
    app._backend_cache = None
    app._local.__dict__.pop("backend", None)
    reset_router(app)


def reset_router(app) -> None:
    """Make the app read ``task_routes`` again: its route table and router are cached."""
    app.amqp.flush_routes()
    app.amqp.__dict__.pop("router", None)


class Worker:
    def __init__(self, process: subprocess.Popen, queue: str, log_path: Path):
        self.process = process
        self.queue = queue
        self.log_path = log_path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def database_url() -> str:
    """The URL of the database the tests use now (the test database), for a worker process."""
    from django.db import connection

    config = connection.settings_dict
    if config["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{config['NAME']}"
    user = config.get("USER") or ""
    password = f":{config['PASSWORD']}" if config.get("PASSWORD") else ""
    host = config.get("HOST") or "127.0.0.1"
    port = f":{config['PORT']}" if config.get("PORT") else ""
    return f"postgres://{user}{password}@{host}{port}/{config['NAME']}"


def start_worker(redis_url: str, log_path: Path, queue: str, *, module: str | None = None, extra_env=None) -> Worker:
    """Start a worker process on ``queue``, on the tests' database; wait until it is ready."""
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "PYTHONUNBUFFERED": "1",
        **(extra_env or {}),
    }
    prefix = [sys.executable, "-m", module] if module else [sys.executable, "-m", "celery", "-A", "config"]
    command = [
        *prefix, "worker", "--pool=solo", "-Q", queue, "--without-gossip", "--without-mingle",
        "--loglevel=INFO", "-n", f"{queue}-{uuid.uuid4().hex[:4]}@%h",
    ]  # fmt: skip
    with open(log_path, "wb") as log_file:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log_file, stderr=subprocess.STDOUT)
    worker = Worker(process, queue, log_path)
    deadline = time.monotonic() + 60
    while "ready." not in worker.log():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"the Celery worker did not start:\n{worker.log()}")
        time.sleep(0.2)
    return worker


def stop_worker(worker: Worker) -> None:
    if worker.process.poll() is not None:
        return
    worker.process.send_signal(signal.SIGTERM)
    try:
        worker.process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        worker.process.kill()
        worker.process.wait(timeout=5)


@pytest.fixture
def worker_queue():
    return f"brume-test-{uuid.uuid4().hex[:8]}"


@pytest.fixture
def celery_worker_process(redis_url, tmp_path, worker_queue):
    """A `celery worker` process on a queue of its own; stopped afterwards."""
    worker = start_worker(redis_url, tmp_path / "worker.log", worker_queue)
    yield worker
    stop_worker(worker)
