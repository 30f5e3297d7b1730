"""Rule statements of the rulebook that no other test file checks by name, and three readings.

The audit behind this file lists every rule of the text with the test that checks it
(docs/games/fog.md has the readings). Here: the rules found without a test, one test each, and the
three readings settled in the doc:

(a) Drive Off (intensive): the covered islander is still in the boat. Only scorings 1 and 2 skip
    it; it is rescued for the missions, the Commoner tie-break and Boats without a player colour.
(b) A boat that does not depart (Minimum Boat Crew) skips scorings 1 and 2 only: Rescue the Leaders
    and Boats without a player colour (both a "2b") still count the islanders in it.
(c) A Jump islander with the Guardian of Air (A) jumps for 2 MP: the prices do not add up, and an
    event on movements "with a special characteristic" never makes the Guardian's jump dearer.

Standard beach islanders used: bL1 Leader (Push), bE2 Elder (Jump), bW2 Warrior (All-rounder),
bW3 Warrior (Endurance), bS3 Sailor (Jump), bC1 Commoner (Cross), rE1 Elder (Cross). C3's
neighbours: C4 (E), D3 (NE), D2 (NW), C2 (W), B2, B3; C7's: C8, D7 (the woods), D6, C6, B6, B7.
"""

import json
import random
from pathlib import Path

import pytest

from games.engines.base import IllegalMove, InvalidSetup
from games.engines.fog import board as boards
from games.engines.fog.setup import islander_code
from tests.engines.fog.positions import ENGINE, SCORING, arrange, at, costs_of, final, free_runs, on, play, texts
from tests.engines.fog.test_guardians import guarded


def categories(result):
    return [row["categories"] for row in result.details["colours"]]


def layout_for(options, seats=4, **changes):
    result = ENGINE.make_layout(ENGINE.normalize_options(options), seats, random.Random(0))
    result.update(changes)
    return result


# --- Setup (section 3) ------------------------------------------------------------------------------------


def test_each_beach_is_played_by_its_number_of_players():
    # S 2-4, M 2-5, L 2-6.
    with pytest.raises(InvalidSetup, match="medium beach is played by 2 to 5 players, not 6"):
        ENGINE.setup({"board": "medium"}, seats=6)
    assert ENGINE.setup({"board": "medium"}, seats=2, seed=1).rules.colours == 4
    assert ENGINE.setup({"board": "large"}, seats=2, seed=1).rules.colours == 4


@pytest.mark.parametrize("name", ["medium", "large"])
def test_purple_and_olive_preparation_bonuses_are_stacked_from_six_to_one(name):
    board = boards.shipped(name)
    stacks = {b.nation: b.bonuses for b in board.boats}
    assert stacks["green"] == (6, 5, 4, 3) and stacks["blue"] == stacks["red"] == (6, 5, 4, 3, 2)
    for nation in ("purple", "olive"):
        if nation in stacks:
            assert stacks[nation] == (6, 5, 4, 3, 2, 1)
    assert ("olive" in stacks) == (name == "large")


# --- Phase 2 ------------------------------------------------------------------------------------------------


def test_unused_movement_points_are_lost():
    state = arrange({"C3": ("bL1", "black"), "C9": ("rE1", "pink")})
    state = play(state, "C3-C4")
    assert state.mp == 6
    state = play(state, "end", "end", "end", "end")  # black ends with 6 left; the round ends
    state = play(state, "end", "end", "end")  # white (double turn), yellow, pink
    assert state.colour == 0 and state.mp == 7  # black has 7 again, not 13


def test_with_several_colours_a_player_moves_only_the_colour_whose_turn_it_is():
    # Two players: seat 0 plays black and yellow. On black's turn the yellow islander stays put.
    state = arrange({"C3": ("bL1", "black"), "D5": ("rE1", "yellow")}, seats=2)
    assert ENGINE.to_move(state) == 0 and ENGINE.acting_colour(state) == "black"
    assert not any(t.startswith("D5") for t in texts(state))
    with pytest.raises(IllegalMove, match="yellow"):
        ENGINE.play_text(state, "D5-E5")


# --- Movements on the beach (section 5A) --------------------------------------------------------------------


