"""A broker that is down, for the tests of what happens then."""

from __future__ import annotations

import socket

import pytest


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def broker_down():
    """The Celery app pointed at a Redis that is not there, tasks sent rather than run here."""
    from config.celery import app
    from tests.integration.conftest import reconnect

    url = f"redis://127.0.0.1:{closed_port()}/0"
    saved = {key: app.conf[key] for key in ("broker_url", "result_backend", "task_always_eager")}
    app.conf.update(broker_url=url, result_backend=url, task_always_eager=False)
    reconnect(app)
    yield app
    app.conf.update(saved)
    reconnect(app)
