"""The Round Marker: at most 12 rounds, player 1 then player 2; placing fog, then moving it."""

import pytest

from games.engines import IllegalMove
from games.engines.menhirs import ENGINE
from games.engines.menhirs.rules import Place, Slide
from tests.engines.menhirs.helpers import fog, play

LAYOUT = {"menhirs": ["a1", "a3", "b4", "c1", "e5", "f4", "g1"], "face_down": []}


def test_each_round_player_1_plays_then_player_2():
    state = ENGINE.setup(layout=LAYOUT)
    seats = []
    for _ply in range(6):
        seats.append(ENGINE.to_move(state))
        state = ENGINE.play(state, ENGINE.legal_moves(state)[0])
    assert seats == [0, 1, 0, 1, 0, 1]


def test_in_rounds_1_and_2_each_player_places_one_remaining_fog_tile_per_turn():
    state = ENGINE.setup(layout=LAYOUT)
    moves = ENGINE.legal_moves(state)
    assert all(isinstance(move, Place) for move in moves) and len(moves) == 30 - 7
    state = play(state, "d3", "e2", "c3", "b2")
    assert state.supply == 0 and len(fog(state)) == 11
    assert all(isinstance(move, Slide) for move in ENGINE.legal_moves(state))


def test_fog_is_placed_only_on_a_hex_without_fog():
    state = ENGINE.setup(layout=LAYOUT)
    with pytest.raises(IllegalMove, match="a1 already holds fog"):
        play(state, "a1")


def test_fog_cannot_be_moved_in_the_placement_rounds():
    with pytest.raises(IllegalMove, match="moving starts in round 3"):
        play(ENGINE.setup(layout=LAYOUT), "a1S")


def test_moving_starts_in_round_3_and_no_fog_is_placed_then():
    state = play(ENGINE.setup(layout=LAYOUT), "d3", "e2", "c3", "b2")
    assert state.round == 3
    with pytest.raises(IllegalMove, match="placed only in rounds 1 to 2"):
        play(state, "d5")


def test_with_5_menhirs_fog_is_placed_in_rounds_1_to_3_and_moving_starts_in_round_4():
    layout = {"menhirs": ["a2", "b3", "d1", "d4", "d5", "e3", "f2"], "face_down": ["d1", "d5"]}
    state = ENGINE.setup({"menhirs": 5}, layout=layout)
    state = play(state, "c1", "c4", "c5", "d1", "g2")
    assert state.round == 3 and all(isinstance(m, Place) for m in ENGINE.legal_moves(state))
    state = play(state, "g3")
    assert state.round == 4 and state.supply == 0 and len(fog(state)) == 11
    assert all(isinstance(m, Slide) for m in ENGINE.legal_moves(state))


def test_the_game_lasts_at_most_12_rounds():
    from tests.engines.menhirs.helpers import position

    state = position(["c3", "g1"], round=12, seat=1)
    state = play(state, "c3Sxc4")
    assert ENGINE.is_over(state) and ENGINE.legal_moves(state) == []
