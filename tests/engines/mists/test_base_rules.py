"""Level 1 rules of Mists over Carcassonne, each from a real position (docs/games/mists.md)."""

import pytest

from games.engines.base import GameOver, IllegalMove
from games.engines.mists import ENGINE, rules
from games.engines.mists import board as geo
from tests.engines.mists.positions import game, ghosts_at, hold, meeple, phase, play, put, texts, total_ghosts


def test_the_starting_tile_counts_as_four_tiles_with_three_ghosts():
    state = game()
    assert sorted(state.board) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert state.ghosts_on_board() == 3 and ghosts_at(state, 1, 0) == 2 and ghosts_at(state, 1, 1) == 1
    assert state.supply == 12 and total_ghosts(state) == 15


def test_level_one_plays_without_castles_and_cemeteries():
    layout = ENGINE.make_layout(ENGINE.normalize_options({"level": 1}), 1, __import__("random").Random(3))
    tiles = layout["piles"][0]
    assert len(tiles) == 50 and not any(t.startswith(("K", "Y")) for t in tiles)


def test_a_tile_must_match_roads_cities_and_fields():
    state = hold(game(), "L02")  # a city on its north side
    with pytest.raises(IllegalMove, match="north side shows a city but the tile there shows a road"):
        play(state, "1,2@0")  # below the south-east quarter, whose south side is a road
    assert "0,2@0" in texts(state)  # below the south-west quarter's city it fits
    with pytest.raises(IllegalMove, match="touches no tile"):
        play(state, "5,5@0")


def test_mist_may_meet_clear_field_or_road():
    state = hold(game(), "L16")  # a straight road, mist on its east field
    assert "0,-1@0" in texts(state)  # the misty east side meets the empty place, the road meets the road


def test_a_new_tile_shows_as_many_ghosts_as_symbols():
    state = play(hold(game(), "L24"), "2,1@0")  # all mist, one symbol, next to the south-east mist
    assert ghosts_at(state, 2, 1) == 0  # it extended the south-east mist bank: one fewer
    state = play(hold(game(), "L17"), "0,-1@0")  # road in mist, two symbols, touching no mist
    assert ghosts_at(state, 0, -1) == 2 and state.supply == 10


def test_one_fewer_ghost_when_the_tile_extends_a_mist_bank():
    state = play(hold(game(), "L17"), "1,-1@90")  # two symbols; its south mist meets the north-east mist
    assert ghosts_at(state, 1, -1) == 1


def test_a_single_symbol_tile_extending_a_bank_adds_no_ghost():
    state = play(hold(game(), "L25"), "1,-1@180")
    assert ghosts_at(state, 1, -1) == 0 and state.supply == 12


def test_a_finished_mist_bank_releases_its_ghosts_and_the_tile_adds_none():
    state = play(hold(game(), "L27"), "1,-1@180")  # its only mist closes the north-east mist
    assert ghosts_at(state, 1, 0) == 0 and ghosts_at(state, 1, -1) == 0
    assert state.supply == 14 and total_ghosts(state) == 15


def test_mist_that_meets_clear_land_can_never_finish():
    state = play(hold(game(), "L02"), "1,-1@0")  # a clear field on the north-east mist
    assert geo.bank(state.board, (1, 0), 0).status == geo.LIMITED
    assert ghosts_at(state, 1, 0) == 2


def test_the_team_loses_at_once_when_the_supply_cannot_cover_the_ghosts():
    state = game()
    state.supply = 0
    state = play(hold(state, "L17"), "0,-1@0")
    assert state.result == "lost" and "ghost supply ran out" in state.reason
    assert ENGINE.to_move(state) is None and ENGINE.outcome(state).team_won is False


def test_no_meeple_may_stand_in_mist():
    state = play(hold(game(), "L17"), "0,-1@0")  # its road lies in mist
    assert not state.meeples and phase(state) == "place"  # the turn went on without asking
    state = play(hold(game(), "L16"), "0,-1@0")  # the road is clear, the mist is beside it
    assert "road1=red" in texts(state)


def test_a_meeple_goes_only_on_a_free_feature_of_the_new_tile():
    state = meeple(game(), 0, 0, "r", 0, "blue")  # the road of the north-west quarter is taken
    state = play(hold(state, "L16"), "0,-1@0")
    assert not any(text.startswith("road") for text in texts(state))


def test_a_road_scores_one_point_per_tile():
    state = play(hold(game(), "L28"), "0,-1@180", "road1=red")  # closes the start's north road
    assert phase(state) == "score" and "score" in texts(state)
    state = play(state, "score")
    assert state.score == 2 and not state.meeples and state.in_hand[0] == 3


