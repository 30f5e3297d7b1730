"""Stages and rounds through the API: creating and changing stages, previewing a round without
storing it, publishing it exactly once, and closing a stage."""

from __future__ import annotations

import pytest

from tests.tournament.factories import make_event
from tournament.models import Match, Round
from tournament.services.results import game_confirm, game_report


def play_round(round_: Round) -> None:
    """Seat 0 wins every game of the round (reported, then confirmed by the opponent)."""
    for match in round_.matches.filter(is_bye=False):
        first, second = (seat.participant.user for seat in match.seats.order_by("seat"))
        game = game_report(game=match.games.get(), by=first, ranks=[1, 2])
        game_confirm(game=game, by=second)


@pytest.fixture
def running(api):
    """A running event of five players (so every round has a bye), the owner signed in."""
    event, owner, _ = make_event(players=5, stage={"settings": {"rounds": 3}})
    api.force_login(owner)
    return event


def stage_url(event, tail: str = "", number: int = 1) -> str:
    return f"/api/v1/events/{event.slug}/stages/{number}/{tail}"


def test_preview_shows_the_pairing_and_stores_nothing(api, running):
    response = api.post(stage_url(running, "rounds/preview/"))
    assert response.status_code == 200, response.json()
    preview = response.json()
    assert preview["number"] == 1 and preview["format"] == "swiss"
    assert len(preview["tables"]) == 2 and len(preview["byes"]) == 1
    seated = [seat["participant"]["id"] for table in preview["tables"] for seat in table["seats"]]
    assert len(set(seated) | {preview["byes"][0]["participant"]["id"]}) == 5
    assert all(table["explanation"]["summary"] for table in preview["tables"])
    assert not Round.objects.exists()


def test_publish_stores_the_previewed_round(api, running):
    preview = api.post(stage_url(running, "rounds/preview/")).json()
    response = api.post(stage_url(running, "rounds/"), {"number": 1}, format="json")
    assert response.status_code == 201
    published = response.json()
    assert published["number"] == 1 and published["published_by"] == running.owner.username
    assert response["Location"] == stage_url(running, "rounds/1/")
    tables = [[seat["participant"]["id"] for seat in match["seats"]] for match in published["matches"]]
    assert tables[:2] == [[seat["participant"]["id"] for seat in t["seats"]] for t in preview["tables"]]
    assert published["matches"][2]["is_bye"] is True


def test_a_second_publish_of_the_same_round_is_a_conflict_not_a_duplicate(api, running):
    assert api.post(stage_url(running, "rounds/"), {"number": 1}, format="json").status_code == 201
    again = api.post(stage_url(running, "rounds/"), {"number": 1}, format="json")
    assert again.status_code == 409
    assert again.json() == {"error": "already_published", "detail": "round 1 is already published"}
    assert Round.objects.count() == 1 and Match.objects.count() == 3


def test_publishing_needs_the_round_number(api, running):
    response = api.post(stage_url(running, "rounds/"), {}, format="json")
    assert response.status_code == 400 and "number" in response.json()["fields"]


def test_publishing_a_round_ahead_is_refused(api, running):
    response = api.post(stage_url(running, "rounds/"), {"number": 2}, format="json")
    assert response.status_code == 409
    assert not Round.objects.exists()


def test_the_next_round_waits_for_every_result(api, running):
    api.post(stage_url(running, "rounds/"), {"number": 1}, format="json")
    response = api.post(stage_url(running, "rounds/preview/"))
    assert response.status_code == 400
    assert response.json()["detail"] == "round 1 still has 2 matches without a result"
    play_round(Round.objects.get())
    assert api.post(stage_url(running, "rounds/"), {"number": 2}, format="json").status_code == 201


def test_rounds_cannot_be_paired_before_the_event_starts(api):
    event, owner, _ = make_event(players=4, start=False)
    api.force_login(owner)
    response = api.post(stage_url(event, "rounds/preview/"))
    assert response.status_code == 400 and response.json()["detail"] == "start the event before pairing rounds"


def test_rounds_list_their_matches_in_pages(api, running):
    for number in (1, 2):
        api.post(stage_url(running, "rounds/"), {"number": number}, format="json")
        play_round(Round.objects.get(number=number))
    page = api.get(stage_url(running, "rounds/?page_size=1&page=2")).json()
    assert page["count"] == 2
    [second] = page["results"]
    assert second["number"] == 2 and second["status"] == "closed" and len(second["matches"]) == 3
    detail = api.get(stage_url(running, "rounds/2/")).json()
    assert detail["explanation"]["round_number"] == 2
    assert api.get(stage_url(running, "rounds/3/")).status_code == 404


def test_an_organiser_adds_and_changes_a_stage_until_it_starts(api, running):
    response = api.post(
        stage_url(running, number=1).replace("stages/1/", "stages/"),
        {"name": "Final", "format": "single_elimination", "series_length": 3, "advance_count": 2},
        format="json",
    )
    assert response.status_code == 201
    stage = response.json()
    assert (stage["number"], stage["level_series"], stage["status"]) == (2, "higher_seed", "pending")
    changed = api.patch(stage_url(running, number=2), {"series_length": 5, "tiebreaks": []}, format="json")
    assert changed.status_code == 200 and changed.json()["series_length"] == 5
    assert changed.json()["tiebreaks"] == []


def test_a_stage_is_fixed_once_its_first_round_is_published(api, running):
    api.post(stage_url(running, "rounds/"), {"number": 1}, format="json")
    response = api.patch(stage_url(running), {"points_win": "3"}, format="json")
    assert response.status_code == 400 and "fixed once its first round is published" in response.json()["detail"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"series_length": 4}, "odd number"),
        ({"settings": {"colour": "blue"}}, "no setting colour"),
        ({"format": "single_elimination", "settings": {}, "level_series": "draw"}, "cannot end drawn"),
    ],
)
def test_a_bad_stage_change_says_why(api, running, change, words):
    response = api.patch(stage_url(running), change, format="json")
    assert response.status_code == 400 and words in response.json()["detail"]


def test_a_stage_closes_when_every_match_has_its_result(api, running):
    api.post(stage_url(running, "rounds/"), {"number": 1}, format="json")
    refused = api.post(stage_url(running, "close/"))
    assert refused.status_code == 400 and refused.json()["detail"] == "2 matches still wait for results"
    play_round(Round.objects.get())
    closed = api.post(stage_url(running, "close/"))
    assert closed.status_code == 200 and closed.json()["status"] == "closed"
    assert api.post(stage_url(running, "rounds/preview/")).json()["detail"] == "this stage is closed"


def test_an_unknown_stage_is_a_404(api, running):
    assert api.get(stage_url(running, number=9)).status_code == 404
