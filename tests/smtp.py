"""A real SMTP server on a free local port (aiosmtpd), for the tests that follow an email end to
end; the others read Django's outbox."""

from __future__ import annotations

import email
import socket

import pytest
from aiosmtpd.controller import Controller


class Inbox:
    """Every message the server took: (recipients, parsed message)."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.rcpt_tos, email.message_from_bytes(envelope.content)))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp_server(settings):
    """The site's email goes by SMTP to a server of the test's own; yields its Inbox."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.DEFAULT_FROM_EMAIL = "Brume <noreply@brume.example>"
    yield inbox
    controller.stop()
