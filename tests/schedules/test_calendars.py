"""The calendar feeds: timed entries in UTC, RFC 5545 folding and escaping, visibility."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.tournament.factories import make_user
from tournament.models import Event
from tournament.services.events import event_update
from tournament.services.schedules import round_schedule

from .world import scheduled_round


def parse_ics(text: str) -> list[dict]:
    """A tiny RFC 5545 reader for the tests: checks CRLF and the 75-octet limit, unfolds lines,
    unescapes TEXT, and gives each VEVENT as a dict of property name to (params, value)."""
    assert text.endswith("\r\n")
    raw = text.split("\r\n")[:-1]
    for line in raw:
        assert "\n" not in line and "\r" not in line
        assert len(line.encode("utf-8")) <= 75, line
    lines = []
    for line in raw:
        if line.startswith(" "):
            lines[-1] += line[1:]
        else:
            lines.append(line)
    assert lines[0] == "BEGIN:VCALENDAR" and lines[-1] == "END:VCALENDAR"
    events, current = [], None
    for line in lines:
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT":
            events.append(current)
            current = None
        elif current is not None:
            name_params, _, value = line.partition(":")
            name, *params = name_params.split(";")
            current[name] = (params, value)
    return events


def unescape(value: str) -> str:
    out, chars = [], iter(value)
    for char in chars:
        if char == "\\":
            nxt = next(chars)
            out.append("\n" if nxt in "nN" else nxt)
        else:
            assert char not in ",;", f"unescaped {char!r} in {value!r}"
            out.append(char)
    return "".join(out)


def utc(value: str) -> datetime:
    assert value.endswith("Z")
    return datetime.strptime(value, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)


def test_the_event_feed_has_the_event_start_and_the_round_from_start_to_deadline(client):
    world = scheduled_round()
    start = datetime(2030, 3, 30, 23, 30, tzinfo=UTC)
    event_update(event=world.event, by=world.owner, time_zone="Europe/Paris", starts_at=start)
    round_schedule(round_=world.round, by=world.owner, starts_at=start, report_deadline=start + timedelta(hours=26))
    response = client.get(reverse("event-calendar", args=[world.event.slug]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    entries = parse_ics(response.content.decode())
    by_uid = {entry["UID"][1]: entry for entry in entries}
    event_entry = next(e for uid, e in by_uid.items() if "-start@" in uid)
    assert utc(event_entry["DTSTART"][1]) == start and "DTEND" not in event_entry
    round_entry = next(e for uid, e in by_uid.items() if "-round-1@" in uid)
    assert utc(round_entry["DTSTART"][1]) == start
    assert utc(round_entry["DTEND"][1]) == start + timedelta(hours=26)
    assert "VALUE=DATE" not in round_entry["DTSTART"][0]


def test_names_with_commas_semicolons_and_newlines_are_escaped(client):
    world = scheduled_round()
    event = world.event
    Event.objects.filter(pk=event.pk).update(name="Open, spring; finals", location="Hall A,\nfloor 2")
    round_schedule(round_=world.round, by=world.owner, starts_at=timezone.now(), report_deadline=None)
    entries = parse_ics(client.get(reverse("event-calendar", args=[event.slug])).content.decode())
    round_entry = next(e for e in entries if "-round-1@" in e["UID"][1])
    assert unescape(round_entry["SUMMARY"][1]).startswith("Open, spring; finals — ")
    assert unescape(round_entry["LOCATION"][1]) == "Hall A,\nfloor 2"
    assert round_entry["SUMMARY"][1].startswith("Open\\, spring\\; finals")


def test_a_long_summary_folds_at_75_octets_and_unfolds_back(client):
    world = scheduled_round()
    long_name = "Championnat d'été " * 6  # 107 characters, within the name's 120
    Event.objects.filter(pk=world.event.pk).update(name=long_name.strip())
    round_schedule(round_=world.round, by=world.owner, starts_at=timezone.now(), report_deadline=None)
    text = client.get(reverse("event-calendar", args=[world.event.slug])).content.decode()
    entries = parse_ics(text)  # asserts every physical line is within 75 octets
    assert any(unescape(e["SUMMARY"][1]).startswith(long_name.strip()) for e in entries)


def test_a_private_events_feed_is_404_for_outsiders_and_served_to_its_players(client):
    world = scheduled_round()
    Event.objects.filter(pk=world.event.pk).update(visibility=Event.Visibility.PRIVATE)
    url = reverse("event-calendar", args=[world.event.slug])
    assert client.get(url).status_code == 404
    client.force_login(make_user())
    assert client.get(url).status_code == 404
    client.force_login(world.user(0))
    assert client.get(url).status_code == 200


def test_my_calendar_lists_my_matches_with_their_times_only_for_me(client):
    world = scheduled_round()
    deadline = world.round.report_deadline
    url = reverse("my-calendar")
    anonymous = client.get(url)
    assert anonymous.status_code == 302  # to sign in
    client.force_login(world.user(0))
    entries = parse_ics(client.get(url).content.decode())
    mine = [e for e in entries if e["UID"][1].startswith(f"brume-match-{world.match.pk}@")]
    assert len(mine) == 1
    assert utc(mine[0]["DTEND"][1]) == deadline.replace(microsecond=0)
    assert world.seat(1).name in unescape(mine[0]["SUMMARY"][1])
    client.force_login(make_user())
    assert parse_ics(client.get(url).content.decode()) == []


def test_my_calendar_keeps_a_private_event_of_mine_and_nobody_elses(client):
    world = scheduled_round()
    Event.objects.filter(pk=world.event.pk).update(visibility=Event.Visibility.PRIVATE)
    client.force_login(world.user(1))
    entries = parse_ics(client.get(reverse("my-calendar")).content.decode())
    assert [e["UID"][1].split("@")[0] for e in entries] == [f"brume-match-{world.match.pk}"]


@pytest.mark.parametrize("api", [True, False])
def test_a_round_without_times_on_an_event_without_a_date_gives_no_entry(client, api):
    world = scheduled_round()
    round_schedule(round_=world.round, by=world.owner, starts_at=None, report_deadline=None)
    name = "api-event-calendar" if api else "event-calendar"
    assert parse_ics(client.get(reverse(name, args=[world.event.slug])).content.decode()) == []


def test_the_private_link_serves_my_calendar_without_a_session_and_a_forged_one_is_404(client):
    from tournament.views.calendars import private_token

    world = scheduled_round()
    me, other = world.user(0), world.user(1)
    client.force_login(me)
    page = client.get(reverse("my-matches")).content.decode()
    good = reverse("my-calendar-private", args=[me.pk, private_token(me)])
    assert good in page
    client.logout()
    entries = parse_ics(client.get(good).content.decode())
    assert [e["UID"][1].split("@")[0] for e in entries] == [f"brume-match-{world.match.pk}"]
    assert client.get(reverse("my-calendar-private", args=[other.pk, private_token(me)])).status_code == 404
    assert client.get(reverse("my-calendar-private", args=[me.pk, "0" * 32])).status_code == 404
    me.set_password("a-new-secret")
    me.save()
    assert client.get(good).status_code == 404  # a new password revokes the link