def test_a_city_scores_two_per_tile_and_two_per_shield():
    state = put(game(), -1, 0, "L06", 1)  # a city through, with a shield
    state = meeple(state, -1, 0, "c", 0, "green")
    state = play(hold(state, "L02"), "-2,0@90", "score")
    assert state.score == 3 * 2 + 2


def test_every_colour_present_scores_the_full_value():
    # The FAQ's case: no majorities, each colour on the finished feature scores all of it.
    state = put(put(game(), 0, -1, "L18"), 0, -2, "L18")
    state = meeple(meeple(meeple(state, 0, 0, "r", 0, "red"), 0, -1, "r", 0, "blue"), 0, -2, "r", 0, "blue")
    state = play(hold(state, "L28"), "0,-3@180", "score")
    assert state.score == 2 * 4  # a 4-tile road, two colours
    assert not state.meeples and state.in_hand[:3] == [3, 3, 3]


def test_forgoing_a_scoring_calms_up_to_three_ghosts_on_one_tile():
    state = meeple(game(), 0, 0, "r", 0, "red")
    state = play(hold(state, "L28"), "0,-1@180")
    assert "calm:1,0" in texts(state) and "calm:1,1" in texts(state)
    state = play(state, "calm:1,0")
    assert state.score == 0 and ghosts_at(state, 1, 0) == 0 and ghosts_at(state, 1, 1) == 1
    assert not state.meeples  # the meeple comes home either way


def test_forgoing_skips_the_whole_joint_scoring():
    state = put(game(), 0, -1, "L18")
    state = meeple(meeple(state, 0, 0, "r", 0, "red"), 0, -1, "r", 0, "blue")
    state = play(hold(state, "L28"), "0,-2@180", "calm:1,0")
    assert state.score == 0


def test_calming_the_starting_tile_takes_ghosts_from_one_quarter_only():
    # The FAQ: a quarter of the starting tile is one tile when ghosts are removed.
    state = game()
    state.ghosts[(1, 1, 0)] = 3
    state.supply -= 2
    state = meeple(state, 0, 0, "r", 0, "red")
    state = play(hold(state, "L28"), "0,-1@180", "calm:1,1")
    assert ghosts_at(state, 1, 1) == 0 and ghosts_at(state, 1, 0) == 2


def test_one_tile_can_trigger_two_scorings_each_decided_separately():
    state = put(put(game(), -1, -1, "L28", 2), -1, 1, "L21", 0)
    state = meeple(meeple(state, -1, -1, "r", 0, "red"), 0, 0, "c", 0, "blue")
    state = play(hold(state, "L10"), "-1,0@90")  # completes a 4-tile road and a 2-tile city
    assert phase(state) == "score"
    state = play(state, "score")
    # One scoring taken (the road, 4, or the city, 2 x 2: both 4), the other still to decide.
    assert phase(state) == "score" and state.score == 4
    state = play(state, "calm:1,0")
    assert state.score == 4 and ghosts_at(state, 1, 0) == 0


def test_reaching_the_goal_wins_at_once():
    state = meeple(game(), 0, 0, "r", 0, "red")
    state.score = state.scores[0] = 48
    state = play(hold(state, "L28"), "0,-1@180", "score")
    assert state.result == "won" and ENGINE.to_move(state) is None
    outcome = ENGINE.outcome(state)
    assert outcome.team_won is True and outcome.ranks == (1,) and outcome.scores == (50,)
    with pytest.raises(GameOver):
        ENGINE.play(state, ("S",))


def test_the_team_loses_when_no_tile_can_be_drawn():
    state = game()
    state.piles = [[]]
    state = play(hold(state, "L18"), "0,-1@0", "pass")
    assert state.result == "lost" and "no land tile" in state.reason


def test_a_drawn_tile_that_fits_nowhere_is_set_aside():
    state = game()
    state.board = {(0, 0): ("L18", 0)}  # a lone straight road: a full city tile fits nowhere
    state.piles = [["L09", "L01"]]
    rules.begin_turn(state)
    assert state.discarded == ["L09"] and state.tile == "L01"


def test_seats_take_turns_and_share_one_score():
    state = game(seats=3)
    assert ENGINE.to_move(state) == 0
    state = play(hold(state, "L18"), "0,-1@0", "pass")
    assert ENGINE.to_move(state) == 1
    assert [m[3] for m in ENGINE.legal_moves(play(hold(state, "L16"), "0,-2@0")) if m[0] == "M"] == [1]
