"""What config/db_busy.py calls an outage, what it answers, and when a request is served again
(issue 31); the settings that make the pool check its connections. The same behaviour end to end,
with a real PostgreSQL restarted under a running site: test_database_outage.py."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from asgiref.sync import markcoroutinefunction
from django.db import OperationalError
from django.http import HttpResponse
from django.test import RequestFactory
from psycopg import errors
from psycopg_pool import PoolTimeout

from config import db_busy
from config.db_busy import (
    BUSY,
    RETRY_AFTER_SECONDS,
    UNREACHABLE,
    DatabaseRetryMiddleware,
    outage,
    unavailable_response,
    worth_retrying,
)
from tests.async_runner import run_async

ROOT = Path(__file__).resolve().parents[2]


def as_django_raises(cause: BaseException) -> OperationalError:
    """``cause`` as Django's database wrapper hands it on: a Django error caused by the driver's."""
    try:
        try:
            raise cause
        except Exception as driver_error:
            raise OperationalError(str(driver_error)) from driver_error
    except OperationalError as wrapped:
        return wrapped


@pytest.mark.parametrize(
    ("cause", "kind"),
    [
        (errors.AdminShutdown("terminating connection due to administrator command"), UNREACHABLE),
        (errors.CannotConnectNow("the database system is starting up"), UNREACHABLE),
        (psycopg.OperationalError("consuming input failed: server closed the connection unexpectedly"), UNREACHABLE),
        (psycopg.OperationalError("connection failed: Connection refused"), UNREACHABLE),
        (psycopg.InterfaceError("the connection is lost"), UNREACHABLE),
        (errors.ConnectionFailure("connection failure"), UNREACHABLE),
        (PoolTimeout("couldn't get a connection after 10.00 sec"), BUSY),
        (errors.DeadlockDetected("deadlock detected"), None),
        (errors.QueryCanceled("canceling statement due to statement timeout"), None),
        (errors.LockNotAvailable("could not obtain lock"), None),
        (sqlite3.OperationalError("database is locked"), None),
        (ValueError("not the database"), None),
    ],
)
def test_an_outage_is_a_connection_that_broke_or_none_to_be_had_and_nothing_else(cause, kind):
    assert outage(as_django_raises(cause)) == kind
    assert outage(cause) == kind
    assert worth_retrying(cause) is (kind == UNREACHABLE)  # a busy pool would only make it wait again


def test_a_page_gets_an_html_503_and_the_api_a_json_one_both_saying_when_to_come_back():
    lost = as_django_raises(errors.AdminShutdown("terminating connection due to administrator command"))
    page = unavailable_response(RequestFactory().get("/events/"), lost)
    assert (page.status_code, page["Retry-After"]) == (503, str(RETRY_AFTER_SECONDS))
    assert page["Content-Type"].startswith("text/html") and b"cannot be reached" in page.content
    api = unavailable_response(RequestFactory().post("/api/v1/me/notifications/read-all/"), lost)
    assert (api.status_code, api["Retry-After"]) == (503, str(RETRY_AFTER_SECONDS))
    problem = json.loads(api.content)
    assert problem["error"] == "unavailable"
    assert "check whether it was saved" in problem["detail"]  # a write may have been saved or not


class Answers:
    """A stand-in for the rest of the middleware chain: hands out the given answers in turn."""

    def __init__(self, *kinds: str | None):
        self.kinds, self.calls = list(kinds), 0

    def answer(self, request) -> HttpResponse:
        kind = self.kinds[min(self.calls, len(self.kinds) - 1)]
        self.calls += 1
        if kind is None:
            return HttpResponse("fine")
        cause = PoolTimeout("busy") if kind == BUSY else errors.AdminShutdown("terminating connection")
        return unavailable_response(request, as_django_raises(cause))

    def __call__(self, request):
        return self.answer(request)


class AsyncAnswers(Answers):
    def __init__(self, *kinds: str | None):
        super().__init__(*kinds)
        markcoroutinefunction(self)  # as Django marks an async middleware

    async def __call__(self, request):
        return self.answer(request)


@pytest.fixture
def no_connections_to_drop(monkeypatch):
    dropped = []
    monkeypatch.setattr(db_busy, "drop_connections", lambda: dropped.append(True))
    return dropped


@pytest.mark.parametrize("chain", [Answers, AsyncAnswers])
def test_a_read_whose_connection_broke_is_served_once_more_on_fresh_connections(chain, no_connections_to_drop):
    def serve(method: str, *kinds):
        rest = chain(*kinds)
        middleware = DatabaseRetryMiddleware(rest)
        request = getattr(RequestFactory(), method)("/events/")
        response = middleware(request)
        if chain is AsyncAnswers:
            response = run_async(response)
        return response.status_code, rest.calls

    assert serve("get", UNREACHABLE, None) == (200, 2)
    assert serve("head", UNREACHABLE, None) == (200, 2)
    assert serve("get", UNREACHABLE, UNREACHABLE) == (503, 2)  # once only
    assert serve("post", UNREACHABLE, None) == (503, 1)  # a write is never sent twice
    assert serve("get", BUSY, None) == (503, 1)  # a busy pool: waiting again would not help
    assert serve("get", None) == (200, 1)
    assert len(no_connections_to_drop) == 3


def test_a_stream_opening_whose_connection_broke_reads_again_and_other_errors_go_on(monkeypatch):
    from games.push import viewer

    calls = []
    seen = viewer.Viewer(None, None, None)

    def identify(request, public_id):
        calls.append(public_id)
        if len(calls) == 1:
            raise as_django_raises(errors.AdminShutdown("terminating connection due to administrator command"))
        if public_id == "deadlock":
            raise as_django_raises(errors.DeadlockDetected("deadlock detected"))
        return seen

    monkeypatch.setattr(viewer, "identify", identify)
    assert run_async(viewer.read_viewer(None, "game")) is seen
    assert calls == ["game", "game"]
    calls.clear()
    with pytest.raises(OperationalError, match="deadlock"):
        run_async(viewer.read_viewer(None, "deadlock"))
    assert calls == ["deadlock", "deadlock"]


def test_with_postgresql_the_pool_checks_each_connection_before_handing_it_out():
    """Django hands the pool psycopg-pool's check only when CONN_HEALTH_CHECKS is on; the settings
    read once per process, so a process of its own reads them (nothing is connected to)."""
    script = (
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "from psycopg_pool import ConnectionPool\n"
        "print(connection.settings_dict['CONN_HEALTH_CHECKS'], connection.pool._check == ConnectionPool.check_connection)\n"
    )
    # (config.asgi, imported by other tests, sets DB_CONN_MAX_AGE and BRUME_DB_POOL in this process)
    ours = ("DATABASE_URL", "BRUME_DB_POOL", "DB_CONN_MAX_AGE")
    env = {name: value for name, value in os.environ.items() if name not in ours}
    env.update(DJANGO_SETTINGS_MODULE="config.settings", DATABASE_URL="postgres://nobody@127.0.0.1:9/nothing")
    pooled = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env={**env, "BRUME_DB_POOL": "1"}, capture_output=True, text=True
    )
    assert pooled.stdout.split() == ["True", "True"], pooled.stderr
    script = "import django; django.setup()\nfrom django.db import connection\nprint(connection.settings_dict['CONN_HEALTH_CHECKS'], connection.settings_dict['CONN_MAX_AGE'])\n"
    kept = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)
    assert kept.stdout.split() == ["True", "60"], kept.stderr  # a kept connection is checked before reuse