def test_a_movement_never_ends_on_an_obstacle_or_in_the_woods():
    state = arrange({"C7": ("bL1", "black")}, obstacles=("C6",))
    moves = texts(state)
    assert "C7-C8" in moves and "C7-D6" in moves
    assert "C7-C6" not in moves  # the obstacle
    assert "C7-D7" not in moves  # the woods
    with pytest.raises(IllegalMove):
        ENGINE.play_text(state, "C7-D7")


def test_a_jump_goes_over_an_islander_not_over_an_obstacle():
    state = arrange({"C3": ("bE2", "black")}, obstacles=("D3",))
    moves = texts(state)
    assert "C3^E4" not in moves and "C3/E4" in moves  # over an obstacle it is a Cross


def test_an_all_rounder_pays_three_for_every_movement_but_the_run():
    state = arrange({"C3": ("bW2", "black"), "D3": ("rE1", "pink")})
    table = costs_of(state)
    assert (table["C3-C4"], table["C3xD3"], table["C3>D3>E4"], table["C3^E4"]) == (1, 3, 3, 3)


def test_endurance_gives_a_free_run_only_to_an_islander_moved_by_mp():
    # bW3 (Endurance) is pushed by bL1: it was moved, but not actively by MP.
    state = arrange({"C3": ("bL1", "black"), "D3": ("bW3", "black")})
    pushed = play(state, "C3>D3>E4")
    assert at(pushed, "E4") == "bW3" and free_runs(pushed) == set()
    ran = play(pushed, "E4-F4")
    assert "F4-G4!" in free_runs(ran) and all(t.startswith("F4") for t in free_runs(ran))


def test_endurance_free_run_may_enter_a_boat_and_take_its_bonus():
    state = arrange({"R1": ("bW3", "black")}, mp=1)
    after = play(state, "R1-Q1")
    assert after.mp == 0 and "Q1-bCl!" in free_runs(after)
    done = play(after, "Q1-bCl!")
    assert on(done, "bCl") == ["bW3"] and done.bonuses[0] == (6,) and done.colour != state.colour


def test_endurance_free_run_may_switch_sides_within_a_boat():
    state = arrange({}, aboard={"bCl": [("bW3", "black")]}, mp=1)
    after = play(state, "bCl-bCr")
    assert after.mp == 0 and free_runs(after) == {"bCr-bCl!"}
    assert on(play(after, "bCr-bCl!"), "bCl") == ["bW3"]


# --- The water area (section 5B) ------------------------------------------------------------------------------


def test_on_the_shore_only_runs_and_pulls_are_available():
    # bE2 has the Jump characteristic; on the shore it may not jump over S4, nor use a Guardian's Run.
    state = guarded(arrange({"S3": ("bE2", "black"), "S4": ("rE1", "pink")}), 1, "A")
    mine = {t for t in texts(state) if t.startswith("S3")}
    assert mine and all(t[2] in "-x" for t in mine)
    assert costs_of(state)["S3-S5"] == 2  # past S4 for 1 MP a field, not a 3-MP Jump


def test_an_islander_in_a_boat_never_leaves_it():
    state = arrange({}, aboard={"bBl": [("bS3", "black")]})
    assert texts(state) == {"bBl-bBr", "end"}  # no way back to the pier or the shore


def test_no_preparation_bonus_once_the_boats_stack_is_used_up():
    state = arrange({"P1": ("bS3", "black"), "P5": ("gS1", "black")})._replace(bonus_next=(5, 0, 0))
    after = play(state, "P1-bBl")
    assert on(after, "bBl") == ["bS3"] and after.bonuses[0] == ()
    assert play(after, "P5-bBr").bonuses[0] == ()


def vertical_board():
    """The Standard beach with a Sailor place on the blue boat's area C left (instead of a Warrior)."""
    data = json.loads(Path("games/engines/fog/boards/standard.json").read_text())
    data["name"] = "sailors-in-c"
    blue = data["boats"][0]
    for place in blue["places"]:
        if (place["area"], place["side"]) == ("C", "l"):
            place["type"] = "S"
    codes = [c for c in blue["islanders"] if c != "We"]
    codes.insert(codes.index("Sj") + 1, "Se")  # one Sailor more, one Warrior less: bS4 has Endurance
    blue["islanders"] = codes
    return json.dumps(data)


def on_vertical_board(pieces, aboard, drive_off="off"):
    options = {"board": "custom", "board_file": vertical_board(), "drive_off": drive_off}
    return arrange(pieces, options=options, layout=layout_for(options), aboard=aboard)


