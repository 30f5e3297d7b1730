"""Ending the game and the Scoring System: the last Menhir's uncoverer wins; fog tiles are the score."""

import pytest

from games.engines import GameOver
from games.engines.menhirs import ENGINE
from tests.engines.menhirs.helpers import play, position

ELEVEN = ["a2", "b1", "b2", "c3", "c4", "d2", "d3", "d4", "e2", "e3", "g1"]  # only g1 covers a Menhir


def test_the_player_who_uncovers_the_last_menhir_wins_at_once():
    state = play(position(ELEVEN, round=5, seat=1), "g1S")
    assert ENGINE.is_over(state) and ENGINE.to_move(state) is None
    outcome = ENGINE.outcome(state)
    assert outcome.winners == (1,) and outcome.ranks == (2, 1)
    with pytest.raises(GameOver):
        play(state, "g2N")


def test_uncovering_the_last_two_menhirs_in_one_move_wins():
    before = position(["f4", "g2", "g3", "c3"], menhirs=["a1", "a3", "b4", "c1", "e5", "f4", "g3"], round=6)
    assert before.covered.bit_count() == 2
    state = play(before, "f4N")
    assert state.winner == 0 and state.covered == 0


def test_a_win_before_the_clearing_phase_scores_11():
    outcome = ENGINE.outcome(play(position(ELEVEN, round=5, seat=1), "g1S"))
    assert outcome.scores == (0, 11) and [s.tiebreak for s in outcome.seats] == [(0,), (11,)]


def test_a_win_in_the_first_moving_round_scores_21_with_the_bonus():
    layout = {"menhirs": ["a3", "b3", "c2", "c3", "d5", "e1", "e3"], "face_down": []}
    moves = ["d4", "f1", "f2", "f4", "a3SE"]
    plain = play(ENGINE.setup(layout=layout), *moves)
    bonus = play(ENGINE.setup({"first_round_bonus": True}, layout=layout), *moves)
    assert plain.round == bonus.round == 3 and plain.winner == bonus.winner == 0
    assert ENGINE.outcome(plain).scores == (11, 0)
    assert ENGINE.outcome(bonus).scores == (21, 0)


def test_the_bonus_is_only_for_the_first_moving_round():
    state = play(position(ELEVEN, round=4, first_round_bonus=True), "g1S")
    assert ENGINE.outcome(state).scores == (11, 0)


def test_with_5_menhirs_the_bonus_round_is_round_4():
    layout = {"menhirs": ["a2", "b3", "d1", "d4", "d5", "e3", "f2"], "face_down": ["d1", "d5"]}
    moves = ["c1", "c4", "c5", "d1", "g2", "g3", "a2N"]
    state = play(ENGINE.setup({"menhirs": 5, "first_round_bonus": True}, layout=layout), *moves)
    assert state.round == 4 and ENGINE.outcome(state).scores == (21, 0)


def test_a_win_in_the_clearing_phase_scores_the_fog_tiles_left():
    state = play(position(["c3", "e2", "g1"], round=10, seat=1), "g1S")
    assert ENGINE.outcome(state).scores == (0, 3)


def test_the_winning_move_in_the_clearing_phase_takes_no_tile_away():
    from games.engines import IllegalMove

    with pytest.raises(IllegalMove, match="wins at once"):
        play(position(["c3", "e2", "g1"], round=10), "g1Sxc3")


def test_after_12_rounds_with_a_menhir_still_covered_the_game_is_a_draw_scoring_0():
    state = play(position(["c3", "e2", "g1"], round=12, seat=1), "c3Sxe2")
    outcome = ENGINE.outcome(state)
    assert outcome.is_draw and outcome.scores == (0, 0) and "draw" in outcome.reason
    assert ENGINE.outcome(position(["c3", "g1"], round=12, seat=1)) is None
