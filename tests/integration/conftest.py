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

ROOT = Path(__file__).resolve().parents[2]
REDIS_TEST_URL = os.environ.get("BRUME_TEST_REDIS_URL", os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/14"))


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

    saved = {key: app.conf[key] for key in ("broker_url", "result_backend", "task_always_eager")}
    app.conf.update(broker_url=redis_url, result_backend=redis_url, task_always_eager=False)
    app.close()
    yield app
    app.conf.update(saved)
    app.close()


class Worker:
    def __init__(self, process: subprocess.Popen, queue: str, log_path: Path):
        self.process = process
        self.queue = queue
        self.log_path = log_path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@pytest.fixture
def celery_worker_process(redis_url, tmp_path):
    """Start `celery worker` as a separate process on a queue of its own; stop it afterwards."""
    queue = f"brume-test-{uuid.uuid4().hex[:8]}"
    log_path = tmp_path / "worker.log"
    env = {**os.environ, "REDIS_URL": redis_url, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONUNBUFFERED": "1"}
    command = [
        sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "-Q", queue,
        "--without-gossip", "--without-mingle", "--loglevel=INFO", "-n", f"{queue}@%h",
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
    yield worker
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
