"""Silent rounds: a round's results stay with the organisers (and each match's own players)
until the round is over. Attack tests: a player of another table and strangers read every page,
API endpoint and export of the round and find no result in any of them."""

import pytest
from django.urls import reverse

from ranking.services import _counts
from tournament.models import Match, Round, SeriesGame
from tournament.selectors import EventVisibility
from tournament.services.results import game_confirm, game_report
from tournament.silence import HIDDEN

from .world import build_world, client_for

OUTSIDERS = ["anonymous", "stranger", "other"]
INSIDERS = ["player", "opponent", "owner", "arbiter"]


@pytest.fixture
def silent_world():
    """Round 1 of a silent Swiss: match 1 is played and confirmed (``player`` won), match 2 is
    still open, so the round is not over."""
    world = build_world(stage={"format": "swiss", "settings": {"rounds": 3, "silent": True}})
    game = game_report(game=world.game, by=world.users["player"], ranks=[1, 2])
    game_confirm(game=game, by=world.users["opponent"])
    world.match.refresh_from_db()
    assert world.match.status == Match.Status.COMPLETED
    assert world.match.round.status == Round.Status.PUBLISHED
    return world


def _pages(world):
    stage, number = world.stage_number, world.match.round.number
    return [
        world.event.get_absolute_url(),
        reverse("round-detail", args=[world.event.slug, stage, number]),
        world.match.get_absolute_url(),
        reverse("ranking-stage-standings", args=[world.event.slug, stage]),
    ]


def _read(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


@pytest.mark.parametrize("actor", OUTSIDERS)
def test_outsiders_read_every_page_of_a_silent_round_and_see_no_result(client, silent_world, actor):
    if silent_world.users[actor]:
        client.force_login(silent_world.users[actor])
    for url in _pages(silent_world):
        html = _read(client, url)
        assert "tag win" not in html and "1–0" not in html and "1-0" not in html, url
    assert HIDDEN in _read(client, silent_world.match.get_absolute_url())
    standings = _read(client, _pages(silent_world)[3])
    assert "hidden until it is over" in standings


@pytest.mark.parametrize("actor", ["player", "owner"])
def test_the_match_players_and_the_organisers_still_see_the_result(client, silent_world, actor):
    client.force_login(silent_world.users[actor])
    html = _read(client, silent_world.match.get_absolute_url())
    assert HIDDEN not in html and "Result:" in html


def test_the_organisers_see_results_on_the_event_page_while_outsiders_get_another_cached_table(client, silent_world):
    client.force_login(silent_world.users["owner"])
    assert "tag win" in _read(client, silent_world.event.get_absolute_url())
    client.logout()  # the organiser's table was cached first: it must not reach anyone else
    html = _read(client, silent_world.event.get_absolute_url())
    assert "tag win" not in html and HIDDEN in html


@pytest.mark.parametrize("actor", OUTSIDERS)
def test_outsiders_read_every_api_endpoint_and_export_and_see_no_result(api, silent_world, actor):
    world = silent_world
    client = client_for(api, world, actor)
    stage, number = world.stage_number, 1
    refused = (401, 403)  # 401 for the anonymous: signing in might help
    assert client.get(world.event_url("api-match-detail", match_id=world.match.pk)).status_code in refused
    assert client.get(world.game_url()).status_code in refused
    detail = client.get(world.event_url("api-round-detail", number=stage, round_number=number)).json()
    rounds = client.get(world.event_url("api-round-list", number=stage)).json()["results"]
    for round_data in (detail, rounds[0]):
        assert round_data["results_hidden"] is True
        for match in round_data["matches"]:
            assert all(seat["rank"] is None and seat["match_points"] is None for seat in match["seats"])
            assert all(game["ranks"] is None for game in match["games"])
    standings = client.get(world.event_url("api-stage-standings", number=stage)).json()
    assert {row["values"]["match_points"]["shown"] for row in standings["rows"]} == {"0"}
    results_csv = client.get(world.event_url("api-event-results-csv")).content.decode()
    assert results_csv.strip().count("\n") == 0  # the header alone
    pairings = client.get(world.event_url("api-round-pairings-csv", number=stage, round_number=number))
    assert ",completed," not in pairings.content.decode() and ",1-0" not in pairings.content.decode()
    standings_csv = client.get(world.event_url("api-stage-standings-csv", number=stage)).content.decode()
    assert all(line.split(",")[11] == "0" for line in standings_csv.strip().splitlines()[1:])
    assert client.get(world.event_url("api-stage-trf", number=stage)).status_code in refused


@pytest.mark.parametrize("actor", INSIDERS)
def test_insiders_read_the_match_through_the_api(api, silent_world, actor):
    client = client_for(api, silent_world, actor)
    body = client.get(silent_world.event_url("api-match-detail", match_id=silent_world.match.pk)).json()
    assert sorted(seat["rank"] for seat in body["seats"]) == [1, 2]


def test_the_organisers_exports_keep_the_results(api, silent_world):
    client = client_for(api, silent_world, "owner")
    assert client.get(silent_world.event_url("api-event-results-csv")).content.decode().strip().count("\n") == 2
    standings = client.get(silent_world.event_url("api-stage-standings", number=1)).json()
    assert "1" in {row["values"]["match_points"]["shown"] for row in standings["rows"]}


def test_records_and_online_games_of_a_silent_round_stay_closed_and_ratings_wait(silent_world):
    game = silent_world.game
    visibility = EventVisibility()
    for actor, hidden in [("stranger", True), ("other", True), ("player", False), ("owner", False)]:
        games = visibility._games(silent_world.users[actor], listing=False)
        assert games.filter(pk=game.pk).exists() is hidden, actor
    assert _counts(SeriesGame.objects.select_related("match__round__stage__event").get(pk=game.pk)) is False


def test_once_the_round_is_over_everyone_sees_every_result(api, client, silent_world):
    world = silent_world
    other_game = world.other_match.games.get(number=1)
    seats = [seat.participant.user for seat in world.other_match.seats.order_by("seat")]
    game_confirm(game=game_report(game=other_game, by=seats[0], ranks=[2, 1]), by=seats[1])
    assert Round.objects.get(pk=world.match.round_id).status == Round.Status.CLOSED
    assert "tag win" in _read(client, world.event.get_absolute_url())
    assert HIDDEN not in _read(client, world.match.get_absolute_url())
    assert client_for(api, world, "stranger").get(world.game_url()).status_code == 200
    assert _counts(SeriesGame.objects.select_related("match__round__stage__event").get(pk=world.game.pk)) is True


@pytest.mark.parametrize("actor", ["stranger", "other"])
def test_a_forged_htmx_action_on_a_silent_match_does_not_answer_with_its_panel(client, silent_world, actor):
    client.force_login(silent_world.users[actor])
    url = reverse("game-action", args=[silent_world.event.slug, silent_world.game.pk])
    response = client.post(url, {"action": "nothing"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 403 and "won" not in response.content.decode()