def test_islanders_may_move_vertically_in_the_boat_to_a_matching_place():
    state = on_vertical_board({}, {"bBl": [("bS3", "black")]})
    table = costs_of(state)
    assert table["bBl-bCl"] == 1 and table["bBl-bBr"] == 1
    assert on(play(state, "bBl-bCl"), "bCl") == ["bS3"]


def test_drive_off_advanced_sends_the_driven_off_islander_to_another_boat_area_when_its_own_is_full():
    # From the right pier P5: bBr (1 MP) is taken, bBl (2 MP) is taken, bCl (3 MP) is free. The
    # driven-off Sailor goes to area B if it can (no), else to another area (bCl), not the stern.
    aboard = {"bBl": [("rS1", "pink")], "bBr": [("rS2", "pink")]}
    state = on_vertical_board({"P5": ("bS3", "black")}, aboard, drive_off="advanced")
    assert {t for t in texts(state) if t.startswith("P5-bBr")} == {"P5-bBr=bCl"}
    after = play(state, "P5-bBr=bCl")
    assert (on(after, "bBr"), on(after, "bCl"), on(after, "bST")) == (["bS3"], ["rS2"], [])


# --- Option 10, Rescue the Leaders ----------------------------------------------------------------------------


def leaders_start(options):
    start = ENGINE.setup({"rescue_the_leaders": True, **options}, seats=4, seed=2)
    board = start.rules.board
    codes = {board.islanders[i].type + board.islanders[i].nation: islander_code(board, i) for i in start.rules.leaders}
    layout = dict(start.rules.layout, boat_scoring=SCORING)
    return codes, layout


def test_rescue_the_leaders_five_for_the_stern_of_its_nation_or_a_place_in_another_boat():
    codes, layout = leaders_start({})
    elder = next(code for key, code in codes.items() if key.startswith("E"))
    state = arrange(
        {"P9": (elder, "white")},  # a Leader on a pier: rescued, but none of the three cases: 0
        options={"rescue_the_leaders": True},
        layout=layout,
        aboard={
            "bDl": [(codes["Lblue"], "black")],  # its nation's productive place: 15
            "gDl": [(codes["Lred"], "pink")],  # a productive place in another nation's boat: 5
            "gST": [(codes["Lgreen"], "yellow")],  # the stern of its nation's boat: 5
        },
    )
    leaders = [c["leaders"] for c in categories(final(state))]
    assert leaders == [15, 5, 5, 0]


def test_rescue_the_leaders_a_leader_stacked_on_its_nations_place_and_the_islander_below_both_score():
    codes, layout = leaders_start({})
    state = arrange(
        {"P1": (codes["Lblue"], "black")},
        options={"rescue_the_leaders": True},
        layout=layout,
        aboard={"bDl": [(codes["Lred"], "pink")]},
    )
    after = play(state, "P1-bDl")
    assert on(after, "bDl") == [codes["Lred"], codes["Lblue"]]
    black, pink = categories(final(after))[:2]
    assert (black["nation"], black["boat_areas"], black["leaders"]) == (4, 2, 15)
    assert (pink["nation"], pink["boat_areas"], pink["leaders"]) == (0, 2, 5)  # scored normally


# --- (b) a boat that does not depart and the "2b" scorings ------------------------------------------------------


def test_a_boat_that_does_not_depart_still_counts_for_rescue_the_leaders_and_boats_without_a_colour():
    options = {"minimum_crew": True, "boats_without_colour": True}
    codes, layout = leaders_start(options)
    # The blue boat has nobody in area A: it stays. The green boat has its crew and departs.
    state = arrange(
        {},
        options={"rescue_the_leaders": True, **options},
        layout=layout,
        aboard={
            "bDl": [(codes["Lblue"], "black")],
            "gAm": [("gE1", "pink")],
            "gBl": [("gS1", "pink")],
        },
    )
    black, pink = categories(final(state))[:2]
    assert black["nation"] == 0 and black["boat_areas"] == 0  # scorings 1 and 2 skipped
    assert black["leaders"] == 15  # 2b: the Leader is on its nation's productive place
    assert black["boats_without_colour"] == -24  # 2b: only the green and red boats lack black
    assert pink["boats_without_colour"] == -24 and pink["nation"] == 8


