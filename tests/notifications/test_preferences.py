"""Each person chooses per kind and per channel; the defaults follow the brief."""

import pytest
from django.core import mail

from notifications.models import EMAIL_BY_DEFAULT, Kind, Preference
from notifications.selectors import choices_of
from notifications.services import Message, UnknownKind, notify, preferences_set
from tests.tournament.factories import make_user

from .world import build, rows, with_email

pytestmark = pytest.mark.django_db


def test_defaults_all_on_the_site_and_email_for_the_kinds_that_need_an_answer():
    choices = choices_of(make_user())
    assert all(choice.site for choice in choices.values())
    emailed = {kind for kind, choice in choices.items() if choice.email}
    assert emailed == set(EMAIL_BY_DEFAULT)
    assert {Kind.PAIRINGS_PUBLISHED, Kind.RESULT_REPORTED, Kind.DISPUTE_OPENED, Kind.DISPUTE_RULED} <= emailed
    assert {Kind.DEADLINE_SOON, Kind.EVENT_STARTING} <= emailed
    assert Kind.YOUR_TURN not in emailed and Kind.LOG_VERDICT not in emailed


def test_site_and_email_off_writes_nothing(django_capture_on_commit_callbacks):
    person = with_email(make_user())
    preferences_set(user=person, changes={Kind.PAIRINGS_PUBLISHED: {"site": False, "email": False}})
    with django_capture_on_commit_callbacks(execute=True):
        assert notify(kind=Kind.PAIRINGS_PUBLISHED, key="k", messages=[Message(person.pk, "t")]) == 0
    assert not rows(person).exists() and mail.outbox == []


def test_site_off_email_on_sends_the_email_and_hides_the_row(django_capture_on_commit_callbacks, client):
    person = with_email(make_user())
    preferences_set(user=person, changes={Kind.PAIRINGS_PUBLISHED: {"site": False}})
    with django_capture_on_commit_callbacks(execute=True):
        notify(kind=Kind.PAIRINGS_PUBLISHED, key="k", messages=[Message(person.pk, "Round 1 pairings")])
    assert len(mail.outbox) == 1
    client.force_login(person)
    page = client.get("/me/notifications/").content.decode()
    assert "Round 1 pairings" not in page
    assert client.get("/api/v1/me/notifications/").json()["count"] == 0


def test_email_off_means_no_mail_but_the_site_shows_it(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        world = build(players=2, publish=False)
    quiet, loud = world.players
    preferences_set(user=quiet, changes={Kind.PAIRINGS_PUBLISHED: {"email": False}})
    from tournament.services.rounds import round_publish

    with django_capture_on_commit_callbacks(execute=True):
        round_publish(stage=world.event.stages.get(), by=world.owner)
    assert [m.to for m in mail.outbox] == [[loud.email]]
    assert rows(quiet, Kind.PAIRINGS_PUBLISHED).get().on_site


def test_your_turn_is_not_emailed_by_default_but_can_be(django_capture_on_commit_callbacks):
    person = with_email(make_user())
    with django_capture_on_commit_callbacks(execute=True):
        notify(kind=Kind.YOUR_TURN, key="a", messages=[Message(person.pk, "Your turn")])
    assert mail.outbox == []
    preferences_set(user=person, changes={Kind.YOUR_TURN: {"email": True}})
    with django_capture_on_commit_callbacks(execute=True):
        notify(kind=Kind.YOUR_TURN, key="b", messages=[Message(person.pk, "Your turn")])
    assert len(mail.outbox) == 1


def test_an_unknown_kind_or_channel_changes_nothing():
    person = make_user()
    with pytest.raises(UnknownKind):
        preferences_set(user=person, changes={Kind.YOUR_TURN: {"email": True}, "bogus": {"site": False}})
    with pytest.raises(UnknownKind):
        preferences_set(user=person, changes={Kind.YOUR_TURN: {"sms": True}})
    assert not Preference.objects.exists()


def test_the_choices_page_saves_the_boxes(client):
    person = make_user()
    client.force_login(person)
    page = client.get("/me/notifications/preferences/")
    assert page.status_code == 200 and 'name="your_turn:email"' in page.content.decode()
    # Every box of the form not sent is off: here only pairings stay on, on the site.
    client.post("/me/notifications/preferences/", {"pairings_published:site": "on"})
    choices = choices_of(person)
    assert choices[Kind.PAIRINGS_PUBLISHED].site and not choices[Kind.PAIRINGS_PUBLISHED].email
    assert not choices[Kind.RESULT_REPORTED].site and not choices[Kind.RESULT_REPORTED].email


def test_the_choices_page_needs_a_signed_in_person(client):
    response = client.get("/me/notifications/preferences/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
