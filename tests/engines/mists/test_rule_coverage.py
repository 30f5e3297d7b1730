"""Rules of The Spell Circles text and of docs/games/mists.md that the other test files left unchecked.

Each test is named after the rule (or reading) it checks and builds its position through the
engine: a real set-up, tiles laid with ``play`` and, for scenery, ``put`` (face-down tiles where
the edges of scenery would otherwise have to match).
"""

import random

import pytest

from games.engines.base import IllegalMove, InvalidSetup
from games.engines.mists import ENGINE
from games.engines.mists import board as geo
from games.engines.mists.levels import all_levels
from games.engines.mists.state import CEMETERY, COLOURS
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

FACE_DOWN = -1

# --- The Spell Circles: preparation ----------------------------------------------------------------


@pytest.mark.parametrize("level", range(1, 7))
def test_spell_circles_play_at_every_level_with_seven_ghosts_before_eloise(level):
    # "You can play The Spell Circles with all levels"; 3 on the start, 7 before the cat, the rest apart.
    state = game(level, spell=True)
    ghosts = all_levels()[level].ghosts
    assert state.ghosts_on_board() == 3 and state.cat_supply == 7 and state.cat == "supply"
    assert state.supply == ghosts - 10 and total_ghosts(state) == ghosts
    tiles = [t for pile in state.layout["piles"] for t in pile]
    assert sorted(t for t in tiles if t.startswith("C")) == [f"C0{n}" for n in range(1, 10)]


def test_the_nine_spell_circle_tiles_are_shuffled_into_a_random_layout():
    options = ENGINE.normalize_options({"level": 1, "spell_circles": True})
    tiles = ENGINE.make_layout(options, 1, random.Random(11))["piles"][0]
    assert len(tiles) == 59 and sum(t.startswith("C") for t in tiles) == 9
    assert tiles != sorted(tiles)  # shuffled, not dealt in name order


def test_levels_three_to_six_with_spell_circles_deal_three_piles_of_twenty_three():
    for level in range(3, 7):
        options = ENGINE.normalize_options({"level": level, "spell_circles": True})
        layout = ENGINE.make_layout(options, 1, random.Random(level))
        assert [len(p) for p in layout["piles"]] == [23, 23, 23]
    layout = ENGINE.make_layout(ENGINE.normalize_options({"level": 3, "spell_circles": True}), 1, random.Random(1))
    layout["piles"] = [layout["piles"][0][:20], layout["piles"][1] + layout["piles"][0][20:], layout["piles"][2]]
    with pytest.raises(InvalidSetup, match="each pile holds 23 tiles"):
        ENGINE.setup({"level": 3, "spell_circles": True}, seats=1, layout=layout)


# --- The Spell Circles: 1. placing a tile --------------------------------------------------------


def test_a_spell_circle_tile_is_placed_by_the_usual_rules():
    state = hold(game(spell=True), "C05")  # a city on its north side
    assert "0,2@0" in texts(state)  # under the south-west quarter's city
    with pytest.raises(IllegalMove, match="north side shows a city but the tile there shows a road"):
        play(state, "1,2@0")
    with pytest.raises(IllegalMove, match="touches no tile"):
        play(state, "4,4@0")


# --- The Spell Circles: 2a. placing ghosts ---------------------------------------------------------


def test_a_tile_with_two_spell_circles_fills_each_circle():
    state = play(hold(game(spell=True), "C09"), "0,2@0")  # its city meets the south-west quarter's
    assert geo.face(state.board, (0, 2)).mist[0].circles == 2
    assert trapped_at(state, 0, 2) == 2 and total_ghosts(state) == 15


def test_circles_take_the_rest_from_the_supply_when_the_neighbours_run_short():
    state = game(spell=True)
    state.ghosts[(1, 0, 0)] = 1  # one ghost on the north-east quarter, one more before Eloise
    state.cat_supply += 1
    state = play(hold(state, "C07"), "0,-1@0")  # two circles, one free ghost around
    assert trapped_at(state, 0, -1) == 2 and ghosts_at(state, 1, 0) == 0
    assert state.cat_supply == 7 and total_ghosts(state) == 15


