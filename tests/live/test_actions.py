"""Resign, draw offers, abort and time claims: each ends the game (or not) as the rules say,
is refused with a reason when it does not apply, and a game ended this way replays as a record."""

from __future__ import annotations

import pytest

from games.gamelog import jsonform
from games.gamelog.validator import validate
from games.live import LiveMoveRefused, live_play, live_view
from games.live_actions import (
    live_abort,
    live_answer_draw,
    live_claim_time,
    live_offer_draw,
    live_resign,
    losers_last,
)
from games.models import GameRecord, LiveGame
from tests.live.conftest import age_turn, carnac_between

pytestmark = pytest.mark.django_db


def first_move(live, user):
    return live_view(live, user).moves[0]


def test_a_resignation_ends_the_game_and_its_record_replays_as_valid(people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people)
        live = live_play(live_id=live.pk, seat=0, text=first_move(live, people[0]), expected_version=0)
        live = live_resign(live_id=live.pk, seat=1, expected_version=1)
    assert live.status == LiveGame.Status.FINISHED and live.termination == "resignation"
    record = GameRecord.objects.get(pk=live.record_id)
    assert record.log["result"] == {"ranks": [1, 2], "termination": "resignation"}
    assert record.status == GameRecord.Status.VALID and not record.finished
    assert "Player 2 resigned" in live_view(live, people[0]).outcome


def test_a_draw_offered_and_accepted_ends_drawn_by_agreement(people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people)
        live = live_offer_draw(live_id=live.pk, seat=0, expected_version=0)
        assert live.draw_offer == 0 and live.status == LiveGame.Status.PLAYING
        assert live_view(live, people[1]).actions >= {"draw_accept", "draw_decline"}
        assert "draw_accept" not in live_view(live, people[0]).actions
        live = live_answer_draw(live_id=live.pk, seat=1, accept=True, expected_version=0)
    assert live.termination == "agreement"
    assert GameRecord.objects.get(pk=live.record_id).log["result"]["ranks"] == [1, 1]


def test_offering_a_draw_to_someone_who_offered_one_accepts_it(people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people)
        live_offer_draw(live_id=live.pk, seat=1, expected_version=0)
        live = live_offer_draw(live_id=live.pk, seat=0, expected_version=0)
    assert live.status == LiveGame.Status.FINISHED and live.termination == "agreement"


def test_a_declined_offer_or_a_move_takes_the_offer_off_the_table(people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people)
        live_offer_draw(live_id=live.pk, seat=0, expected_version=0)
        live = live_answer_draw(live_id=live.pk, seat=1, accept=False, expected_version=0)
        assert live.draw_offer is None and live.status == LiveGame.Status.PLAYING
        live_offer_draw(live_id=live.pk, seat=1, expected_version=0)
        live = live_play(live_id=live.pk, seat=0, text=first_move(live, people[0]), expected_version=0)
    assert live.draw_offer is None
    with pytest.raises(LiveMoveRefused, match="no draw offer"):
        live_answer_draw(live_id=live.pk, seat=0, accept=True, expected_version=1)


def test_refusals_say_why_and_change_nothing(people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people)
        live_offer_draw(live_id=live.pk, seat=0, expected_version=0)
        with pytest.raises(LiveMoveRefused, match="offered a draw already"):
            live_offer_draw(live_id=live.pk, seat=0, expected_version=0)
        with pytest.raises(LiveMoveRefused, match="no draw offer for you"):
            live_answer_draw(live_id=live.pk, seat=0, accept=True, expected_version=0)
        with pytest.raises(LiveMoveRefused, match="moved on"):
            live_resign(live_id=live.pk, seat=0, expected_version=5)
        with pytest.raises(LiveMoveRefused, match="only the players"):
            live_resign(live_id=live.pk, seat=None, expected_version=0)
        with pytest.raises(LiveMoveRefused, match="only the players"):
            live_resign(live_id=live.pk, seat=7, expected_version=0)
        with pytest.raises(LiveMoveRefused, match="still has time"):
            live_claim_time(live_id=live.pk, seat=0, expected_version=0)  # no clock at all
        live = live_play(live_id=live.pk, seat=0, text=first_move(live, people[0]), expected_version=0)
        with pytest.raises(LiveMoveRefused, match="before its first move"):
            live_abort(live_id=live.pk, seat=1, expected_version=1)
        live_resign(live_id=live.pk, seat=0, expected_version=1)
        for action in (live_resign, live_offer_draw, live_abort):
            with pytest.raises(LiveMoveRefused, match="the game is over"):
                action(live_id=live.pk, seat=1, expected_version=1)
    live.refresh_from_db()
    assert live.termination == "resignation" and len(live.moves) == 1


