"""A real HTTP receiver on 127.0.0.1 (http.server in a thread) and a world with an event."""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.tournament_api.world import build_world

DOCS = Path(__file__).resolve().parents[2] / "docs" / "webhooks.md"


def documented_recipe():
    """The receiver's check exactly as docs/webhooks.md gives it (so the docs cannot rot)."""
    text = DOCS.read_text()
    section = text.split("## Checking a signature", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    namespace: dict = {}
    exec(compile(code, str(DOCS), "exec"), namespace)  # our own docs, not outside input
    return namespace["brume_request_is_genuine"]


class Receiver:
    """Answers each POST with the next status of ``statuses`` (the last one repeats)."""

    def __init__(self):
        self.requests: list[dict] = []
        self.statuses = [200]
        self.answer_body = b"thanks"
        self.extra_headers: dict[str, str] = {}
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def _handler(self):
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                receiver.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                index = min(len(receiver.requests) - 1, len(receiver.statuses) - 1)
                self.send_response(receiver.statuses[index])
                for name, value in receiver.extra_headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(receiver.answer_body)))
                self.end_headers()
                self.wfile.write(receiver.answer_body)

            def log_message(self, *args):
                pass

        return Handler

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def json(self, index: int = -1) -> dict:
        return json.loads(self.requests[index]["body"])


@pytest.fixture
def receiver():
    found = Receiver()
    found.thread.start()
    yield found
    found.server.shutdown()
    found.server.server_close()


@pytest.fixture
def local_delivery(settings):
    """Deliveries may reach 127.0.0.1 (the test receiver); the site calls itself testserver."""
    settings.BRUME_WEBHOOKS_ALLOW_PRIVATE = True
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.BRUME_WEBHOOKS_TIMEOUT = 2.0


@pytest.fixture(autouse=True)
def _game_and_db(misty_nim, db):
    """Webhook tests run on the test game with a database."""


@pytest.fixture
def world():
    return build_world()


@pytest.fixture
def verify():
    return documented_recipe()
