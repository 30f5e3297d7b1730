"""CSV exports and calendar feeds through the API."""

from __future__ import annotations

import csv
import datetime
import io

import pytest

from tests.tournament.factories import make_event, make_user
from tournament.models import Event, Participant
from tournament.services.results import game_confirm, game_decide, game_report
from tournament.services.rounds import round_publish

from .world import build_world


def rows(response) -> list[dict]:
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"].startswith("attachment; filename=")
    text = response.content.decode()
    assert text.endswith("\r\n") and "\n" not in text.replace("\r\n", "")
    return list(csv.DictReader(io.StringIO(text, newline="")))


def settle(match, winner_seat: int = 0):
    """Seat ``winner_seat`` wins game 1; the loser reports it and the winner confirms."""
    seats = list(match.seats.order_by("seat"))
    ranks = [1 if seat.seat == winner_seat else 2 for seat in seats]
    loser = next(seat for seat in seats if seat.seat != winner_seat).participant.user
    winner = seats[winner_seat].participant.user
    game_confirm(game=game_report(game=match.games.get(), by=loser, ranks=ranks), by=winner)


@pytest.fixture
def five():
    """Five players, round 1 published: two tables and a bye."""
    event, owner, _people = make_event(players=5)
    round_ = round_publish(stage=event.stages.get(), by=owner, number=1)
    return event, owner, round_


def test_pairings_csv_has_one_row_per_table_and_the_bye(api, five):
    event, _, round_ = five
    data = rows(api.get(f"/api/v1/events/{event.slug}/stages/1/rounds/1/pairings.csv"))
    assert [row["table"] for row in data] == ["1", "2", "3"]
    first = round_.matches.get(table=1)
    names = [seat.participant.name for seat in first.seats.order_by("seat")]
    assert (data[0]["player_1"], data[0]["player_2"], data[0]["status"]) == (*names, "pending")
    assert (data[2]["label"], data[2]["status"], data[2]["player_2"]) == ("bye", "bye", "")


def test_pairings_csv_shows_the_games_won_once_a_match_completes(api, five):
    event, _, round_ = five
    settle(round_.matches.get(table=1), winner_seat=1)
    data = rows(api.get(f"/api/v1/events/{event.slug}/stages/1/rounds/1/pairings.csv"))
    assert (data[0]["status"], data[0]["games_won"]) == ("completed", "0-1")


def test_results_csv_lists_confirmed_games_only_one_row_per_player(api, five):
    event, _owner, round_ = five
    settle(round_.matches.get(table=1))
    pending = round_.matches.get(table=2)
    game_report(game=pending.games.get(), by=pending.seats.get(seat=0).participant.user, ranks=[1, 2])
    data = rows(api.get(f"/api/v1/events/{event.slug}/results.csv"))
    assert len(data) == 2
    assert [(row["table"], row["seat"], row["rank"], row["decided_by"]) for row in data] == [
        ("1", "1", "1", "confirm"),
        ("1", "2", "2", "confirm"),
    ]


def test_results_csv_says_when_an_organiser_decided(api, five):
    event, owner, round_ = five
    match = round_.matches.get(table=1)
    game_decide(game=match.games.get(), by=owner, ranks=[2, 1], scores=[0, 4], reason="forfeit")
    data = rows(api.get(f"/api/v1/events/{event.slug}/results.csv"))
    assert [(row["rank"], row["score"], row["decided_by"]) for row in data] == [
        ("2", "0", "correct"),
        ("1", "4", "correct"),
    ]


def test_standings_csv_sums_match_points_and_ties_share_a_rank(api, five):
    event, _, round_ = five
    settle(round_.matches.get(table=1))
    settle(round_.matches.get(table=2))
    data = rows(api.get(f"/api/v1/events/{event.slug}/stages/1/standings.csv"))
    assert len(data) == 5
    assert [row["rank"] for row in data] == ["1", "1", "1", "4", "4"]  # two winners and the bye, two losers
    assert sorted(row["match_points"] for row in data) == ["0", "0", "1", "1", "1"]
    bye = next(row for row in data if row["byes"] == "1")
    assert (bye["played"], bye["total"]) == ("0", "1")
    winners = [row for row in data if row["wins"] == "1"]
    assert len(winners) == 2 and all(row["games_won"] == "1" for row in winners)


def test_standings_add_the_points_granted_to_a_late_entrant(api, five):
    event, _owner, _ = five
    late = Participant.objects.create(event=event, name="Late", user=make_user(), granted_points="0.5", seed=9)
    data = rows(api.get(f"/api/v1/events/{event.slug}/stages/1/standings.csv"))
    row = next(row for row in data if row["participant_id"] == str(late.pk))
    assert (row["match_points"], row["granted_points"], row["total"]) == ("0", "0.5", "0.5")


def test_names_that_a_spreadsheet_would_run_are_neutralised(api, five):
    event, _, _ = five
    Participant.objects.filter(event=event, seed=1).update(name='=HYPERLINK("http://evil")')
    data = rows(api.get(f"/api/v1/events/{event.slug}/stages/1/standings.csv"))
    assert '\'=HYPERLINK("http://evil")' in [row["name"] for row in data]


def unfold(text: str) -> list[str]:
    return text.replace("\r\n ", "").split("\r\n")[:-1]


