"""Who may see and change webhooks, on the pages and in the API: the owner of an endpoint and the
organisers of its event; anyone else gets a refusal (pages: 403 on the event, 404 on an id) and
changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.tournament.factories import make_event, make_user
from tournament.errors import ServiceError
from webhooks.models import Delivery, Endpoint
from webhooks.services import endpoint_create

OUTSIDERS = ["stranger", "player", "other"]


@pytest.fixture
def hooked(local_delivery, receiver, world):
    """An endpoint on the world's event, registered by its owner, with one delivery."""
    endpoint, _ = endpoint_create(by=world.users["owner"], event=world.event, url=receiver.url)
    delivery = Delivery.objects.create(
        endpoint=endpoint, kind="event_finished", event=world.event, payload={"x": 1}, status="gave_up", attempts=6
    )
    return endpoint, delivery


def _api(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


@pytest.mark.parametrize("actor", OUTSIDERS)
def test_a_non_organiser_cannot_open_register_or_see_deliveries_on_the_page(client, world, hooked, actor):
    endpoint, delivery = hooked
    client.force_login(world.users[actor])
    url = reverse("event-webhooks", args=[world.event.slug])
    page = client.get(url)
    assert page.status_code == 403
    assert str(delivery.uuid) not in page.content.decode()
    posted = client.post(url, {"url": "https://example.org/x", "style": "json", "kinds": ["event_finished"]})
    assert posted.status_code == 403
    for action in ("ping", "rotate", "disable", "delete"):
        assert client.post(f"{url}{endpoint.pk}/{action}/").status_code == 403
    assert client.post(f"{url}deliveries/{delivery.uuid}/redeliver/").status_code == 403
    assert Endpoint.objects.count() == 1
    endpoint.refresh_from_db()
    assert endpoint.active


def test_a_visitor_is_sent_to_sign_in(client, world):
    response = client.get(reverse("event-webhooks", args=[world.event.slug]))
    assert response.status_code == 302 and "login" in response["Location"]


def test_the_owner_adds_a_webhook_and_sees_its_secret_once(client, world, local_delivery, receiver):
    client.force_login(world.users["owner"])
    url = reverse("event-webhooks", args=[world.event.slug])
    response = client.post(
        url, {"name": "club site", "url": receiver.url, "style": "json", "kinds": ["pairings_published"]}
    )
    assert response.status_code == 302 and response["Location"] == url  # a reload registers nothing twice
    endpoint = Endpoint.objects.get()
    assert endpoint.secret not in response["Location"]
    assert endpoint.secret in client.get(url).content.decode()
    assert (endpoint.owner, endpoint.event, endpoint.kinds) == (
        world.users["owner"],
        world.event,
        ["pairings_published"],
    )
    again = client.get(url).content.decode()
    assert "club site" in again and endpoint.secret not in again


def test_an_arbiter_manages_the_owners_event_webhook(client, world, hooked):
    endpoint, delivery = hooked
    client.force_login(world.users["arbiter"])
    url = reverse("event-webhooks", args=[world.event.slug])
    page = client.get(url).content.decode()
    assert str(delivery.uuid) in page and "Redeliver" in page
    rotated = client.post(f"{url}{endpoint.pk}/rotate/", follow=True)
    endpoint.refresh_from_db()
    assert endpoint.secret in rotated.content.decode()
    assert endpoint.secret not in client.get(url).content.decode()
    client.post(f"{url}{endpoint.pk}/disable/")
    endpoint.refresh_from_db()
    assert not endpoint.active


def test_the_page_redelivers_with_a_post(client, world, hooked, receiver, django_capture_on_commit_callbacks):
    _, delivery = hooked
    client.force_login(world.users["owner"])
    url = reverse("event-webhooks", args=[world.event.slug])
    assert client.get(f"{url}deliveries/{delivery.uuid}/redeliver/").status_code == 405
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"{url}deliveries/{delivery.uuid}/redeliver/")
    delivery.refresh_from_db()
    assert delivery.status == "delivered" and delivery.attempts == 7
    assert receiver.requests[-1]["headers"]["Brume-Delivery"] == str(delivery.uuid)


def test_an_endpoint_of_another_event_is_not_found_through_this_one(client, world, hooked):
    endpoint, delivery = hooked
    other_event, other_owner, _ = make_event()
    client.force_login(other_owner)
    url = reverse("event-webhooks", args=[other_event.slug])
    assert client.get(url).status_code == 200
    assert client.post(f"{url}{endpoint.pk}/delete/").status_code == 404
    assert client.post(f"{url}deliveries/{delivery.uuid}/redeliver/").status_code == 404
    assert Endpoint.objects.filter(pk=endpoint.pk).exists()


