"""Levels 2-6: castles, cemeteries and burying, hounds and piles, haunted cemeteries, colour scores."""

import pytest

from games.engines.base import IllegalMove, InvalidSetup
from games.engines.mists import ENGINE
from games.engines.mists import board as geo
from games.engines.mists.levels import all_levels
from games.engines.mists.state import CEMETERY
from tests.engines.mists.positions import game, ghosts_at, hold, meeple, phase, play, put, texts, total_ghosts


def test_level_two_castle_scores_two_per_misty_tile_around_it_and_itself():
    # Dized's example: five misty tiles around plus the misty castle tile make 12 points.
    state = game(2)
    island = {(10, 9): ("L18", 0), (9, 9): ("L24", 0), (11, 9): ("L24", 0), (9, 10): ("L25", 0)}
    island |= {(11, 10): ("L26", 0), (9, 11): ("L27", 0), (10, 11): ("L21", 1), (10, 10): ("K01", 0)}
    for (x, y), (tile, rotation) in island.items():
        put(state, x, y, tile, rotation)
    state = meeple(state, 10, 10, "k", 0, "red")
    state = play(hold(state, "L18"), "11,11@90", "pass")
    assert phase(state) == "score"
    state = play(state, "score")
    assert state.score == 12 and not state.meeples


def test_a_meeple_may_stand_on_a_castle():
    state = play(hold(game(2), "K05"), "0,-1@180")
    assert "castle=red" in texts(state)


def test_level_two_an_open_cemetery_gets_one_more_ghost_whenever_ghosts_are_added():
    state = put(game(2), -1, 1, "Y01", 2)
    state = play(hold(state, "L17"), "0,-1@0")  # two ghosts on the tile, one more on the cemetery
    assert ghosts_at(state, 0, -1) == 2 and ghosts_at(state, -1, 1) == 1 and total_ghosts(state) == 15


def test_no_meeple_on_a_cemetery():
    state = play(hold(game(2), "Y01"), "0,2@0")  # its city joins the south-west quarter's
    # Only the city may take a meeple: the cemetery (and the road through it) may not.
    assert texts(state) == ["pass", "city1=red", "city1=green", "city1=blue", "city1=yellow"]


def test_level_two_closing_a_cemetery_buries_a_meeple_and_frees_its_ghosts():
    state = put(put(put(game(2), -1, 0, "Y01", 1), -1, -1, "L27", 0), -1, 1, "L21", 0)
    state.ghosts[(-1, 0, -1)] = 2
    state.supply -= 2
    state = meeple(meeple(state, 1, 0, "r", 0, "red"), 0, 1, "r", 0, "blue")
    state = play(hold(state, "L27"), "-2,0@0")  # the fourth side: the cemetery closes
    assert phase(state) == "bury" and sorted(texts(state)) == ["bury:0,1:road1", "bury:1,0:road1"]
    state = play(state, "bury:1,0:road1")
    assert state.buried == [((-1, 0), 0)] and (1, 0, "r", 0) not in state.meeples
    assert ghosts_at(state, -1, 0) == 0 and state.in_hand[0] == 2 and total_ghosts(state) == 15


def closing_cemetery_with_misty_land(**options):
    """Level 2: the cemetery Y02 (its mist on the west side) with 2 ghosts of its own, 1 in its mist."""
    state = put(put(put(game(2, **options), -1, 0, "Y02", 1), -1, -1, "L27", 0), -1, 1, "L21", 0)
    state.ghosts[(-1, 0, CEMETERY)] = 2
    state.ghosts[(-1, 0, 0)] = 1
    state.supply -= 3
    return meeple(state, 1, 0, "r", 0, "red")


def test_level_two_closing_a_cemetery_removes_all_ghosts_from_the_cemetery_tile():
    # Dized, "Level 2: Cemeteries": "remove all ghosts from this cemetery tile" - its mist's too.
    state = play(hold(closing_cemetery_with_misty_land(), "L27"), "-2,0@0")  # the fourth side
    assert (-1, 0) in state.closed and ghosts_at(state, -1, 0) == 0 and total_ghosts(state) == 15


def test_the_cemetery_closing_option_keeps_the_reading_that_frees_only_the_cemeterys_own_ghosts():
    state = play(hold(closing_cemetery_with_misty_land(options={"cemetery_closing": "cemetery"}), "L27"), "-2,0@0")
    assert (-1, 0) in state.closed and state.ghosts[(-1, 0, 0)] == 1 and (-1, 0, CEMETERY) not in state.ghosts
    assert total_ghosts(state) == 15


def test_burying_with_no_meeple_on_the_board_takes_one_from_the_supply():
    state = put(put(put(game(2), -1, 0, "Y01", 1), -1, -1, "L27", 0), -1, 1, "L21", 0)
    state = play(hold(state, "L27"), "-2,0@0", "bury:yellow")
    assert state.buried == [((-1, 0), 3)] and state.in_hand[3] == 2


def test_levels_three_to_six_split_the_tiles_into_three_piles():
    state = game(3)
    assert [len(p) for p in state.layout["piles"]] == [20, 20, 20]
    assert [len(p) for p in game(3, spell=True).layout["piles"]] == [23, 23, 23]
    bad = {"piles": [state.layout["piles"][0] + state.layout["piles"][1], state.layout["piles"][2]]}
    with pytest.raises(InvalidSetup, match="3 pile"):
        ENGINE.setup({"level": 3}, seats=1, layout=bad)


