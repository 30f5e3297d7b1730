"""End to end through a real SMTP server (aiosmtpd on a free local port): a pairing published
in a committed transaction arrives as a message to the player, with the right subject."""

import pytest
from django.db import transaction

from tournament.services.rounds import round_publish

from .world import build


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
