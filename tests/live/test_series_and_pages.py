"""Live games of an event: the result of a game ended off the board goes to the match, an abort
gives the game back, stage clocks reach the live game, and the page serves actions, the move
list, earlier boards and spectators, refusing forged requests."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.gamelog import ClaimedResult, GameLog, Seat
from games.live import live_play, live_view
from games.live_actions import live_abort, live_resign
from games.models import GameRecord, LiveGame
from tests.tournament.factories import make_event, make_user
from tournament.errors import ServiceError
from tournament.models import SeriesGame
from tournament.services.logs import game_attach_log, game_play_online, log_effect
from tournament.services.rounds import round_publish
from tournament.services.stages import stage_update

pytestmark = pytest.mark.django_db


def carnac_match(stage=None):
    event, owner, _ = make_event(game="carnac", players=2, stage=stage, options={"board": "small"})
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    first, second = (match.seats.get(seat=i).participant.user for i in (0, 1))
    return event, owner, game, first, second


def test_a_resignation_in_a_series_game_confirms_the_result(django_capture_on_commit_callbacks):
    _event, _owner, game, first, _second = carnac_match()
    with django_capture_on_commit_callbacks(execute=True):
        live = game_play_online(game=game, by=first)
        live_resign(live_id=live.pk, seat=0, expected_version=0)
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.CONFIRMED and game.ranks == [2, 1]
    assert "ended by resignation" in log_effect(game)


def test_an_aborted_game_goes_back_to_waiting_and_can_start_again(django_capture_on_commit_callbacks):
    _event, _owner, game, first, second = carnac_match()
    with django_capture_on_commit_callbacks(execute=True):
        live = game_play_online(game=game, by=first)
        live_abort(live_id=live.pk, seat=1, expected_version=0)
    game.refresh_from_db()
    assert game.live_id is None and game.status == SeriesGame.Status.AWAITING and game.record_id is None
    with django_capture_on_commit_callbacks(execute=True):
        again = game_play_online(game=game, by=second)
    assert again.pk != live.pk and again.status == LiveGame.Status.PLAYING


def resigned_log(first, second, ranks=(1, 2)):
    return GameLog(
        game="carnac",
        options={"board": "small"},
        seats=(Seat(first.username, f"user:{first.pk}"), Seat(second.username, f"user:{second.pk}")),
        moves=(),
        result=ClaimedResult(ranks=tuple(ranks), termination="resignation"),
    )


@pytest.mark.parametrize("by", ["player", "organiser"])
def test_an_uploaded_log_that_claims_a_resignation_confirms_nothing(by, django_capture_on_commit_callbacks):
    _event, owner, game, first, second = carnac_match()
    with django_capture_on_commit_callbacks(execute=True):
        game_attach_log(game=game, by=first if by == "player" else owner, data=resigned_log(first, second))
    game.refresh_from_db()
    assert game.record.status == GameRecord.Status.VALID  # a valid log ...
    assert game.status == SeriesGame.Status.AWAITING  # ... that decides nothing alone
    assert "decides nothing" in log_effect(game)


def test_a_stage_clock_is_copied_into_the_online_game(django_capture_on_commit_callbacks):
    _event, _owner, game, first, _second = carnac_match(stage={"time_base_minutes": 5, "time_increment_seconds": 3})
    with django_capture_on_commit_callbacks(execute=True):
        live = game_play_online(game=game, by=first)
    assert live.time_control == {"base": 300, "increment": 3} and live.clock_left == [300.0, 300.0]
    state = live_view(live, first)
    assert state.time_control == "5+3" and [c.running for c in state.clocks] == [True, False]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"time_base_minutes": 0}, "minutes per player"),
        ({"time_base_minutes": 5, "time_days_per_move": 1}, "not both"),
        ({"time_increment_seconds": 5}, "needs minutes"),
        ({"time_days_per_move": 31}, "days per move"),
    ],
)
def test_a_stage_clock_out_of_bounds_is_refused(fields, message):
    event, owner, _ = make_event(game="carnac", players=2, start=False)
    with pytest.raises(ServiceError, match=message):
        stage_update(stage=event.stages.get(), by=owner, **fields)


def test_the_stage_form_and_the_api_take_a_correspondence_clock(client):
    event, owner, _ = make_event(game="carnac", players=2, start=False)
    stage = event.stages.get()
    client.force_login(owner)
    url = f"/api/v1/events/{event.slug}/stages/{stage.number}/"
    answer = client.patch(url, {"time_days_per_move": 3}, content_type="application/json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["time_days_per_move"] == 3
    stage.refresh_from_db()
    assert stage.time_days_per_move == 3


def test_the_page_takes_actions_from_seats_only(client, django_capture_on_commit_callbacks):
    _event, _owner, game, first, second = carnac_match()
    with django_capture_on_commit_callbacks(execute=True):
        live = game_play_online(game=game, by=first)
    url = live.get_absolute_url()
    client.force_login(make_user())  # a stranger who may see the event
    assert client.post(url, {"action": "resign", "version": 0}).status_code == 403
    client.force_login(second)
    page = client.post(url, {"action": "explode", "version": 0}, follow=True).content.decode()
    assert "unknown action" in page
    page = client.post(url, {"action": "resign"}, follow=True).content.decode()
    assert "did not say which position" in page
    page = client.post(url, {"action": "resign", "version": 3}, follow=True).content.decode()
    assert "moved on" in page
    live.refresh_from_db()
    assert live.status == LiveGame.Status.PLAYING
    with django_capture_on_commit_callbacks(execute=True):
        page = client.post(url, {"action": "draw_offer", "version": 0}, headers={"HX-Request": "true"})
    assert "Offer a draw" not in page.content.decode()
    client.force_login(first)
    page = client.get(url).content.decode()
    assert "offers a draw" in page and "Accept the draw" in page
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url, {"action": "draw_accept", "version": 0})
    live.refresh_from_db()
    assert live.termination == "agreement"
    assert "drawn by agreement" in client.get(url).content.decode()


def test_the_page_links_back_and_lists_the_moves_with_earlier_boards(client, django_capture_on_commit_callbacks):
    event, _owner, game, first, second = carnac_match()
    with django_capture_on_commit_callbacks(execute=True):
        live = game_play_online(game=game, by=first)
        move = live_view(live, first).moves[0]
        live_play(live_id=live.pk, seat=0, text=move, expected_version=0)
    client.force_login(second)
    page = client.get(live.get_absolute_url()).content.decode()
    assert game.match.get_absolute_url() in page and event.get_absolute_url() in page
    assert f"{move}</a>" in page and 'data-step="previous"' in page
    before = client.get(live.get_absolute_url(), {"ply": 0}, headers={"HX-Request": "true"}).content.decode()
    assert "after move 0" in before and "Back to the game" in before and "Your move." not in before


def test_spectators_watch_and_the_event_page_lists_games_in_progress(client, django_capture_on_commit_callbacks):
    event, _owner, game, first, _second = carnac_match()
    with django_capture_on_commit_callbacks(execute=True):
        live = game_play_online(game=game, by=first)
    client.logout()
    playing = reverse("event-live-games", args=[event.slug])
    assert playing in client.get(reverse("event-detail", args=[event.slug])).content.decode()
    assert live.get_absolute_url() in client.get(playing, headers={"HX-Request": "true"}).content.decode()
    assert live.get_absolute_url() in client.get(playing).content.decode()
    page = client.get(live.get_absolute_url()).content.decode()
    assert "Waiting for" in page and "Resign" not in page and "<svg" in page


def test_the_api_takes_actions_and_refuses_forged_ones(client, django_capture_on_commit_callbacks):
    _event, _owner, game, first, second = carnac_match()
    with django_capture_on_commit_callbacks(execute=True):
        live = game_play_online(game=game, by=first)
    url = reverse("api-live-action", args=[live.public_id])
    assert client.post(url, {"action": "resign", "version": 0}, content_type="application/json").status_code in (
        401,
        403,
    )
    client.force_login(make_user())
    assert client.post(url, {"action": "resign", "version": 0}, content_type="application/json").status_code == 403
    client.force_login(second)
    assert client.post(url, {"action": "nuke", "version": 0}, content_type="application/json").status_code == 400
    assert client.post(url, {"action": "resign"}, content_type="application/json").status_code == 400
    stale = client.post(url, {"action": "resign", "version": 9}, content_type="application/json")
    assert stale.status_code == 409 and "moved on" in stale.json()["detail"]
    state = client.get(reverse("api-live-game", args=[live.public_id])).json()
    assert "resign" in state["actions"] and state["termination"] == ""
    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(url, {"action": "resign", "version": 0}, content_type="application/json")
    assert done.status_code == 200 and done.json()["termination"] == "resignation"
    again = client.post(url, {"action": "abort", "version": 0}, content_type="application/json")
    assert again.status_code == 409 and "over" in again.json()["detail"]
