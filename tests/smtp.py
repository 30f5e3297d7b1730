"""A real SMTP server on a free local port (aiosmtpd), for the tests that follow an email end to
end; the others read Django's outbox."""

from __future__ import annotations

import email
import socket

import pytest
from aiosmtpd.controller import Controller


class Inbox:
    """Every message the server took: (recipients, parsed message); ``raw``: the bytes as they
    arrived, and ``senders``: the envelope's sender of each."""

    def __init__(self):
        self.messages = []
        self.raw = []
        self.senders = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.rcpt_tos, email.message_from_bytes(envelope.content)))
        self.raw.append(envelope.content)
        self.senders.append(envelope.mail_from)
        return "250 OK"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class MailServer:
    """A server on a port of its own that the test starts and stops: stopped, the port is
    closed and a connection to it is refused."""

    def __init__(self):
        self.inbox = Inbox()
        self.port = free_port()
        self._controller = None

    def start(self) -> None:
        if self._controller is None:
            self._controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
            self._controller.start()

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None


def send_by_smtp_to(settings, port: int) -> None:
    settings.BRUME_EMAIL_DELIVERY_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 5
    settings.DEFAULT_FROM_EMAIL = "Brume <noreply@brume.example>"


@pytest.fixture
def smtp_server(settings):
    """The site's email goes by SMTP to a server of the test's own; yields its Inbox."""
    server = MailServer()
    server.start()
    send_by_smtp_to(settings, server.port)
    yield server.inbox
    server.stop()


@pytest.fixture
def stopped_smtp_server(settings):
    """Like ``smtp_server``, but the server is down until the test calls ``start()``; yields the
    MailServer (its ``inbox``)."""
    server = MailServer()
    send_by_smtp_to(settings, server.port)
    yield server
    server.stop()