def vevents(text: str) -> list[dict]:
    entries, current = [], None
    for line in unfold(text):
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT":
            entries.append(current)
            current = None
        elif current is not None:
            key, _, value = line.partition(":")
            current[key] = value
    return entries


def calendar(response) -> str:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    return response.content.decode()


def test_the_event_feed_has_one_entry_per_round_planned_ones_tentative(api):
    event, owner, _ = make_event(players=4, stage={"settings": {"rounds": 3}})
    Event.objects.filter(pk=event.pk).update(starts_on=datetime.date(2025, 6, 14), location="Carnac, Morbihan")
    round_publish(stage=event.stages.get(), by=owner, number=1)
    entries = vevents(calendar(api.get(f"/api/v1/events/{event.slug}/calendar.ics")))
    assert [entry["STATUS"] for entry in entries] == ["CONFIRMED", "TENTATIVE", "TENTATIVE"]
    assert all(entry["DTSTART;VALUE=DATE"] == "20250614" for entry in entries)
    assert entries[0]["LOCATION"] == "Carnac\\, Morbihan"
    assert "Table 1: " in entries[0]["DESCRIPTION"] and "\\n" in entries[0]["DESCRIPTION"]
    assert len({entry["UID"] for entry in entries}) == 3
    assert all(entry["UID"].endswith("@testserver") and entry["DTSTAMP"].endswith("Z") for entry in entries)
    assert entries[0]["URL"].startswith("http://testserver/")


def test_an_entry_keeps_its_uid_when_its_round_is_published(api):
    """Calendar apps update an entry by UID: a planned round becomes the published one in place."""
    event, owner, _ = make_event(players=4, stage={"settings": {"rounds": 2}})
    Event.objects.filter(pk=event.pk).update(starts_on=datetime.date(2025, 6, 14))
    before = [e["UID"] for e in vevents(calendar(api.get(f"/api/v1/events/{event.slug}/calendar.ics")))]
    round_publish(stage=event.stages.get(), by=owner, number=1)
    after = [e["UID"] for e in vevents(calendar(api.get(f"/api/v1/events/{event.slug}/calendar.ics")))]
    assert before == after


def test_an_event_without_a_start_date_has_an_empty_feed(api, world):
    text = calendar(api.get(world.event_url("api-event-calendar")))
    assert vevents(text) == [] and text.startswith("BEGIN:VCALENDAR\r\n")


def test_the_player_feed_lists_their_matches_in_events_the_caller_may_see(api):
    public = build_world()
    hidden = build_world(visibility=Event.Visibility.PRIVATE)
    Event.objects.update(starts_on=datetime.date(2025, 6, 14))
    # One person playing in both events.
    person = public.users["player"]
    hidden.match.seats.filter(seat=0).update(participant=_enter(hidden.event, person))
    url = f"/api/v1/players/{person.username}/calendar.ics"
    seen_by_anyone = vevents(calendar(api.get(url)))
    assert [entry["UID"] for entry in seen_by_anyone] == [f"brume-match-{public.match.pk}@testserver"]
    opponent = public.match.seats.get(seat=1).participant.name
    assert seen_by_anyone[0]["SUMMARY"] == f"{public.event.name} — round 1: vs {opponent}"
    api.force_login(person)
    assert len(vevents(calendar(api.get(url)))) == 2


def _enter(event, user) -> Participant:
    return Participant.objects.create(event=event, user=user, name=user.username, seed=99)


def test_the_feed_of_an_unknown_player_is_a_404(api):
    response = api.get("/api/v1/players/nobody/calendar.ics")
    assert response.status_code == 404 and b"not_found" in response.content


def test_exports_follow_the_event_visibility(api):
    world = build_world(visibility=Event.Visibility.PRIVATE)
    assert api.get(world.event_url("api-event-results-csv")).status_code == 404
    api.force_login(world.users["other"])
    assert api.get(world.event_url("api-event-results-csv")).status_code == 200


def test_a_calendar_client_asking_for_text_calendar_gets_it(api, world):
    response = api.get(world.event_url("api-event-calendar"), HTTP_ACCEPT="text/calendar")
    assert response.status_code == 200


def test_standings_csv_ranks_and_counts_as_the_standings_page(api):
    """The CSV once ranked by match points alone (1, 1, 3, 3) and counted a drawn game as half a
    win; it now gives the page's ranks, order and figures."""
    from ranking.selectors import stage_standings

    event, owner, _ = make_event(
        players=4, stage={"format": "swiss", "tiebreaks": ["match_points", "game_wins", "lots"]}
    )
    round_ = round_publish(stage=event.stages.get(), by=owner, number=1)
    settle(round_.matches.get(table=1))
    drawn = round_.matches.get(table=2)
    seats = list(drawn.seats.order_by("seat"))
    game = game_report(game=drawn.games.get(), by=seats[0].participant.user, ranks=[1, 1])
    game_confirm(game=game, by=seats[1].participant.user)
    page = stage_standings(event.stages.get())
    data = rows(api.get(f"/api/v1/events/{event.slug}/stages/1/standings.csv"))
    assert [row["rank"] for row in data] == [str(row.rank) for row in page] == ["1", "2", "3", "4"]
    assert [row["name"] for row in data] == [row.participant.name for row in page]
    drew = {seat.participant.name for seat in seats}
    assert {row["games_won"] for row in data if row["name"] in drew} == {"0"}
    assert [row["tiebreak_game_wins"] for row in data] == [row.cells[1].shown for row in page]