def test_the_team_loses_when_a_spell_circle_needs_a_ghost_the_supply_does_not_have():
    state = game(spell=True)
    state.cat, state.cat_supply, state.supply = "beside", 0, 0
    state = play(hold(state, "C05"), "-1,0@90")  # no free ghost around it
    assert state.result == "lost" and "spell circle" in state.reason
    assert ENGINE.outcome(state).team_won is False


@pytest.mark.parametrize("level", [3, 4])
def test_levels_three_and_four_add_a_cemetery_ghost_only_for_supply_ghosts_in_circles(level):
    state = put(game(level, spell=True), -1, 1, "Y01", 2)  # an open cemetery
    state = play(hold(state, "C02"), "1,-1@180")  # drawn from the north-east quarter
    assert ghosts_at(state, -1, 1) == 0
    state = play(hold(state, "C05"), "-1,0@90")  # no free ghost around: from Eloise
    assert trapped_at(state, -1, 0) == 1 and ghosts_at(state, -1, 1) == 1
    assert total_ghosts(state) == all_levels()[level].ghosts


def test_level_five_adds_no_cemetery_ghost_for_a_circle_fed_from_the_supply():
    state = put(game(5, spell=True), -1, 1, "Y01", 2)
    state = play(hold(state, "C05"), "-1,0@90")
    assert trapped_at(state, -1, 0) == 1 and ghosts_at(state, -1, 1) == 0 and state.cat_supply == 6


def test_trapped_ghosts_go_back_to_eloise_when_their_bank_finishes():
    state = play(hold(game(spell=True), "C02"), "1,-1@180")
    before = state.cat_supply
    state = play(hold(state, "L16"), "0,-1@0", "pass")
    assert state.cat_supply == before + 2  # the trapped ghost and the quarter's free one


# --- The Spell Circles: 2b. placing a meeple -------------------------------------------------------


def test_a_meeple_may_stand_on_a_spell_circle_tile_off_the_circle():
    state = play(hold(game(spell=True), "C04"), "0,-1@180")  # its road clear, its mist on the far sides
    assert trapped_at(state, 0, -1) == 1
    assert "road1=red" in texts(state)
    state = play(hold(game(spell=True), "C09"), "0,2@0")  # the circles' mist lies away from road and city
    assert {"road1=red", "city1=red"} <= set(texts(state))


# --- The Spell Circles: 3. scoring -------------------------------------------------------------------


def test_spell_circles_do_not_change_the_scoring_of_a_feature():
    state = play(hold(game(spell=True), "C03"), "0,-1@0", "road1=red")  # a road through a circle tile
    state = play(hold(state, "L28"), "0,-2@180", "score")
    assert state.score == 3  # three tiles, one point each: the circle tile counts like any other


# --- The cat Eloise ----------------------------------------------------------------------------------


def test_eloise_joins_a_meeple_once_ten_ghosts_are_on_the_board():
    # The note of the rule text: the cat's supply is empty when 10 ghosts are out (3 of them on the start).
    state = meeple(game(spell=True), 0, 0, "r", 0, "red")
    state = play(hold(state, "L17"), "1,2@0")  # 2 ghosts
    state = play(hold(state, "L20"), "-1,1@0")  # 2 ghosts
    state = play(hold(state, "L20"), "2,0@180")  # 2 ghosts
    assert state.cat == "supply" and state.cat_supply == 1 and state.ghosts_on_board() == 9
    state = play(hold(state, "L16"), "-2,1@180")  # the last of Eloise's ghosts
    assert state.cat_supply == 0 and state.ghosts_on_board() == 10
    assert state.cat == (0, 0, "r", 0)  # the only meeple on the board
    assert phase(state) == "meeple" and "road1=green" in texts(state)  # then a meeple as usual


