"""One signed POST to a checked address: no redirects followed, a short timeout, a capped read.

The standard library's ``http.client`` is enough here and lets the connection go to the address
``webhooks.safety`` checked (HTTPS still verifies the certificate against the URL's host name).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import http.client
import socket
import ssl
import threading
import time
from dataclasses import dataclass

from webhooks.safety import Target

EXCERPT_CHARS = 500
READ_LIMIT = 16 * 1024
USER_AGENT = "Brume-Webhooks/1"


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """``v1=`` and the hex HMAC-SHA256 of ``"{timestamp}.{body}"`` under the endpoint's secret."""
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return "v1=" + mac.hexdigest()


@dataclass(frozen=True)
class Answer:
    status: int | None  # None: no HTTP answer (refused, timed out, TLS failed...)
    excerpt: str
    error: str
    duration_ms: int
    retry_after: int | None = None  # seconds, from a 429 or 503's Retry-After header


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, target: Target, timeout: float):
        super().__init__(target.host, target.port, timeout=timeout)
        self._address = target.address

    def connect(self):
        self.sock = socket.create_connection((self._address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, target: Target, timeout: float):
        super().__init__(target.host, target.port, timeout=timeout, context=ssl.create_default_context())
        self._address = target.address

    def connect(self):
        sock = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def _cut_off(connection: http.client.HTTPConnection, fired: threading.Event) -> None:
    """The whole exchange took too long (a receiver trickling its answer): drop the connection,
    which ends the read blocked on it (what was read so far does not count as an answer)."""
    fired.set()
    sock = connection.sock
    if sock is not None:
        with contextlib.suppress(OSError):  # already closed: nothing left to cut
            sock.shutdown(socket.SHUT_RDWR)


def post(target: Target, body: bytes, headers: dict[str, str], *, timeout: float) -> Answer:
    """``timeout`` bounds the connection and each read; the whole exchange gets three times it."""
    connection = (_PinnedHTTPS if target.scheme == "https" else _PinnedHTTP)(target, timeout)
    started = time.monotonic()
    fired = threading.Event()
    watchdog = threading.Timer(timeout * 3, _cut_off, args=[connection, fired])
    watchdog.daemon = True
    watchdog.start()
    try:
        connection.request(
            "POST",
            target.path,
            body=body,
            headers={"Content-Type": "application/json", "User-Agent": USER_AGENT, **headers},
        )
        response = connection.getresponse()
        text = response.read(READ_LIMIT).decode("utf-8", errors="replace")
        wait = (response.getheader("Retry-After") or "").strip()
        retry_after = int(wait) if wait.isdigit() and len(wait) < 7 else None
        if fired.is_set():
            return Answer(None, "", f"TimeoutError: no whole answer within {timeout * 3:g} s", _ms(started))
        return Answer(response.status, text[:EXCERPT_CHARS], "", _ms(started), retry_after)
    except (OSError, http.client.HTTPException) as exc:
        if fired.is_set():
            return Answer(None, "", f"TimeoutError: no whole answer within {timeout * 3:g} s", _ms(started))
        return Answer(None, "", (f"{type(exc).__name__}: {exc}")[:EXCERPT_CHARS], _ms(started))
    finally:
        watchdog.cancel()
        connection.close()


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)
