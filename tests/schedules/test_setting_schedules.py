"""Organisers set times and deadline rules; everyone else is refused, bad input gets a clear error
and changes nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.tournament.factories import make_event, make_user
from tournament.errors import NotAllowed, ServiceError
from tournament.models import Event, Round, Stage
from tournament.services.events import event_update
from tournament.services.schedules import round_schedule
from tournament.services.stages import stage_update

from .world import scheduled_round

# --- time zones -----------------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["Mars/Olympus_Mons", "", "../../etc/passwd", "europe/paris", "UTC+1"])
def test_a_bad_time_zone_is_refused_with_a_clear_error(bad):
    world = scheduled_round()
    with pytest.raises(ServiceError, match="is not a time zone: give an IANA name"):
        event_update(event=world.event, by=world.owner, time_zone=bad)
    assert Event.objects.get(pk=world.event.pk).time_zone == "UTC"


def test_a_bad_time_zone_on_the_api_is_a_400_and_changes_nothing():
    world = scheduled_round()
    api = APIClient()
    api.force_authenticate(world.owner)
    response = api.patch(
        reverse("api-event-detail", args=[world.event.slug]), {"time_zone": "Narnia/Cair_Paravel"}, format="json"
    )
    assert response.status_code == 400
    assert "is not a time zone" in str(response.json())
    assert Event.objects.get(pk=world.event.pk).time_zone == "UTC"


def test_the_api_creates_an_event_with_its_time_zone_and_start_read_in_that_zone(misty_nim):
    owner = make_user("tz-owner", organiser=True)
    api = APIClient()
    api.force_authenticate(owner)
    body = {"name": "Paris Autumn", "game": "misty-nim", "time_zone": "Europe/Paris", "starts_at": "2026-12-05T10:00"}
    response = api.post(reverse("api-event-list"), body, format="json")
    assert response.status_code == 201, response.json()
    event = Event.objects.get(slug=response.json()["slug"])
    assert event.time_zone == "Europe/Paris"
    assert event.starts_at == datetime(2026, 12, 5, 9, 0, tzinfo=UTC)  # 10:00 in Paris is 09:00 UTC


def test_a_bad_time_zone_on_create_is_a_400_and_creates_no_event(misty_nim):
    owner = make_user("tz-owner-2", organiser=True)
    api = APIClient()
    api.force_authenticate(owner)
    body = {"name": "Nowhere Open", "game": "misty-nim", "time_zone": "Narnia/Cair_Paravel"}
    response = api.post(reverse("api-event-list"), body, format="json")
    assert response.status_code == 400
    assert "is not a time zone" in str(response.json())
    assert not Event.objects.filter(name="Nowhere Open").exists()


def test_the_event_form_refuses_a_bad_time_zone(client):
    world = scheduled_round()
    client.force_login(world.owner)
    url = reverse("event-edit", args=[world.event.slug])
    page = client.get(url)
    assert b'<datalist id="time-zones">' in page.content and b'value="Europe/Paris"' in page.content
    data = {"name": world.event.name, "visibility": "public", "time_zone": "Nowhere/Atall", "starts_at": ""}
    response = client.post(url, data)
    assert response.status_code == 200
    assert b"is not a time zone" in response.content
    assert Event.objects.get(pk=world.event.pk).time_zone == "UTC"


def test_the_event_form_reads_the_start_in_the_events_time_zone(client):
    world = scheduled_round()
    client.force_login(world.owner)
    data = {
        "name": world.event.name,
        "visibility": "public",
        "time_zone": "America/New_York",
        "starts_at": "2030-07-04T10:00",
    }
    response = client.post(reverse("event-edit", args=[world.event.slug]), data)
    assert response.status_code == 302
    event = Event.objects.get(pk=world.event.pk)
    assert event.time_zone == "America/New_York"
    assert event.starts_at == datetime(2030, 7, 4, 14, 0, tzinfo=UTC)  # EDT is UTC-4


# --- a round's times ------------------------------------------------------------------------


def test_a_deadline_before_the_start_is_refused():
    world = scheduled_round()
    now = timezone.now()
    with pytest.raises(ServiceError, match="must come after the round's start"):
        round_schedule(round_=world.round, by=world.owner, starts_at=now, report_deadline=now - timedelta(hours=1))
    assert Round.objects.get(pk=world.round.pk).report_deadline == world.deadline


@pytest.mark.parametrize("who", ["stranger", "player"])
def test_only_organisers_set_a_rounds_times(who):
    world = scheduled_round()
    user = make_user() if who == "stranger" else world.user(0)
    with pytest.raises(NotAllowed):
        round_schedule(round_=world.round, by=user, starts_at=None, report_deadline=None)
    assert Round.objects.get(pk=world.round.pk).report_deadline == world.deadline


def test_the_round_form_reads_times_in_the_events_time_zone(client):
    world = scheduled_round()
    event_update(event=world.event, by=world.owner, time_zone="Asia/Tokyo")
    client.force_login(world.owner)
    url = reverse("round-schedule", args=[world.event.slug, world.round.pk])
    response = client.post(url, {"starts_at": "2030-01-10T09:00", "report_deadline": "2030-01-10T21:00"})
    assert response.status_code == 302
    round_ = Round.objects.get(pk=world.round.pk)
    assert round_.starts_at == datetime(2030, 1, 10, 0, 0, tzinfo=UTC)
    assert round_.report_deadline == datetime(2030, 1, 10, 12, 0, tzinfo=UTC)


def test_the_round_form_refuses_a_player_and_a_round_of_another_event(client):
    world = scheduled_round()
    elsewhere = scheduled_round()
    client.force_login(world.user(0))
    url = reverse("round-schedule", args=[world.event.slug, world.round.pk])
    assert client.post(url, {"starts_at": "", "report_deadline": ""}).status_code == 403
    client.force_login(world.owner)
    forged = reverse("round-schedule", args=[world.event.slug, elsewhere.round.pk])
    assert client.post(forged, {"starts_at": "", "report_deadline": ""}).status_code == 404
    assert Round.objects.get(pk=elsewhere.round.pk).report_deadline == elsewhere.deadline


def test_the_round_form_shows_a_clear_error_for_a_bad_date(client):
    world = scheduled_round()
    client.force_login(world.owner)
    url = reverse("round-schedule", args=[world.event.slug, world.round.pk])
    response = client.post(url, {"starts_at": "soon", "report_deadline": ""}, follow=True)
    assert b"Round starts: Enter a valid date/time." in response.content
    assert Round.objects.get(pk=world.round.pk).report_deadline == world.deadline


def test_the_api_sets_a_rounds_times_and_answers_them_in_iso_8601_with_an_offset():
    world = scheduled_round()
    event_update(event=world.event, by=world.owner, time_zone="Europe/Paris")
    api = APIClient()
    api.force_authenticate(world.owner)
    url = reverse("api-round-detail", args=[world.event.slug, 1, 1])
    response = api.patch(url, {"report_deadline": "2030-06-01T18:00"}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["report_deadline"] == "2030-06-01T16:00:00Z"  # 18:00 in Paris (CEST)
    assert body["starts_at"] is not None  # omitted: kept
    response = api.patch(url, {"report_deadline": "2030-06-01T18:00+09:00"}, format="json")
    assert response.json()["report_deadline"] == "2030-06-01T09:00:00Z"


def test_the_api_refuses_a_players_schedule_and_a_deadline_before_the_start():
    world = scheduled_round()
    url = reverse("api-round-detail", args=[world.event.slug, 1, 1])
    api = APIClient()
    api.force_authenticate(world.user(0))
    assert api.patch(url, {"report_deadline": None}, format="json").status_code == 403
    api.force_authenticate(world.owner)
    bad = api.patch(url, {"starts_at": "2030-01-02T10:00Z", "report_deadline": "2030-01-01T10:00Z"}, format="json")
    assert bad.status_code == 400 and "after the round's start" in str(bad.json())
    assert api.patch(url, {"report_deadline": "tomorrow"}, format="json").status_code == 400
    assert Round.objects.get(pk=world.round.pk).report_deadline == world.deadline


def test_publishing_with_times_sets_them_and_a_bad_schedule_publishes_nothing():
    event, owner, _ = make_event(players=4)
    api = APIClient()
    api.force_authenticate(owner)
    url = reverse("api-round-list", args=[event.slug, 1])
    bad = api.post(
        url, {"number": 1, "starts_at": "2030-01-02T10:00Z", "report_deadline": "2030-01-01T10:00Z"}, format="json"
    )
    assert bad.status_code == 400
    assert not Round.objects.filter(stage__event=event).exists()
    good = api.post(url, {"number": 1, "report_deadline": "2030-01-01T10:00Z"}, format="json")
    assert good.status_code == 201
    assert good.json()["report_deadline"] == "2030-01-01T10:00:00Z"


# --- stage deadline settings ----------------------------------------------------------------


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"auto_confirm_hours": 0}, "whole number of hours"),
        ({"auto_confirm_hours": 10_000}, "whole number of hours"),
        ({"at_deadline": "explode"}, "at the deadline: choose one of"),
    ],
)
def test_bad_deadline_settings_are_refused(fields, message):
    event, owner, _ = make_event(players=2, start=False)
    with pytest.raises(ServiceError, match=message):
        stage_update(stage=event.stages.get(), by=owner, **fields)


def test_deadline_settings_may_change_while_the_stage_runs_but_not_its_format():
    world = scheduled_round()
    stage = world.round.stage
    stage_update(stage=stage, by=world.owner, at_deadline=Stage.AtDeadline.FLAG, auto_confirm_hours=12)
    stage.refresh_from_db()
    assert (stage.at_deadline, stage.auto_confirm_hours) == ("flag", 12)
    with pytest.raises(ServiceError, match="fixed once its first round"):
        stage_update(stage=stage, by=world.owner, format=Stage.Format.ROUND_ROBIN, at_deadline="nothing")
    stage.refresh_from_db()
    assert stage.at_deadline == "flag"


def test_the_api_shows_the_stage_and_event_schedule_fields():
    world = scheduled_round(auto_confirm_hours=24, at_deadline=Stage.AtDeadline.FORFEIT_ABSENT)
    body = APIClient().get(reverse("api-event-detail", args=[world.event.slug])).json()
    assert body["time_zone"] == "UTC" and body["starts_at"] is None
    assert body["stages"][0]["auto_confirm_hours"] == 24
    assert body["stages"][0]["at_deadline"] == "forfeit_absent"


# --- pages ----------------------------------------------------------------------------------


def test_round_and_event_pages_show_times_in_the_events_zone_with_relative_text(client):
    world = scheduled_round()
    event_update(event=world.event, by=world.owner, time_zone="Asia/Kolkata")
    deadline = (timezone.now() + timedelta(hours=2, minutes=30)).replace(second=0, microsecond=0)
    round_schedule(round_=world.round, by=world.owner, starts_at=None, report_deadline=deadline)
    local = deadline.astimezone(__import__("zoneinfo").ZoneInfo("Asia/Kolkata"))
    for url in (
        reverse("round-detail", args=[world.event.slug, 1, 1]),
        reverse("event-detail", args=[world.event.slug]),
    ):
        html = client.get(url).content.decode()
        assert f"{local:%H:%M}" in html, url
        assert "(in 2 h)" in html, url
        assert "Asia/Kolkata" in html


def test_organisers_see_flagged_matches_on_the_event_page(client):
    from tournament.services.deadlines import run_deadlines

    world = scheduled_round(at_deadline=Stage.AtDeadline.FLAG)
    run_deadlines(world.deadline)
    client.force_login(world.owner)
    assert b"Past the deadline" in client.get(reverse("event-detail", args=[world.event.slug])).content
    client.force_login(world.user(0))
    assert b"Past the deadline" not in client.get(reverse("event-detail", args=[world.event.slug])).content


def test_the_deadline_settings_page_changes_them_while_the_stage_runs(client):
    world = scheduled_round()
    stage = world.round.stage
    url = reverse("stage-deadlines", args=[world.event.slug, stage.pk])
    client.force_login(world.user(0))
    assert client.post(url, {"at_deadline": "flag"}).status_code == 403
    client.force_login(world.owner)
    assert url in client.get(reverse("event-detail", args=[world.event.slug])).content.decode()
    bad = client.post(url, {"at_deadline": "flag", "auto_confirm_hours": "-3"})
    assert bad.status_code == 200
    assert Stage.objects.get(pk=stage.pk).at_deadline == "nothing"
    assert client.post(url, {"at_deadline": "forfeit_absent", "auto_confirm_hours": "8"}).status_code == 302
    stage.refresh_from_db()
    assert (stage.at_deadline, stage.auto_confirm_hours) == ("forfeit_absent", 8)


def test_the_preview_page_publishes_with_a_schedule_and_a_bad_one_publishes_nothing(client):
    event, owner, _ = make_event(players=4)
    event_update(event=event, by=owner, time_zone="Europe/Lisbon")
    stage = event.stages.get()
    client.force_login(owner)
    url = reverse("round-pair", args=[event.slug, stage.pk])
    assert b'name="report_deadline"' in client.get(url).content
    bad = client.post(url, {"number": "1", "starts_at": "2030-02-01T12:00", "report_deadline": "2030-02-01T11:00"})
    assert bad.status_code == 302
    assert not Round.objects.filter(stage=stage).exists()
    good = client.post(url, {"number": "1", "starts_at": "", "report_deadline": "2030-02-01T11:00"})
    assert good.status_code == 302
    assert Round.objects.get(stage=stage).report_deadline == datetime(2030, 2, 1, 11, 0, tzinfo=UTC)  # WET = UTC


def test_the_preview_page_publishes_without_times_as_before(client):
    event, owner, _ = make_event(players=4)
    client.force_login(owner)
    response = client.post(reverse("round-pair", args=[event.slug, event.stages.get().pk]), {"number": "1"})
    assert response.status_code == 302
    round_ = Round.objects.get(stage__event=event)
    assert round_.starts_at is None and round_.report_deadline is None


def test_a_running_stage_sent_back_whole_with_a_new_deadline_rule_is_accepted():
    """An API client that PATCHes the whole stage body back changes only what differs: the
    deadline rule may change; the same name and points are not a change."""
    world = scheduled_round()
    stage = world.round.stage
    api = APIClient()
    api.force_authenticate(world.owner)
    url = reverse("api-stage-detail", args=[world.event.slug, stage.number])
    body = {"name": stage.name, "points_win": "1.00", "series_length": 1, "at_deadline": "flag"}
    response = api.patch(url, body, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["at_deadline"] == "flag"
    renamed = api.patch(url, {**body, "name": "Renamed"}, format="json")
    assert renamed.status_code == 400
    assert Stage.objects.get(pk=stage.pk).name == stage.name