def test_eloise_never_joins_a_buried_meeple():
    state = put(put(put(game(2, spell=True), -1, 0, "Y01", 1), -1, -1, "L27", 0), -1, 1, "L21", 0)
    state = meeple(meeple(state, 1, 0, "r", 0, "red"), 0, 1, "r", 0, "blue")
    state = play(hold(state, "L27"), "-2,0@0", "bury:1,0:road1")
    state.cat_supply, state.supply = 1, state.supply + state.cat_supply - 1
    state = play(hold(state, "L17"), "1,2@0")  # two ghosts empty Eloise's supply
    assert state.cat == (0, 1, "r", 0)  # the buried red meeple was no choice
    assert total_ghosts(state) == 15


def test_once_eloise_is_out_removed_ghosts_go_to_the_one_supply():
    state = meeple(meeple(game(spell=True), 0, 0, "r", 0, "red"), 1, 0, "r", 0, "blue")
    state.cat, state.supply, state.cat_supply = (1, 0, "r", 0), 12, 0
    state = play(hold(state, "L28"), "0,-1@180", "calm:1,0")
    assert state.cat_supply == 0 and state.supply == 12 - 1 + 2  # one ghost out on L28, two calmed


def test_eloise_scores_the_ghosts_in_circles_at_the_time_of_the_scoring():
    # The placement first finishes the circle's mist bank (its trapped ghost goes free), then
    # completes Eloise's road: only the ghost still trapped elsewhere counts.
    state = play(hold(game(spell=True), "C05"), "-1,0@90")  # trapped ghost 1, its bank never finishes
    state = play(hold(state, "C02"), "1,-1@180")  # trapped ghost 2, drawn from the north-east quarter
    put(put(state, -1, -1, "L27", 1), 0, -2, "L27", 2)  # scenery closing the mist west and north of 0,-1
    state = meeple(state, 0, 0, "r", 0, "red")
    state.cat = (0, 0, "r", 0)
    state = play(hold(state, "L28"), "0,-1@180", "score")
    assert trapped_at(state, 1, -1) == 0 and trapped_at(state, -1, 0) == 1
    assert state.score == 2 + 1


def test_eloise_moves_only_after_every_scoring_of_the_turn():
    # One tile completes a road (Eloise's meeple) and a city; she moves after both are scored,
    # so the city's meeple, gone home by then, is no choice.
    state = put(put(game(spell=True), -1, -1, "L28", 2), -1, 1, "L21", 0)
    state = meeple(meeple(state, -1, -1, "r", 0, "red"), 0, 0, "c", 0, "blue")
    state = meeple(state, 1, 0, "r", 0, "green")
    state.cat = (-1, -1, "r", 0)
    state = play(hold(state, "L10"), "-1,0@90", "score")
    assert state.cat == "moving" and phase(state) == "score"  # the city is still to be scored
    state = play(state, "score")
    assert state.cat == (1, 0, "r", 0) and phase(state) == "place"


def test_eloise_scores_again_with_each_meeple_she_moves_to():
    state = play(hold(game(spell=True), "C05"), "-1,0@90")  # one trapped ghost
    state = meeple(meeple(state, 0, 0, "r", 0, "red"), 1, 0, "r", 0, "blue")
    state.cat = (0, 0, "r", 0)
    state = play(hold(state, "L28"), "0,-1@180", "score")
    assert state.score == 2 + 1 and state.cat == (1, 0, "r", 0)
    state = play(hold(state, "L28"), "2,0@270", "score")
    assert state.score == 3 + 2 + 1 and state.cat == "beside"  # she stays in the game
    state = play(hold(state, "L18"), "1,2@0", "road1=yellow")
    assert state.cat == (1, 2, "r", 0)


def test_eloise_on_a_buried_meeple_waits_beside_the_board():
    state = put(put(put(game(2, spell=True), -1, 0, "Y01", 1), -1, -1, "L27", 0), -1, 1, "L21", 0)
    state = meeple(meeple(state, 1, 0, "r", 0, "red"), 0, 1, "r", 0, "blue")
    state.cat = (1, 0, "r", 0)
    state = play(hold(state, "L27"), "-2,0@0", "bury:1,0:road1")
    assert state.cat == "beside"


