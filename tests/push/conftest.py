"""A real uvicorn serving the project's ASGI application, in a thread, on the tests' database."""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass

import pytest


@dataclass
class Server:
    host: str
    port: int

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"


@pytest.fixture
def asgi_server(transactional_db):
    import uvicorn
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from config.asgi import application as site

    application = ASGIStaticFilesHandler(site)  # as Django's live server does: tests run with DEBUG off

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(
        application, log_level="warning", lifespan="off", proxy_headers=False, server_header=False, http="h11"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    yield Server("127.0.0.1", sock.getsockname()[1])
    server.should_exit = True
    thread.join(10)
    sock.close()


def session_cookie(client, user) -> dict[str, str]:
    """The Cookie header of ``user`` signed in (for a stream opened outside Django's client)."""
    client.force_login(user)
    return {"Cookie": f"sessionid={client.cookies['sessionid'].value}"}
