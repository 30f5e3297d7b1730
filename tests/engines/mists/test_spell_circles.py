"""The Spell Circles (the rule text in shared/rules), each rule and special case from a real position."""

import pytest

from games.engines.base import NotationError
from games.engines.mists import ENGINE
from games.engines.mists import board as geo
from games.engines.mists.state import CEMETERY
from tests.engines.mists.positions import (
    game,
    ghosts_at,
    hold,
    meeple,
    phase,
    play,
    put,
    texts,
    total_ghosts,
    trapped_at,
)


def test_eloise_guards_seven_ghosts_and_the_rest_wait_in_a_separate_supply():
    state = game(spell=True)
    assert state.cat == "supply" and state.cat_supply == 7 and state.supply == 5 and total_ghosts(state) == 15


def test_the_nine_spell_circle_tiles_are_shuffled_in():
    state = game(spell=True)
    tiles = state.layout["piles"][0]
    assert len(tiles) == 59 and sum(t.startswith("C") for t in tiles) == 9


def test_a_spell_circle_draws_a_ghost_from_a_neighbouring_tile():
    state = play(hold(game(spell=True), "C02"), "1,-1@180")  # next to the north-east quarter (2 ghosts)
    assert trapped_at(state, 1, -1) == 1 and ghosts_at(state, 1, 0) == 1
    assert state.cat_supply == 7 and total_ghosts(state) == 15


def test_the_team_chooses_which_neighbour_a_circle_draws_from():
    state = play(hold(game(spell=True), "C02"), "2,1@270")  # touches both quarters with ghosts
    assert phase(state) == "circle" and sorted(texts(state)) == ["draw:1,0", "draw:1,1"]
    state = play(state, "draw:1,1")
    assert trapped_at(state, 2, 1) == 1 and ghosts_at(state, 1, 1) == 0 and ghosts_at(state, 1, 0) == 2


def test_a_circle_takes_from_eloise_when_no_neighbour_has_a_free_ghost():
    state = play(hold(game(spell=True), "C05"), "-1,0@90")  # far from the start's ghosts
    assert trapped_at(state, -1, 0) == 1 and state.cat_supply == 6


def test_ghosts_already_in_spell_circles_cannot_be_drawn_again():
    state = play(hold(game(spell=True), "C05"), "-1,0@90")
    state = play(hold(state, "C06"), "-1,-1@0")  # next to the trapped ghost only
    assert trapped_at(state, -1, 0) == 1 and trapped_at(state, -1, -1) == 1 and state.cat_supply == 5


def test_forgoing_a_scoring_cannot_calm_trapped_ghosts():
    state = play(hold(game(spell=True), "C05"), "-1,0@90")
    state = meeple(state, 0, 0, "r", 0, "red")
    state = play(hold(state, "L28"), "0,-1@180")
    assert "calm:-1,0" not in texts(state) and "calm:1,0" in texts(state)


def test_trapped_ghosts_are_freed_when_their_mist_bank_finishes():
    state = play(hold(game(spell=True), "C02"), "1,-1@180")
    assert trapped_at(state, 1, -1) == 1
    state = play(hold(state, "L16"), "0,-1@0", "pass")  # its east mist closes the bank
    assert trapped_at(state, 1, -1) == 0 and ghosts_at(state, 1, 0) == 0
    assert state.cat_supply == 9 and total_ghosts(state) == 15


def test_a_limited_mist_bank_keeps_its_trapped_ghosts():
    state = play(hold(game(spell=True), "C02"), "1,-1@180")
    state = play(hold(state, "L18"), "0,-1@0", "pass")  # clear field against the circle's mist
    assert geo.bank(state.board, (1, -1), 0).status == geo.LIMITED
    assert trapped_at(state, 1, -1) == 1


def test_a_placement_that_completes_the_mist_fills_no_spell_circle():
    state = play(hold(game(spell=True), "C03"), "1,-1@90")  # its mist closes the north-east mist
    assert not state.trapped and ghosts_at(state, 1, 0) == 0 and state.cat_supply == 9


def test_no_meeple_on_a_spell_circle():
    state = play(hold(game(spell=True), "C07"), "0,-1@0")  # the road runs through the circles' mist
    assert not state.meeples and trapped_at(state, 0, -1) == 2


def test_eloise_joins_a_meeple_when_her_supply_runs_out():
    state = meeple(meeple(game(spell=True), 0, 0, "r", 0, "red"), 0, 1, "r", 0, "blue")
    state.cat_supply, state.supply = 1, 11
    state = play(hold(state, "L17"), "0,-1@0")  # two ghosts: the last of Eloise's and one more
    assert phase(state) == "cat_check" and sorted(texts(state)) == ["cat:0,0:road1", "cat:0,1:road1"]
    state = play(state, "cat:0,1:road1")
    assert state.cat == (0, 1, "r", 0) and state.cat_supply == 0 and state.supply == 10


