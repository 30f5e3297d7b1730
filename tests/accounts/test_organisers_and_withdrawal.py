"""Who may create events (BRUME_ORGANISERS), and players withdrawing themselves."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from rest_framework.test import APIClient

from tests.tournament.factories import make_event, make_user
from tournament.errors import NotAllowed, ServiceError
from tournament.models import Event, Participant
from tournament.permissions import can_create_event
from tournament.services.events import event_create, event_set_status
from tournament.services.registration import participant_register, participant_withdraw, participant_withdraw_self

pytestmark = pytest.mark.django_db


def verified_user(name: str, verified: bool = True):
    user = make_user(name)
    EmailAddress.objects.create(user=user, email=f"{name}@example.org", verified=verified, primary=True)
    return user


def test_by_default_only_staff_create_events(settings, misty_nim):
    assert settings.BRUME_ORGANISERS == "staff"
    with pytest.raises(NotAllowed, match="ask the site's staff"):
        event_create(owner=verified_user("vera"), name="Vera's cup", game="misty-nim")
    assert event_create(owner=make_user("staff", organiser=True), name="Staff cup", game="misty-nim").pk


def test_with_verified_organisers_anyone_with_a_verified_email_creates_events(settings, misty_nim, client):
    settings.BRUME_ORGANISERS = "verified"
    vera = verified_user("vera")
    event = event_create(owner=vera, name="Vera's cup", game="misty-nim")
    assert event.owner == vera
    client.force_login(vera)
    assert client.get("/events/new/").status_code == 200


def test_with_verified_organisers_an_unverified_or_email_less_person_still_cannot(settings, misty_nim, client):
    settings.BRUME_ORGANISERS = "verified"
    for person in (verified_user("uma", verified=False), make_user("nomail")):
        assert not can_create_event(person)
        with pytest.raises(NotAllowed, match="confirm your email address first"):  # says what to do
            event_create(owner=person, name="Nope", game="misty-nim")
        client.force_login(person)
        assert client.get("/events/new/").status_code in (302, 403)
    assert not Event.objects.filter(name="Nope").exists()


def test_staff_still_create_events_with_verified_organisers(settings, misty_nim):
    settings.BRUME_ORGANISERS = "verified"
    assert can_create_event(make_user("staff", organiser=True))


@pytest.fixture
def open_event(misty_nim):
    event, owner, _ = make_event(players=0, start=False)
    assert event.status == Event.Status.REGISTRATION
    return event, owner


def test_a_player_withdraws_themself_while_registration_is_open(open_event, client):
    event, _ = open_event
    player = make_user("pia")
    participant_register(event=event, user=player)
    client.force_login(player)
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Withdraw my registration" in page
    mine = event.participants.get(user=player)
    response = client.post(f"/events/{event.slug}/participants/{mine.pk}/withdraw/")
    assert response.status_code == 302
    assert not event.participants.filter(user=player).exists()


def test_the_api_withdraws_the_caller_while_registration_is_open(open_event):
    event, _ = open_event
    player = make_user("pia")
    registration = participant_register(event=event, user=player)
    api = APIClient()
    api.force_authenticate(player)
    response = api.post(f"/api/v1/events/{event.slug}/participants/me/withdraw/")
    assert response.status_code == 200
    assert response.json()["id"] == registration.pk and response.json()["removed"] is True
    again = api.post(f"/api/v1/events/{event.slug}/participants/me/withdraw/")
    assert again.status_code == 400 and again.json()["error"] == "not_registered"


def test_after_registration_closes_a_player_is_refused_with_a_clear_message(open_event, client):
    event, owner = open_event
    player, other = make_user("pia"), make_user("olaf")
    mine = participant_register(event=event, user=player)
    participant_register(event=event, user=other)
    event_set_status(event=event, by=owner, status=Event.Status.RUNNING)

    with pytest.raises(ServiceError, match="ask an organiser of the event to withdraw you"):
        participant_withdraw_self(event=event, user=player)
    api = APIClient()
    api.force_authenticate(player)
    response = api.post(f"/api/v1/events/{event.slug}/participants/me/withdraw/")
    assert response.status_code == 400 and response.json()["error"] == "registration_closed"
    assert api.post(f"/api/v1/events/{event.slug}/participants/{mine.pk}/withdraw/").status_code == 400
    client.force_login(player)
    assert "Withdraw my registration" not in client.get(event.get_absolute_url()).content.decode()
    page = client.post(f"/events/{event.slug}/participants/{mine.pk}/withdraw/", follow=True).content.decode()
    assert "ask an organiser" in page
    mine.refresh_from_db()
    assert mine.status == Participant.Status.ACTIVE
    assert participant_withdraw(participant=mine, by=owner).status == Participant.Status.WITHDRAWN  # the organiser can


def test_nobody_withdraws_someone_else(open_event):
    event, _ = open_event
    player, intruder = make_user("pia"), make_user("ivan")
    registration = participant_register(event=event, user=player)
    api = APIClient()
    api.force_authenticate(intruder)
    response = api.post(f"/api/v1/events/{event.slug}/participants/{registration.pk}/withdraw/")
    assert response.status_code == 403
    assert Participant.objects.filter(pk=registration.pk).exists()
    assert APIClient().post(f"/api/v1/events/{event.slug}/participants/me/withdraw/").status_code == 401