def test_level_six_eloise_scores_for_her_meeples_colour():
    state = play(hold(game(6, spell=True), "C05"), "-1,0@90")  # one trapped ghost
    state = meeple(meeple(state, 0, 0, "r", 0, "red"), 1, 0, "r", 0, "green")
    state.cat = (1, 0, "r", 0)
    state = play(hold(state, "L28"), "2,0@270", "score")  # finishes the green road
    assert state.scores[:2] == [0, 2 + 1]


# --- Base rules: components ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "groups", "each"),
    [
        (1, [["red", "green", "blue", "yellow"]], 3),
        (2, [["red", "green"], ["blue", "yellow"]], 3),
        (3, [["red"], ["green"], ["blue"]], 5),
        (5, [["red"], ["green"], ["blue"], ["yellow"], ["black"]], 5),
    ],
)
def test_meeples_per_team_size(seats, groups, each):
    state = game(seats=seats)
    view = ENGINE.observe(state, None)
    assert view["seat_colours"] == groups
    colours = [COLOURS.index(c) for group in groups for c in group]
    assert [state.in_hand[c] for c in colours] == [each] * len(colours)
    assert sum(state.in_hand) == each * len(colours)


def test_one_to_five_players():
    assert game(seats=5).seats == 5
    with pytest.raises(InvalidSetup):
        ENGINE.setup({}, seats=6)
    with pytest.raises(InvalidSetup):
        ENGINE.setup({}, seats=0)


@pytest.mark.parametrize(
    ("level", "goal", "ghosts", "piles", "hounds", "cemeteries", "scoring"),
    [
        (1, 50, 15, 1, (), "none", "shared"),
        (2, 90, 15, 1, (), "four_sides", "shared"),
        (3, 100, 15, 3, (15, 50), "four_sides", "shared"),
        (4, 100, 14, 3, (15, 50), "four_sides", "shared"),
        (5, 100, 13, 3, (15, 50), "haunted", "shared"),
        (6, 50, 12, 3, (15, 35), "haunted", "per_colour"),
    ],
)
def test_the_level_table_of_the_rules_page(level, goal, ghosts, piles, hounds, cemeteries, scoring):
    data = all_levels()[level]
    assert (data.goal, data.ghosts, data.piles, data.hounds) == (goal, ghosts, piles, hounds)
    assert (data.cemeteries, data.scoring) == (cemeteries, scoring)
    state = game(level)
    assert total_ghosts(state) == ghosts and len(state.piles) == piles
    kinds = {t[0] for pile in state.layout["piles"] for t in pile}
    assert kinds == ({"L"} if level == 1 else {"L", "K", "Y"})


# --- Base rules: mist ----------------------------------------------------------------------------------


def test_a_mist_bank_touching_a_face_down_tile_can_never_finish():
    state = put(game(5), 1, -1, "L27", FACE_DOWN)  # face down on the north-east quarter's mist
    assert geo.bank(state.board, (1, 0), 0).status == geo.LIMITED


def test_the_sample_game_of_the_rules_page_replays():
    state = game(first=("L27", "L28"))
    state = play(state, "1,-1@180")
    assert ghosts_at(state, 1, 0) == 0 and state.supply == 14  # 2 ghosts back to the supply
    state = play(state, "0,-1@180", "road1=red")
    assert phase(state) == "score" and set(texts(state)) == {"score", "calm:1,1", "calm:0,-1"}
    state = play(state, "score")
    assert state.score == 2


# --- Base rules: cemeteries and burying --------------------------------------------------------------------