def test_eloise_waits_beside_the_board_without_a_meeple_then_joins_the_next_one():
    state = game(spell=True)
    state.cat_supply, state.supply = 1, 11
    state = play(hold(state, "L16"), "0,-1@0")
    assert state.cat == "beside"
    state = play(state, "road1=green")
    assert state.cat == (0, -1, "r", 0)


def test_eloise_scores_the_trapped_ghosts_when_her_meeple_scores_even_if_the_feature_is_forgone():
    state = play(hold(game(spell=True), "C05"), "-1,0@90")  # one trapped ghost
    state = meeple(state, 0, 0, "r", 0, "red")
    state.cat = (0, 0, "r", 0)
    state = play(hold(state, "L28"), "0,-1@180", "calm:1,0")
    assert state.score == 1  # the road's 2 points forgone; Eloise's point cannot be
    assert state.cat == "beside"  # no other meeple to move on to


def test_eloise_moves_on_to_another_meeple_after_the_scoring():
    state = meeple(meeple(game(spell=True), 0, 0, "r", 0, "red"), 0, 1, "r", 0, "blue")
    state.cat = (0, 0, "r", 0)
    state = play(hold(state, "L28"), "0,-1@180", "score")
    assert state.cat == (0, 1, "r", 0) and state.score == 2


def test_level_two_cemetery_ghost_only_when_a_circle_takes_from_the_supply():
    state = put(game(2, spell=True), -1, 1, "Y01", 2)  # an open cemetery south-west of the start
    state = play(hold(state, "C02"), "1,-1@180")  # the circle draws from the board only
    assert ghosts_at(state, -1, 1) == 0
    state = play(hold(state, "C05"), "-1,0@90")  # no neighbour has a free ghost: from the supply
    assert trapped_at(state, -1, 0) == 1 and ghosts_at(state, -1, 1) == 1


def test_cemetery_ghosts_can_be_drawn_into_spell_circles():
    state = put(game(2, spell=True), -1, 1, "Y01", 2)
    state.ghosts[(-1, 1, -1)] = 1
    state.cat_supply -= 1
    state = play(hold(state, "C05"), "-1,0@90")
    assert trapped_at(state, -1, 0) == 1 and ghosts_at(state, -1, 1) == 0


def mist_and_cemetery_ghost(level=2):
    """Level 2: a cemetery tile with misty land (Y02) diagonal to -1,0, one ghost in each."""
    state = put(game(level, spell=True), -2, -1, "Y02", 0)
    state.ghosts[(-2, -1, 0)] = 1
    state.ghosts[(-2, -1, CEMETERY)] = 1
    state.cat_supply -= 2
    return state


def test_a_circle_drawing_from_a_tile_with_mist_and_cemetery_ghosts_lets_the_team_choose_which():
    state = play(hold(mist_and_cemetery_ghost(), "C05"), "-1,0@90")
    assert phase(state) == "circle" and sorted(texts(state)) == ["draw:-2,-1", "draw:-2,-1:cemetery"]
    took_cemetery = play(state, "draw:-2,-1:cemetery")
    assert took_cemetery.ghosts[(-2, -1, 0)] == 1 and (-2, -1, CEMETERY) not in took_cemetery.ghosts
    took_mist = play(state, "draw:-2,-1")  # the first ghost: the mist's, as before the choice existed
    assert (-2, -1, 0) not in took_mist.ghosts and took_mist.ghosts[(-2, -1, CEMETERY)] == 1
    assert trapped_at(took_mist, -1, 0) == trapped_at(took_cemetery, -1, 0) == 1


def test_drawing_a_ghost_names_the_mist_or_the_cemetery_of_the_tile():
    state = play(hold(mist_and_cemetery_ghost(), "C05"), "-1,0@90")
    assert ENGINE.parse_move(state, "draw:-2,-1:mist1") == ("G", -2, -1)  # the first ghost, written draw:-2,-1
    assert ENGINE.parse_move(state, "draw:-2,-1:cemetery") == ("G", -2, -1, CEMETERY)
    assert ENGINE.move_to_text(state, ("G", -2, -1, CEMETERY)) == "draw:-2,-1:cemetery"
    with pytest.raises(NotationError, match="mist1, mist2, cemetery"):
        ENGINE.parse_move(state, "draw:-2,-1:castle")


def test_from_level_three_hounds_cannot_calm_trapped_ghosts():
    state = play(hold(game(3, spell=True), "C02"), "1,-1@180")
    state = meeple(meeple(state, 0, 0, "r", 0, "red"), 1, 0, "r", 0, "blue")
    state.score = state.scores[0] = 13
    state = play(hold(state, "L28"), "0,-1@180", "score")  # 15 points: Rufus joins the blue meeple
    assert state.hounds[0] == (1, 0, "r", 0)
    assert "chase:1,-1" not in texts(state) and "chase:1,0" in texts(state)
