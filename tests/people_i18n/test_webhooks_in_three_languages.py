"""The webhook pages and the webhooks API's refusals in French and Dutch; payloads stay English."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import Profile
from accounts.profiles import profile_of
from tests.tournament_api.world import build_world
from webhooks import payloads

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(misty_nim):
    return build_world()


def test_the_event_webhooks_page_in_french(client, world):
    owner = world.users["owner"]
    Profile.objects.filter(pk=profile_of(owner).pk).update(language="fr")
    client.force_login(owner)
    page = client.get(reverse("event-webhooks", args=[world.event.slug])).content.decode()
    assert f"<h1>Webhooks de {world.event.name}</h1>" in page
    assert "Ajouter un webhook" in page and "Journal des envois" in page and "Aucun webhook pour l" in page
    assert "Appariements publiés" in page and "Webhook d&#x27;un salon Discord" in page
    assert "Add a webhook" not in page and "Pairings published" not in page


def test_a_refused_url_is_explained_in_dutch(world):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="nl")
    api.force_authenticate(world.users["arbiter"])
    response = api.post(
        reverse("api-webhook-list"),
        {"event": world.event.slug, "url": "ftp://example.org/hook", "kinds": ["event_finished"]},
        format="json",
    )
    assert response.status_code == 400
    assert "alleen http://- en https://-URL's kunnen webhooks ontvangen, geen ftp://" in str(response.json())


def test_a_non_organiser_is_refused_in_french(world):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="fr")
    api.force_authenticate(world.users["player"])
    response = api.post(
        reverse("api-webhook-list"), {"url": "https://example.org/hook", "kinds": ["event_finished"]}, format="json"
    )
    assert response.status_code == 403
    assert "les webhooks de compte sont réservés aux personnes qui organisent des tournois" in str(response.json())


def test_a_discord_message_stays_english_whatever_the_language(world):
    from django.utils import translation

    with translation.override("fr"):
        message = payloads.discord_payload("ping", None, {})
    assert "Test ping" in str(message) and "Brume can reach this webhook." in str(message)