def test_a_hound_on_a_buried_meeple_is_lost():
    state = put(put(put(game(3), -1, 0, "Y01", 1), -1, -1, "L27", 0), -1, 1, "L21", 0)
    state = meeple(meeple(state, 1, 0, "r", 0, "red"), 0, 1, "r", 0, "blue")
    state.hounds[0] = (1, 0, "r", 0)
    state = play(hold(state, "L27"), "-2,0@0", "bury:1,0:road1")
    assert state.hounds[0] == "lost"


def test_nothing_is_buried_when_no_meeple_is_anywhere():
    state = put(put(put(game(2), -1, 0, "Y01", 1), -1, -1, "L27", 0), -1, 1, "L21", 0)
    state.in_hand = [0] * 6
    state = play(hold(state, "L27"), "-2,0@0")
    assert (-1, 0) in state.closed and state.buried == [] and phase(state) == "place"


def test_level_two_the_team_chooses_the_open_cemetery_for_the_extra_ghost():
    state = put(put(game(2), -1, 1, "Y01", 2), 5, 5, "Y02", 0)
    state = play(hold(state, "L17"), "0,-1@0")
    assert phase(state) == "yard_check" and sorted(texts(state)) == ["yard:-1,1", "yard:5,5"]
    state = play(state, "yard:5,5")
    assert ghosts_at(state, 5, 5) == 1 and ghosts_at(state, -1, 1) == 0


def test_level_two_no_cemetery_ghost_when_the_tile_adds_no_ghost():
    state = put(game(2), -1, 1, "Y01", 2)
    state = play(hold(state, "L25"), "1,-1@180")  # one symbol, extending a bank: no ghost
    assert ghosts_at(state, 1, -1) == 0 and ghosts_at(state, -1, 1) == 0 and state.supply == 12


def test_level_five_cemeteries_collect_no_ghosts():
    state = put(game(5), -1, 1, "Y01", 2)
    state = play(hold(state, "L17"), "0,-1@0")
    assert ghosts_at(state, 0, -1) == 2 and ghosts_at(state, -1, 1) == 0 and state.supply == 8


def test_level_five_a_face_down_tile_can_close_a_haunted_cemetery():
    state = put(game(5), -1, 0, "Y01", 1)  # its city meets the north-west quarter's
    for x, y in [(-2, -1), (-1, -1), (0, -1), (-2, 0), (-1, 1)]:
        put(state, x, y, "L18", FACE_DOWN)
    state = meeple(state, 1, 0, "r", 0, "red")
    state = play(hold(state, "L18"), "1,2@0", "pass")  # far from the cemetery
    # the face-down tile of the turn can only go to the last empty place around it, -2,1
    assert geo.is_face_down(state.board, (-2, 1)) and (-1, 0) in state.closed
    assert state.buried == [((-1, 0), 0)]


def test_face_down_tiles_match_any_edge():
    state = put(game(5), 0, -1, "L18", FACE_DOWN)
    assert "0,-2@180" in texts(hold(state, "L02"))  # its city faces the face-down tile
    state = put(game(5), 0, -1, "L18", 0)
    assert "0,-2@180" not in texts(hold(state, "L02"))  # against a face-up road it does not fit


# --- Base rules: meeples and scoring -------------------------------------------------------------------


def test_a_finished_feature_without_a_meeple_is_no_scoring():
    state = play(hold(game(), "L28"), "0,-1@180", "pass")
    assert state.score == 0 and phase(state) == "place" and ghosts_at(state, 1, 0) == 2


def test_a_castle_is_not_scored_until_all_eight_places_hold_tiles():
    state = game(2)
    island = {(10, 9): ("L18", 0), (9, 9): ("L24", 0), (11, 9): ("L24", 0), (9, 10): ("L25", 0)}
    island |= {(11, 10): ("L26", 0), (10, 11): ("L21", 1), (10, 10): ("K01", 0)}  # 9,11 left empty
    for (x, y), (tile, rotation) in island.items():
        put(state, x, y, tile, rotation)
    state = meeple(state, 10, 10, "k", 0, "red")
    state = play(hold(state, "L18"), "11,11@90", "pass")
    assert phase(state) == "place" and state.score == 0 and (10, 10, "k", 0) in state.meeples