# --- (a) Drive Off (intensive): the covered islander ---------------------------------------------------------------


def test_drive_off_intensive_the_covered_islander_is_rescued_and_counts_for_missions_but_scores_nothing():
    options = {"drive_off": "intensive", "missions": "both", "boats_without_colour": True}
    state = arrange(
        {"P5": ("bC1", "black")},
        options=options,
        layout=layout_for(options, boat_scoring=SCORING),
        aboard={"bDr": [("rC1", "pink")]},  # the blue boat's only Commoner place
    )
    after = play(state, "P5-bDr")
    assert on(after, "bDr") == ["rC1", "bC1"]
    # Card 37: any Warrior, a red Sailor, any Commoner; card 51: most islanders in the blue boat.
    result = final(after, missions=((37, 51),) * 4)
    black, pink = result.details["colours"][:2]
    assert black["categories"]["boat_areas"] == 2 and pink["categories"]["boat_areas"] == 0  # only the top
    assert pink["rescued"] == 1 and pink["commoners_rescued"] == 1
    assert pink["categories"]["missions"] == 3 + 10  # the Commoner for card 37; a tie in the blue boat
    assert black["categories"]["missions"] == 3 + 10
    assert pink["categories"]["boats_without_colour"] == -24  # on a productive place of the blue boat
    assert result.seats[1].tiebreak[2] == 1


# --- (c) the Guardian of Air (A) and the Jump characteristic -------------------------------------------------------


def air(event=None, options=None, **pieces):
    opts = {"guardians": "A", **({"events": "on"} if event else {}), **(options or {})}
    state = arrange({"C3": ("bE2", "black"), "D3": ("rE1", "pink")}, options=opts)
    if event:
        state = state._replace(event=event)
    return guarded(state, 4, "A")


def test_guardian_of_air_a_and_the_jump_characteristic_do_not_add_up():
    assert costs_of(air())["C3^E4"] == 2  # 2 either way, never 1
    assert costs_of(air(options={"enhanced_movements": True}))["eC3^D3^E3"] == 4  # 2 + 2


def test_an_event_on_characteristics_never_makes_the_guardians_jump_dearer():
    # Demanding (31): a movement with a characteristic costs 1 more, so the Jump islander jumps by
    # the Guardian of Air for 2, like any islander; without the Guardian its jump costs 3.
    assert costs_of(air(31))["C3^E4"] == 2
    plain = arrange({"C3": ("bE2", "black"), "D3": ("rE1", "pink")}, options={"events": "on"})._replace(event=31)
    assert costs_of(plain)["C3^E4"] == 3
    # Easiness (30): the Guardian's jump is a movement without a characteristic: 2 - 1.
    assert costs_of(air(30))["C3^E4"] == 1
    # The All-rounder's Cross (3) and the Guardian of Nature's (3) under Demanding: 3, not 4.
    nature = arrange({"C3": ("bW2", "black")}, obstacles=("D3",), options={"events": "on", "guardians": "A"})
    assert costs_of(guarded(nature._replace(event=31), 5, "A"))["C3/E4"] == 3


# --- Uncertainty: missions with the purple boat; solo Commoner goal ------------------------------------------------


@pytest.mark.parametrize("card", [57, 59])
def test_purple_boat_achievement_missions_score_ten_on_the_medium_beach(card):
    options = {"board": "medium", "missions": "achievements"}
    state = arrange({}, options=options, seats=5, aboard={"pBl": [("pS1", "black")], "bBl": [("pS2", "pink")]})
    result = final(state, missions=((card,),) * 5)
    points = [row["categories"]["missions"] for row in result.details["colours"]]
    # 57: most islanders in the purple boat (black); 59: most rescued purple islanders (a tie).
    assert points == ([10, 0, 0, 0, 0] if card == 57 else [10, 10, 0, 0, 0])


def test_solo_commoner_rescue_counts_a_commoner_in_the_stern():
    aboard = {"bST": [("bC1", "blue")], "gST": [("gC1", "green")], "rDr": [("rC1", "red")]}
    detail = final(arrange({}, seats=1, colour="blue", aboard=aboard)).seats[0].details
    assert detail["categories"]["commoner_rescue"] == 0
    aboard.pop("gST")
    detail = final(arrange({}, seats=1, colour="blue", aboard=aboard)).seats[0].details
    assert detail["categories"]["commoner_rescue"] == -20
