"""The site as a real server process on a private PostgreSQL, and a steady flow of requests to it.

``start_site`` migrates the cluster's database, adds a player with an API token, a signed-in
session and a live game, and runs uvicorn on ``config.asgi`` as production does (DEBUG off, the
web process's connection pool, or persistent connections without one). ``Traffic`` sends pages,
API reads, an API write and live-stream openings, each from a thread of its own, and keeps every
answer with when it was asked and answered.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.private_postgres import Cluster

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT = 180  # seconds: migrating and starting with both cores busy
# Environment variables that would point the server elsewhere than the private cluster.
NOT_INHERITED = (
    "DATABASE_URL",
    "REDIS_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "BRUME_PUSH_URL",
    "BRUME_TEST_REDIS_URL",
    "DJANGO_SETTINGS_MODULE",
    "PYTEST_XDIST_WORKER",
)

SEED = """
import json
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.authtoken.models import Token
from games.live import live_create

User = get_user_model()
ann = User.objects.create_user("ann", "ann@example.org", "pw-ann-outage")
bo = User.objects.create_user("bo", "bo@example.org", "pw-bo-outage")
live = live_create(
    game="carnac",
    seats=[{"name": "Ann", "player": f"user:{ann.pk}"}, {"name": "Bo", "player": f"user:{bo.pk}"}],
    options={"board": "small"},
    seed=5,
)
browser = Client()
browser.force_login(ann)
print(json.dumps({
    "token": Token.objects.create(user=ann).key,
    "session": browser.cookies["sessionid"].value,
    "game": live.public_id,
}))
"""


def site_environment(cluster: Cluster, *, pooled: bool, folder: Path) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name not in NOT_INHERITED}
    env.update(
        DATABASE_URL=cluster.url("brume"),
        BRUME_EMBEDDED="true",  # plain static files and no HTTPS redirect: the database is what is tested
        DEBUG="false",  # errors go through the site's handlers, as in production
        BRUME_DEADLINE_TICKER="false",
        BRUME_VAR_DIR=str(folder),
        BRUME_DB_POOL="1" if pooled else "0",
        BRUME_DB_POOL_TIMEOUT="5",
        DB_CONN_MAX_AGE="0" if pooled else "60",
        LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
    )
    return env


def _manage(env: dict[str, str], *arguments: str) -> str:
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=START_TIMEOUT,
    )
    assert done.returncode == 0, f"manage.py {arguments[0]} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Site:
    port: int
    process: subprocess.Popen
    token: str
    session: str
    game: str
    log: Path
    mode: str = ""

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-6000:]


def prepare_database(cluster: Cluster) -> dict:
    """The cluster's ``brume`` database, migrated, with a player, a token, a session, a live game."""
    cluster.create_database("brume")
    with tempfile.TemporaryDirectory(prefix="brume-outage-") as folder:
        env = site_environment(cluster, pooled=False, folder=Path(folder))
        _manage(env, "migrate", "--noinput", "-v", "0")
        return json.loads(_manage(env, "shell", "-c", SEED).strip().splitlines()[-1])


def start_site(cluster: Cluster, seeded: dict, *, pooled: bool, folder: Path) -> Site:
    env = site_environment(cluster, pooled=pooled, folder=folder)
    port = _free_port()
    log = folder / f"uvicorn-{port}.log"
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--no-server-header", "--no-proxy-headers", "--log-level", "warning"]
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
    site = Site(port, process, seeded["token"], seeded["session"], seeded["game"], log)
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        assert process.poll() is None, f"the site did not start:\n{site.output()}"
        assert time.monotonic() < deadline, f"the site did not answer in {START_TIMEOUT} s:\n{site.output()}"
        if ask(site, "page", "GET", "/healthz").status == 200:
            return site
        threading.Event().wait(0.05)  # polling for the condition: the server listens and answers


def stop_site(site: Site) -> None:
    site.process.terminate()
    try:
        site.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        site.process.kill()
        site.process.wait()


@dataclass(frozen=True)
class Answer:
    kind: str
    method: str
    path: str
    asked: float
    answered: float
    status: int | None  # None: no HTTP answer at all (the connection failed)
    retry_after: str | None
    body: bytes
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.status is not None and self.status < 400


def ask(site: Site, kind: str, method: str, path: str, headers: dict | None = None, *, stream=False) -> Answer:
    asked = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", site.port, timeout=60)
    try:
        connection.request(method, path, body=b"" if method == "POST" else None, headers=headers or {})
        response = connection.getresponse()
        body = b"" if stream and response.status == 200 else response.read()
        return Answer(
            kind, method, path, asked, time.monotonic(), response.status, response.getheader("Retry-After"), body
        )
    except OSError as error:
        return Answer(kind, method, path, asked, time.monotonic(), None, None, b"", repr(error))
    finally:
        connection.close()


def requests_of(site: Site) -> dict[str, tuple]:
    """What each kind of client asks: (method, path, headers, is a stream)."""
    cookie = {"Cookie": f"sessionid={site.session}"}
    token = {"Authorization": f"Token {site.token}", "Accept": "application/json"}
    return {
        "page": ("GET", f"/play/{site.game}/", cookie, False),
        "events page": ("GET", "/events/", cookie, False),
        "api read": ("GET", "/api/v1/me/notifications/", token, False),
        "api write": ("POST", "/api/v1/me/notifications/read-all/", token, False),
        "stream": ("GET", f"/play/{site.game}/events/", cookie, True),
    }


@dataclass
class Traffic:
    """Requests of every kind, one after the other per kind, until ``stop``."""

    site: Site
    answers: list[Answer] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _threads: list[threading.Thread] = field(default_factory=list)

    def start(self) -> Traffic:
        for kind, (method, path, headers, stream) in requests_of(self.site).items():
            thread = threading.Thread(target=self._send, args=(kind, method, path, headers, stream), daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def _send(self, kind, method, path, headers, stream) -> None:
        while not self._stop.is_set():
            answer = ask(self.site, kind, method, path, headers, stream=stream)
            with self._lock:
                self.answers.append(answer)

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(90)

    def snapshot(self) -> list[Answer]:
        with self._lock:
            return list(self.answers)

    def wait_for(self, condition, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not condition(self.snapshot()):
            assert time.monotonic() < deadline, f"waited {timeout} s for {what}; answers: {summary(self.snapshot())}"
            self._stop.wait(0.05)  # a condition poll, not a pause in the scenario


def successes_since(answers: list[Answer], since: float) -> dict[str, int]:
    counts = dict.fromkeys(("page", "events page", "api read", "api write", "stream"), 0)
    for answer in answers:
        if answer.asked >= since and answer.ok:
            counts[answer.kind] += 1
    return counts


def summary(answers: list[Answer]) -> dict:
    by_status: dict[str, int] = {}
    for answer in answers:
        key = f"{answer.kind} {answer.status}"
        by_status[key] = by_status.get(key, 0) + 1
    return by_status
