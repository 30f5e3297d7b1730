"""End to end through a real SMTP server (aiosmtpd on a free local port): a pairing published
in a committed transaction arrives as a message to the player, with the right subject."""

import email
import socket

import pytest
from aiosmtpd.controller import Controller
from django.db import transaction

from tournament.services.rounds import round_publish

from .world import build


class Inbox:
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


@pytest.mark.django_db(transaction=True)
def test_a_published_pairing_arrives_by_smtp(smtp_server):
    world = build(players=2, publish=False)
    with transaction.atomic():
        round_ = round_publish(stage=world.event.stages.get(), by=world.owner)
    assert len(smtp_server.messages) == 2
    by_address = {rcpt[0]: message for rcpt, message in smtp_server.messages}
    assert set(by_address) == {p.email for p in world.players}
    for person in world.players:
        message = by_address[person.email]
        assert message["To"] == person.email
        assert message["Subject"] == f"Brume: {world.event.name}: pairings of round 1"
        assert message["From"] == "Brume <noreply@brume.example>"
        assert message.is_multipart()
        kinds = [part.get_content_type() for part in message.walk() if not part.is_multipart()]
        assert kinds == ["text/plain", "text/html"]
        text = message.get_payload()[0].get_payload(decode=True).decode()
        match = round_.matches.get(seats__participant__user=person)
        assert f"https://brume.example{match.get_absolute_url()}" in text