def test_a_draw_is_only_for_two_player_games(people, django_capture_on_commit_callbacks):
    from games.live import live_create

    seats = [{"name": f"P{i}", "player": f"user:{user.pk}"} for i, user in enumerate(people)]
    seats.append({"name": "P3", "player": "user:999999"})
    with django_capture_on_commit_callbacks(execute=True):
        live = live_create(game="fog", seats=seats, seed=1)
    with pytest.raises(LiveMoveRefused, match="two-player"):
        live_offer_draw(live_id=live.pk, seat=0, expected_version=0)
    with django_capture_on_commit_callbacks(execute=True):
        live = live_resign(live_id=live.pk, seat=1, expected_version=0)
    # In a multiplayer game the resigner is last and the others share the first place.
    assert GameRecord.objects.get(pk=live.record_id).log["result"]["ranks"] == [1, 3, 1]


def test_losers_share_the_last_place():
    assert losers_last(2, {0}) == (2, 1)
    assert losers_last(4, {2}) == (1, 1, 4, 1)
    assert losers_last(1, {0}) == (1,)


def test_an_abort_before_the_first_move_leaves_no_result(people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people)
        live = live_abort(live_id=live.pk, seat=1, expected_version=0)
    assert live.status == LiveGame.Status.ABORTED and live.record_id is None
    with pytest.raises(LiveMoveRefused, match="over"):
        live_play(live_id=live.pk, seat=0, text="a1", expected_version=0)


def test_a_claim_on_time_wins_once_the_opponents_clock_ran_out(people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people, time_control={"base": 60, "increment": 0})
    age_turn(live, 30)
    with pytest.raises(LiveMoveRefused, match="still has time"):
        live_claim_time(live_id=live.pk, seat=1, expected_version=0)
    age_turn(live, 61)
    with pytest.raises(LiveMoveRefused, match="still has time"):
        live_claim_time(live_id=live.pk, seat=0, expected_version=0)  # one cannot claim one's own flag
    assert "claim_time" in live_view(live, people[1]).actions
    with django_capture_on_commit_callbacks(execute=True):
        live = live_claim_time(live_id=live.pk, seat=1, expected_version=0)
    assert live.termination == "timeout"
    assert GameRecord.objects.get(pk=live.record_id).log["result"] == {"ranks": [2, 1], "termination": "timeout"}


@pytest.mark.parametrize(
    ("termination", "ranks", "valid"),
    [
        ("resignation", [2, 1], True),
        ("resignation", [1, 1], False),
        ("timeout", [1, 2], True),
        ("timeout", [2, 2], False),
        ("agreement", [1, 1], True),
        ("agreement", [1, 2], False),
    ],
)
def test_a_log_ended_off_the_board_is_valid_only_with_ranks_that_fit_its_termination(termination, ranks, valid):
    log = jsonform.log_from_dict(
        {
            "brume_log": 1,
            "game": "carnac",
            "options": {"board": "small"},
            "seats": [{"name": "A"}, {"name": "B"}],
            "moves": [],
            "result": {"ranks": ranks, "termination": termination},
        }
    )
    verdict = validate(log)
    assert verdict.valid is valid, verdict.problems


def test_an_ai_opponent_is_not_offered_a_draw(people, django_capture_on_commit_callbacks):
    from games.live import live_create

    seats = [{"name": "Human", "player": f"user:{people[0].pk}"}, {"name": "Bot", "player": "ai:carnac/random"}]
    with django_capture_on_commit_callbacks(execute=True):
        live = live_create(game="carnac", seats=seats, options={"board": "small"}, seed=2)
    assert "draw_offer" not in live_view(live, people[0]).actions
    with pytest.raises(LiveMoveRefused, match="AI opponent"):
        live_offer_draw(live_id=live.pk, seat=0, expected_version=live.version)