def test_account_webhooks_are_their_owners_alone(client, world, local_delivery, receiver):
    owner = world.users["owner"]
    mine, _ = endpoint_create(by=owner, url=receiver.url)
    intruder = make_user(organiser=True)
    client.force_login(intruder)
    assert receiver.url not in client.get(reverse("my-webhooks")).content.decode()
    assert client.post(f"{reverse('my-webhooks')}{mine.pk}/delete/").status_code == 404
    assert Endpoint.objects.filter(pk=mine.pk).exists()
    client.force_login(owner)
    assert receiver.url in client.get(reverse("my-webhooks")).content.decode()


def test_a_person_who_organises_nothing_cannot_register_an_account_webhook(client, world, local_delivery, receiver):
    client.force_login(world.users["player"])
    response = client.post(reverse("my-webhooks"), {"url": receiver.url, "style": "json", "kinds": ["ping"]})
    assert response.status_code == 400  # "ping" is no kind to subscribe to
    response = client.post(reverse("my-webhooks"), {"url": receiver.url, "style": "json", "kinds": ["event_finished"]})
    assert response.status_code == 403
    assert not Endpoint.objects.exists()


# --- API -----------------------------------------------------------------------------------


def test_the_api_registers_for_an_organiser_and_shows_the_secret_once(world, local_delivery, receiver):
    api = _api(world.users["arbiter"])
    response = api.post(
        reverse("api-webhook-list"),
        {"event": world.event.slug, "url": receiver.url, "style": "discord", "kinds": ["event_finished"]},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    endpoint = Endpoint.objects.get()
    assert body["secret"] == endpoint.secret and body["scope"] == "event" and body["event"] == world.event.slug
    detail = api.get(response["Location"]).json()
    assert "secret" not in detail and detail["style"] == "discord"
    owner_sees = _api(world.users["owner"]).get(reverse("api-webhook-list")).json()
    assert [e["id"] for e in owner_sees["results"]] == [endpoint.pk]


@pytest.mark.parametrize("actor", OUTSIDERS)
def test_the_api_refuses_a_non_organiser_and_hides_others_endpoints(world, hooked, actor):
    endpoint, delivery = hooked
    api = _api(world.users[actor])
    created = api.post(
        reverse("api-webhook-list"), {"event": world.event.slug, "url": "https://example.org/x"}, format="json"
    )
    assert created.status_code == 403
    assert api.get(reverse("api-webhook-list")).json()["results"] == []
    for name in ("api-webhook-detail", "api-webhook-deliveries"):
        assert api.get(reverse(name, args=[endpoint.pk])).status_code == 404
    assert (
        api.patch(reverse("api-webhook-detail", args=[endpoint.pk]), {"active": False}, format="json").status_code
        == 404
    )
    assert api.delete(reverse("api-webhook-detail", args=[endpoint.pk])).status_code == 404
    assert api.post(reverse("api-webhook-rotate-secret", args=[endpoint.pk])).status_code == 404
    assert api.post(reverse("api-webhook-ping", args=[endpoint.pk])).status_code == 404
    assert api.get(reverse("api-delivery-detail", args=[delivery.uuid])).status_code == 404
    assert api.post(reverse("api-delivery-redeliver", args=[delivery.uuid])).status_code == 404
    endpoint.refresh_from_db()
    assert endpoint.active and Endpoint.objects.count() == 1 and Delivery.objects.count() == 1


def test_the_api_answers_401_to_a_visitor(world, hooked):
    assert _api().get(reverse("api-webhook-list")).status_code == 401
    assert _api().post(reverse("api-webhook-list"), {"url": "https://example.org"}, format="json").status_code == 401


def test_a_private_event_someone_cannot_see_is_not_found(world, hooked):
    world.event.visibility = "private"
    world.event.save()
    response = _api(world.users["stranger"]).post(
        reverse("api-webhook-list"), {"event": world.event.slug, "url": "https://example.org/x"}, format="json"
    )
    assert response.status_code == 404


def test_the_api_log_rotate_ping_and_redeliver(world, hooked, receiver):
    endpoint, delivery = hooked
    api = _api(world.users["owner"])
    log = api.get(reverse("api-webhook-deliveries", args=[endpoint.pk])).json()
    assert [d["id"] for d in log["results"]] == [str(delivery.uuid)]
    detail = api.get(reverse("api-delivery-detail", args=[delivery.uuid])).json()
    assert detail["payload"] == {"x": 1} and detail["attempt_log"] == []
    old = endpoint.secret
    secret = api.post(reverse("api-webhook-rotate-secret", args=[endpoint.pk])).json()["secret"]
    endpoint.refresh_from_db()
    assert secret == endpoint.secret != old
    pinged = api.post(reverse("api-webhook-ping", args=[endpoint.pk]))
    assert pinged.status_code == 202 and pinged.json()["kind"] == "ping"
    again = api.post(reverse("api-webhook-ping", args=[endpoint.pk]))
    assert again.status_code == 400 and "less than 10 seconds" in again.json()["detail"]
    redelivered = api.post(reverse("api-delivery-redeliver", args=[delivery.uuid]))
    assert redelivered.status_code == 202
    newest = api.get(reverse("api-webhook-deliveries", args=[endpoint.pk])).json()["results"]
    assert newest[0]["kind"] == "ping"  # newest first


def test_the_api_rejects_bad_input_and_changes_nothing(world, hooked, settings):
    endpoint, _ = hooked
    settings.BRUME_WEBHOOKS_ALLOW_PRIVATE = False
    api = _api(world.users["owner"])
    for body in (
        {"kinds": ["everything"]},
        {"style": "slack"},
        {"url": "ftp://example.org/"},
        {"kinds": []},
        {"url": "http://169.254.169.254/"},
        {"name": "renamed", "active": False, "kinds": ["nope"]},
    ):
        response = api.patch(reverse("api-webhook-detail", args=[endpoint.pk]), body, format="json")
        assert response.status_code == 400, body
        assert response.json()["detail"]
    before = endpoint.url
    endpoint.refresh_from_db()
    assert endpoint.url == before and endpoint.style == "json"
    assert endpoint.name == "" and endpoint.active  # nothing of a refused change is kept


def test_the_demo_webhook_has_a_log_of_every_status_and_sends_nothing(world, client):
    from webhooks.demo import load_webhooks_demo

    endpoint = load_webhooks_demo(world.event)
    assert load_webhooks_demo(world.event) is None  # once
    assert not endpoint.active
    statuses = set(endpoint.deliveries.values_list("status", flat=True))
    assert statuses == {"delivered", "failed", "gave_up"}
    assert endpoint.deliveries.get(status="gave_up").attempt_log.count() == 6
    retrying = endpoint.deliveries.get(status="failed")
    assert retrying.next_attempt_at == retrying.attempt_log.get(number=2).at + timedelta(minutes=5)
    client.force_login(world.users["owner"])
    page = client.get(reverse("event-webhooks", args=[world.event.slug])).content.decode()
    assert "Club site (demo)" in page and "Enable" in page
    assert "Redeliver" not in page and "Send a test ping" not in page  # a disabled endpoint sends nothing
    assert retrying.next_attempt_at > timezone.now()


def test_a_webhook_name_with_a_right_to_left_override_is_refused(client, world, local_delivery, receiver):
    """Issue 33: an endpoint's name is shown on the webhook pages like any other name."""
    owner = world.users["owner"]
    client.force_login(owner)
    url = reverse("event-webhooks", args=[world.event.slug])
    page = client.post(
        url, {"name": "club\u202esite", "url": receiver.url, "style": "json", "kinds": ["pairings_published"]}
    )
    assert page.status_code == 400 and "U+202E" in page.content.decode()
    api = _api(owner)
    created = api.post(
        reverse("api-webhook-list"),
        {"event": world.event.slug, "url": receiver.url, "name": "club\u202esite"},
        format="json",
    )
    assert created.status_code == 400 and "U+202E" in str(created.json())
    with pytest.raises(ServiceError, match="U\\+202E"):  # the service holds the rule too
        endpoint_create(by=owner, event=world.event, url=receiver.url, name="club\u202esite")
    assert not Endpoint.objects.exists()
    endpoint, _ = endpoint_create(by=owner, event=world.event, url=receiver.url, name="club site")
    changed = api.patch(reverse("api-webhook-detail", args=[endpoint.pk]), {"name": "x\u200by"}, format="json")
    assert changed.status_code == 400 and "U+200B" in str(changed.json())
    endpoint.refresh_from_db()
    assert endpoint.name == "club site"
