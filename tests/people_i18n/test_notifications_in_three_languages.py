"""Notifications are composed in each recipient's language, the digest email too (whatever the
language of the request that caused them); the pages speak the reader's language."""

from __future__ import annotations

import pytest
from django.core import mail
from django.utils import translation
from rest_framework.test import APIClient

from accounts.models import Profile
from accounts.profiles import profile_of
from notifications.models import Kind
from tests.notifications.world import build, rows
from tournament.services.rounds import round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _game(misty_nim):
    return misty_nim


def speaking(user, language: str):
    Profile.objects.filter(pk=profile_of(user).pk).update(language=language)
    return user


def publish_in_english(world, django_capture_on_commit_callbacks):
    """The organiser publishes from an English page: each player is told in their own language."""
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        world.round_ = round_publish(stage=world.event.stages.get(), by=world.owner)


def test_each_player_is_told_of_the_pairings_in_their_own_language(django_capture_on_commit_callbacks):
    world = build(players=3, publish=False)
    french, dutch, english = world.players
    speaking(french, "fr"), speaking(dutch, "nl")
    publish_in_english(world, django_capture_on_commit_callbacks)

    assert rows(french, Kind.PAIRINGS_PUBLISHED).get().title == f"{world.event.name}\u00a0: appariements, ronde 1"
    assert rows(dutch, Kind.PAIRINGS_PUBLISHED).get().title == f"{world.event.name}: indeling van ronde 1"
    assert rows(english, Kind.PAIRINGS_PUBLISHED).get().title == f"{world.event.name}: pairings of round 1"
    bodies = {person: rows(person, Kind.PAIRINGS_PUBLISHED).get().body for person in world.players}
    assert bodies[french].startswith(("Vous jouez contre", "Vous êtes exempt"))
    assert bodies[dutch].startswith(("Je speelt tegen", "Je hebt een bye"))
    assert bodies[english].startswith(("You play", "You have a bye"))


def test_a_dutch_profile_gets_a_dutch_digest_while_the_request_is_english(django_capture_on_commit_callbacks):
    world = build(players=2, publish=False)
    dutch = speaking(world.players[0], "nl")
    publish_in_english(world, django_capture_on_commit_callbacks)

    sent = {message.to[0]: message for message in mail.outbox}
    message = sent[dutch.email]
    assert message.subject == f"Brume: {world.event.name}: indeling van ronde 1"
    assert message.body.startswith(f"Hallo {dutch.username},")
    assert "Je meldingen: https://brume.example/me/notifications/" in message.body
    assert "Kiezen wat je per e-mail krijgt: https://brume.example/me/notifications/preferences/" in message.body
    assert "Je speelt tegen" in message.body and "Hello" not in message.body
    html, _ = message.alternatives[0]
    assert '<html lang="nl">' in html and "Je meldingen</a>" in html

    english = sent[world.players[1].email]
    assert english.body.startswith("Hello ") and english.subject.endswith("pairings of round 1")


def test_the_notifications_list_in_french(client, django_capture_on_commit_callbacks):
    world = build(players=2, publish=False)
    french = speaking(world.players[0], "fr")
    publish_in_english(world, django_capture_on_commit_callbacks)
    client.force_login(french)
    page = client.get("/me/notifications/").content.decode()
    assert "<h1>Notifications</h1>" in page
    assert "Tout marquer comme lu" in page and "Marquer comme lue" in page
    assert "Appariements publiés" in page  # the kind's label, read in the reader's language
    assert "appariements, ronde 1" in page and ">Nouveau</strong>" in page
    assert "Mark all read" not in page and "Pairings published" not in page

    response = client.post("/me/notifications/read-all/", follow=True)
    assert "1 notification marquée comme lue." in response.content.decode()


def test_the_preferences_page_in_dutch(client):
    world = build(players=2, publish=False)
    dutch = speaking(world.players[0], "nl")
    client.force_login(dutch)
    page = client.get("/me/notifications/preferences/").content.decode()
    assert "<h1>Waarover je bericht krijgt, en hoe</h1>" in page
    assert "Indeling gepubliceerd" in page and 'aria-label="Indeling gepubliceerd per e-mail"' in page
    response = client.post("/me/notifications/preferences/", {"pairings_published:site": "on"}, follow=True)
    assert "Je meldingskeuzes zijn opgeslagen." in response.content.decode()


def test_the_notifications_api_labels_and_errors_follow_the_callers_language():
    world = build(players=2, publish=False)
    api = APIClient(HTTP_ACCEPT_LANGUAGE="fr")
    api.force_authenticate(world.players[0])
    labels = api.get("/api/v1/me/notifications/preferences/").json()
    assert labels["pairings_published"]["label"] == "Appariements publiés"
    refused = api.patch("/api/v1/me/notifications/preferences/", {"pairings_published": {"site": "yes"}}, format="json")
    assert refused.status_code == 400
    assert refused.json()["fields"]["pairings_published"] == ["site\u00a0: indiquez true ou false"]