def test_the_team_draws_only_from_the_active_pile():
    state = game(3)
    state.piles[0] = []
    state = play(hold(state, "L18"), "0,-1@0", "pass")
    assert state.result == "lost" and "active pile" in state.reason


def test_reaching_a_hound_opens_the_next_pile_and_the_hound_joins_a_meeple():
    state = meeple(meeple(game(3), 0, 0, "r", 0, "red"), 1, 0, "r", 0, "blue")
    state.score = state.scores[0] = 13
    left = len(state.piles[0])
    state = play(hold(state, "L28"), "0,-1@180", "score")
    assert state.hounds[0] == (1, 0, "r", 0) and len(state.piles) == 2 and len(state.piles[0]) == left + 20
    assert phase(state) == "chase" and "done" in texts(state)
    state = play(state, "chase:1,0")  # up to 3 ghosts from each of two different tiles
    assert ghosts_at(state, 1, 0) == 0 and "chase:1,0" not in texts(state)
    state = play(state, "chase:1,1")
    assert ghosts_at(state, 1, 1) == 0 and phase(state) == "place"


def test_a_hound_scores_one_point_per_ghost_on_the_board_when_its_meeple_scores():
    state = meeple(game(3), 0, 0, "r", 0, "red")
    state.hounds[0] = (0, 0, "r", 0)
    state = play(hold(state, "L28"), "0,-1@180")  # its own mist adds a ghost: 4 on the board
    assert state.ghosts_on_board() == 4
    state = play(state, "calm:1,0")  # the road is forgone, the hound still scores
    assert state.score == 2 and state.hounds[0] == "done"


def test_a_hound_is_lost_when_no_meeple_is_on_the_board():
    state = meeple(game(3), 0, 0, "r", 0, "red")
    state.score = state.scores[0] = 13
    state = play(hold(state, "L28"), "0,-1@180", "score")
    assert state.hounds[0] == "lost" and len(state.piles) == 2


def test_level_four_plays_with_one_ghost_fewer_than_level_three():
    assert game(4).supply == game(3).supply - 1


def test_level_five_cemetery_closes_only_when_all_eight_places_are_filled():
    state = put(put(put(game(5), -1, 0, "Y01", 1), -1, -1, "L27", 0), -1, 1, "L21", 0)
    state = meeple(state, 1, 0, "r", 0, "red")
    state = play(hold(state, "L27"), "-2,0@0")
    assert phase(state) == "haunt" and not state.buried and (-1, 0) not in state.closed
    assert geo.cemetery_closed(state.board, (-1, 0), "four_sides")


def test_level_five_a_new_cemetery_adds_a_ghost_to_each_misty_tile_around_it():
    state = game(5)
    state = play(hold(state, "Y05"), "2,1@0")  # next to both misty quarters of the start
    assert ghosts_at(state, 1, 0) == 3 and ghosts_at(state, 1, 1) == 2


def test_level_five_a_face_down_tile_goes_next_to_an_open_cemetery():
    state = play(hold(game(5), "Y01"), "0,2@0", "pass")
    assert phase(state) == "haunt"
    assert "haunt:-1,2" in texts(state) and "haunt:0,3" in texts(state)
    top = state.piles[0][0]
    state = play(state, "haunt:0,3")
    assert state.board[(0, 3)] == (top, -1)
    view = ENGINE.observe(state, 0)
    assert [0, 3, None, -1] in view["board"]  # nobody sees what lies face down


def test_level_five_a_face_down_tile_is_laid_adjacent_by_a_side_never_only_by_a_corner():
    state = play(hold(game(5), "Y01"), "0,2@0", "pass")  # the cemetery on 0,2, below the start
    # Around it, -1,3 and 1,3 touch the board only at a corner: no tile may float there.
    assert sorted(texts(state)) == ["haunt:-1,1", "haunt:-1,2", "haunt:0,3", "haunt:1,2"]
    with pytest.raises(IllegalMove):
        play(state, "haunt:1,3")


def test_a_feature_touching_a_face_down_tile_can_never_be_completed():
    state = put(put(game(5), 0, -1, "L18"), 0, -2, "L18", -1)
    found = geo.feature(state.board, (0, -1, "r", 0))
    assert found.haunted and not found.complete


def test_level_six_scores_each_colour_separately_and_needs_every_colour_at_the_goal():
    state = meeple(game(6, seats=2), 0, 0, "r", 0, "red")
    state = play(hold(state, "L28"), "0,-1@180", "score")
    assert state.scores[:4] == [2, 0, 0, 0]
    view = ENGINE.observe(state, None)
    assert view["colour_scores"] == {"red": 2, "green": 0, "blue": 0, "yellow": 0}
    state.scores[:4] = [60, 60, 60, 48]
    state = meeple(state, 1, 0, "r", 0, "yellow")
    assert state.result is None
    state = play(hold(state, "L28"), "2,0@270", "score")
    assert state.result == "won"
    assert ENGINE.outcome(state).details["colour_scores"]["yellow"] == 50


def test_levels_two_to_six_are_marked_unconfirmed_and_kept_out_of_ranked_ladders():
    assert ENGINE.info.extra["ranked_levels"] == [1]
    assert all(not all_levels()[n].fully_confirmed for n in range(2, 7))