def test_calming_takes_mist_ghosts_before_the_cemetery_ghosts():
    state = put(game(2), 5, 5, "Y02", 0)  # a cemetery with a mist region
    state.ghosts[(5, 5, 0)] = 2
    state.ghosts[(5, 5, CEMETERY)] = 2
    state.supply -= 4
    state = meeple(state, 0, 0, "r", 0, "red")
    state = play(hold(state, "L28"), "0,-1@180")  # one ghost on L28, one more to the open cemetery
    assert state.ghosts[(5, 5, CEMETERY)] == 3
    state = play(state, "calm:5,5")
    assert (5, 5, 0) not in state.ghosts and state.ghosts[(5, 5, CEMETERY)] == 2


# --- Base rules: hounds ----------------------------------------------------------------------------------


def test_the_second_hound_at_fifty_puts_the_rest_of_the_active_pile_on_the_next():
    state = meeple(meeple(game(3), 0, 0, "r", 0, "red"), 1, 0, "r", 0, "blue")
    state.hounds[0] = "done"
    state.score = state.scores[0] = 48
    state = hold(state, "L28")
    first, second, third = (list(p) for p in state.piles)
    state = play(state, "0,-1@180", "score")
    assert state.hounds[1] == (1, 0, "r", 0) and phase(state) == "chase"
    assert state.piles == [first + second, third]  # the rest of the active pile on top


def test_a_hound_counts_trapped_ghosts_as_ghosts_on_the_board():
    state = play(hold(game(3, spell=True), "C05"), "-1,0@90")  # one trapped ghost
    state = meeple(state, 0, 0, "r", 0, "red")
    state.hounds[0] = (0, 0, "r", 0)
    state = play(hold(state, "L28"), "0,-1@180")
    assert state.ghosts_on_board() == 5 and sum(state.trapped.values()) == 1
    state = play(state, "score")
    assert state.score == 2 + 5


def test_level_six_a_hound_comes_only_when_every_colour_reaches_its_space():
    state = meeple(meeple(game(6), 0, 0, "r", 0, "yellow"), 1, 0, "r", 0, "blue")
    state.scores[:4] = [20, 20, 20, 12]
    state = play(hold(state, "L28"), "0,-1@180", "score")
    assert state.scores[3] == 14 and state.hounds[0] == "track" and len(state.piles) == 3
    state = meeple(meeple(game(6), 0, 0, "r", 0, "yellow"), 1, 0, "r", 0, "blue")
    state.scores[:4] = [20, 20, 20, 13]
    state = play(hold(state, "L28"), "0,-1@180", "score")
    assert state.hounds[0] == (1, 0, "r", 0) and len(state.piles) == 2


def test_level_six_the_outcome_score_is_the_sum_of_the_colour_scores():
    state = meeple(game(6, seats=2), 0, 0, "r", 0, "blue")
    state.scores[:4] = [7, 3, 0, 1]
    state.piles[0] = []
    state = play(hold(state, "L28"), "0,-1@180", "score")
    outcome = ENGINE.outcome(state)
    assert state.result == "lost" and outcome.scores == (13, 13)
    assert outcome.details["colour_scores"] == {"red": 7, "green": 3, "blue": 2, "yellow": 1}


def test_level_five_a_new_cemeterys_ghost_on_a_spell_circle_tile_stays_free():
    state = play(hold(game(5, spell=True), "C05"), "-1,0@90")  # one ghost trapped in its circle
    state = play(hold(state, "Y05"), "-1,-1@90", "pass")  # a cemetery next to it
    assert trapped_at(state, -1, 0) == 1 and ghosts_at(state, -1, 0) == 1


# --- Score challenges ---------------------------------------------------------------------------------------


def test_ladders_are_kept_per_level_and_spell_circles():
    assert ENGINE.info.extra["ranking"]["ladder_options"] == ["level", "spell_circles"]
