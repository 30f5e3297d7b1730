"""Rule combinations that random games reach only by chance, each built as one position.

1. Missions that count islanders in boats, when a boat does not depart (option 5 Minimum Boat Crew,
   or the solo scenario's minimum goals). The text skips only "scorings 1 and 2" (nation and Boat
   Areas) for such a boat; the missions are "done last" and are not named, so islanders in a boat
   that stays still count for them (and for the solo Commoner goal).
2. Guardian abilities during an Unforeseen Event: a forbidden movement stays forbidden with the
   Guardian that would make it cheaper; the event's cost change applies to the Guardian's movement
   like to any other; the Guardian B "+1" Run is free like Endurance, which Headwind does not affect
   (docs/games/fog.md); Guardian of Speed B counts fields run, not MP paid.
3. Drive Off (option 3) on the Large beach's purple boat, whose areas B (Sailors) and C (Warriors)
   have three places: left and middle are one step from the left pier (P13), the right one two.

Standard beach: the blue boat's places bAm (Elder), bBl/bBr (Sailors), bCl/bCr (Warriors), bDl
(Leader), bDr (Commoner); its left pier P1, right pier P5, stern bST. bL1 is a Leader with Push, bS3
a Sailor with Jump.
"""

import random

import pytest

from tests.engines.fog.positions import ENGINE, SCORING, arrange, at, costs_of, final, free_runs, on, play, texts
from tests.engines.fog.test_guardians import guarded


def rows(result):
    return result.details["colours"]


# --- 1 Missions and boats that do not depart -----------------------------------------------------------------

# The blue boat has nobody in area A, so with Minimum Boat Crew it stays; the green boat has its crew.
# Black: a blue and a red Sailor in the blue boat (area B) and a blue Elder on its pier; pink: a green
# Elder in the blue stern and two green islanders in the green boat's areas A and B.
STAYING_BLUE = {
    "bBl": [("bS1", "black")],
    "bBr": [("rS1", "black")],
    "bST": [("gE1", "pink")],
    "gAm": [("gE2", "pink")],
    "gBl": [("gS1", "pink")],
}
ON_BLUE_PIER = {"P1": ("bE1", "black")}


def crew_final(missions, cards, *, minimum_crew=True, aboard=STAYING_BLUE, pieces=ON_BLUE_PIER):
    options = {"minimum_crew": minimum_crew, "missions": missions}
    layout = ENGINE.make_layout(ENGINE.normalize_options(options), 4, random.Random(0))
    layout["boat_scoring"] = SCORING
    state = arrange(pieces, options=options, layout=layout, aboard=aboard)
    return final(state, missions=tuple(tuple(c) for c in cards))


def test_minimum_crew_skips_only_nation_and_boat_areas_of_a_boat_that_stays_not_the_missions():
    result = crew_final("achievements", [(51,), (52,), (49,), (54,)])
    black, pink = (rows(result)[c]["categories"] for c in (0, 1))
    # The blue boat stays: black's blue Sailor earns no nation points and neither Sailor Boat Area RP.
    assert black["nation"] == 0 and black["boat_areas"] == 0
    # The colours with the fewest islanders in the blue boat's areas A+B (pink, yellow, white: none)
    # lose 20 for it; the empty red boat stays too and costs every colour 20.
    assert black["minimum_crew"] == -20 and pink["minimum_crew"] == -40
    # Card 51, "most islanders in the blue boat": black has 2 there against pink's 1 (in the stern).
    assert black["missions"] == 10
    # The green boat departs: pink scores it in full and wins card 52 too.
    assert (pink["nation"], pink["boat_areas"], pink["missions"]) == (8, 6 + 5, 10)
    departing = crew_final("achievements", [(51,), (52,), (49,), (54,)], minimum_crew=False)
    assert rows(departing)[0]["categories"]["nation"] == 4
    assert [r["categories"]["missions"] for r in rows(departing)] == [r["categories"]["missions"] for r in rows(result)]


def test_most_islanders_in_any_one_boat_counts_a_boat_that_does_not_depart():
    # Card 49/50: black leads only in the blue boat, which stays; that is still "the most in one boat".
    result = crew_final("achievements", [(49,), (50,), (49,), (50,)])
    assert [r["categories"]["missions"] for r in rows(result)] == [8, 8, 0, 0]
    assert rows(result)[0]["categories"]["nation"] == 0


def test_most_rescued_of_a_colour_counts_islanders_in_and_on_the_pier_of_a_boat_that_stays():
    # Card 54, "most rescued blue islanders (in a boat or on the pier)": black's blue Sailor in the
    # staying blue boat and blue Elder on its pier make 2; pink's blue Commoner in the green boat 1.
    aboard = {**STAYING_BLUE, "gDr": [("bC1", "pink")]}
    result = crew_final("achievements", [(54,), (54,), (54,), (54,)], aboard=aboard)
    assert [r["categories"]["missions"] for r in rows(result)] == [10, 0, 0, 0]
    assert rows(result)[0]["rescued"] == 3  # the Elder on the pier and both Sailors are rescued


def test_a_rescued_islanders_mission_counts_islanders_in_a_boat_that_stays():
    # Card 37 wants any Warrior, a red Sailor and any Commoner: all three sit in the blue boat, which
    # has nobody in area A and so does not depart; the card still has all three rescued (10 RP).
    aboard = {"bCl": [("gW1", "black")], "bBl": [("rS1", "black")], "bDr": [("bC1", "black")]}
    result = crew_final("rescued", [(37,), (38,), (39,), (40,)], aboard=aboard, pieces={})
    black = rows(result)[0]
    assert black["categories"]["boat_areas"] == 0 and black["categories"]["nation"] == 0
    assert black["categories"]["missions"] == 10 and black["commoners_rescued"] == 1


def test_solo_minimum_goals_a_commoner_in_a_boat_that_stays_still_meets_the_commoner_goal():
    # brume-s1: minimum crew and Commoner goals at -20, Boat Scorings 6/5/4/2. The blue boat has no
    # Elder in area A and stays, yet carries a blue Commoner; green departs with its Commoner; red is empty.
    aboard = {
        "bBl": [("bS1", "blue")],
        "bDr": [("bC1", "blue")],
        "gAm": [("gE1", "green")],
        "gBl": [("gS1", "green")],
        "gDr": [("gC1", "green")],
    }
    detail = final(arrange({}, seats=1, colour="blue", aboard=aboard)).seats[0].details
    blue, green, red = detail["nations"]
    assert red["commoners_rescued"] == 0 and red["rescued"] == 0
    assert blue["categories"] == {"nation": 0, "boat_areas": 0, "lost": 0}  # scorings 1 and 2 skipped
    assert green["categories"] == {"nation": 12, "boat_areas": 6 + 5 + 2, "lost": 0}
    assert detail["categories"]["minimum_crew"] == -40  # blue and red stay
    assert detail["categories"]["commoner_rescue"] == -20  # only red lacks a Commoner of its nation
    assert blue["commoners_rescued"] == 1
    assert detail["rescue_points"] == 25 - 40 - 20


# --- 2 Guardians during Unforeseen Events ----------------------------------------------------------------


def during(event, card, side, pieces, obstacles=(), **kwargs):
    """The colour to act holds Guardian ``card`` in a round with ``event`` face up."""
    state = arrange(pieces, obstacles, options={"events": "on", "guardians": side}, **kwargs)
    return guarded(state._replace(event=event), card, side)


def test_gusty_forbids_the_guardian_of_airs_jump_and_the_guardian_of_natures_cross():
    jump = {"C3": ("bL1", "black"), "D3": ("rE1", "pink")}
    assert costs_of(during(36, 4, "A", jump))["C3^E4"] == 2  # calm: the Guardian of Air A jumps for 2
    assert "C3^E4" not in costs_of(during(34, 4, "A", jump))
    assert not any("^" in t for t in texts(during(34, 4, "B", jump)))  # no Jump, no islander sent back
    cross = during(34, 5, "B", {"C3": ("bL1", "black")}, ("D3",))
    assert not any("/" in t for t in texts(cross))
    # Without a Cross the Guardian of Nature B gives no free Run.
    assert free_runs(play(cross, "C3-C4")) == set()


def test_dizzy_spell_forbids_the_guardian_of_strengths_push_and_the_guardian_of_skills_squeeze():
    line = {"C3": ("bE2", "black"), "C4": ("rE1", "pink"), "C5": ("rE2", "pink"), "C6": ("rW1", "pink")}
    assert costs_of(during(36, 3, "B", line))["C3>C4>C5"] == 3  # calm: three pushed at the normal cost
    for side in ("A", "B"):
        assert not any(">" in t for t in texts(during(35, 3, side, line)))
    squeeze = {"C3": ("bL1", "black"), "D2": ("rE1", "pink")}
    assert "C3%E3@C2" in texts(during(36, 6, "B", squeeze, ("D3",)))
    assert not any("%" in t for t in texts(during(35, 6, "B", squeeze, ("D3",))))


def test_headwind_makes_the_guardian_of_speed_as_run_cost_one_more_and_gusty_does_not_forbid_it():
    # Speed A is one Run of three hexes for 2 MP; "each Run costs 1 MP more" makes it 3.
    state = during(32, 1, "A", {"C3": ("bL1", "black")})
    assert costs_of(state)["C3*C6"] == 3 and costs_of(state)["C3-C4"] == 2
    assert play(state, "C3*C6").mp == 4
    assert costs_of(during(18, 1, "A", {"C3": ("bS3", "black")}))["C3*C6"] == 3  # Exhaustion: a Sailor's Run
    for event in (34, 35):  # Jump/Cross and Push/Squeeze are forbidden, a Run is not
        assert costs_of(during(event, 1, "A", {"C3": ("bL1", "black")}))["C3*C6"] == 2


def test_headwind_does_not_affect_the_guardian_of_speed_bs_free_run():
    # Three Runs at 2 MP each use all 6 MP; the free "+1" Run, like Endurance, still costs nothing.
    state = during(32, 1, "B", {"C3": ("bL1", "black")}, mp=6)
    after = play(state, "C3-D3", "D3-E4", "E4-F4")
    assert after.mp == 0 and after.colour == state.colour  # the turn waits for the free Run
    assert costs_of(after)["F4-G4!"] == 0
    done = play(after, "F4-G4!")
    assert at(done, "G4") == "bL1" and done.colour != state.colour


def test_guardian_of_speed_b_counts_water_fields_not_mp_under_headwind_and_slippery():
    # Headwind: K3-S3 (one field, 2 MP) and S3-S5 (two fields, 4 MP) are three fields run.
    water = play(during(32, 1, "B", {"K3": ("bL1", "black")}), "K3-S3", "S3-S5")
    assert water.mp == 1 and "S5-S6!" in free_runs(water)
    # Slippery: S4-P5-bBr is two fields and one entry, 3 MP; the entry is not a field.
    slippery = during(24, 1, "B", {"S4": ("bS3", "black"), "K4": ("bS1", "black")})
    assert costs_of(slippery)["S4-bBr"] == 3
    assert free_runs(play(slippery, "S4-bBr")) == set()
    # One more field first (K4 -> S4 is beach to shore) makes three: the free Run may switch sides.
    runner = during(24, 1, "B", {"K4": ("bS3", "black")})
    after = play(runner, "K4-S4", "S4-bBr")
    assert after.mp == 7 - 1 - 3 and "bBr-bBl!" in free_runs(after)
    assert on(play(after, "bBr-bBl!"), "bBl") == ["bS3"]


def test_skillful_makes_the_guardian_of_cunning_as_second_and_third_swap_cost_one():
    # Cunning A: the 2nd and 3rd Swap of one islander cost 2; "each Swap costs 1 MP less" on top.
    pieces = {"C3": ("bL1", "black")}
    pieces |= {f"C{k}": (code, "pink") for k, code in ((4, "rE1"), (5, "rE2"), (6, "rW1"), (7, "rW2"))}
    state = during(33, 2, "A", pieces, mp=15)
    paid = []
    for swap in ("C3xC4", "C4xC5", "C5xC6", "C6xC7"):
        paid.append(costs_of(state)[swap])
        state = play(state, swap)
    assert paid == [2, 1, 1, 2]
    assert state.mp == 15 - 6 and at(state, "C7") == "bL1"


# --- 3 Drive Off on the Large beach's three-place areas ------------------------------------------------------

LARGE = {"board": "large"}


def purple(mode, aboard, mover=("P13", "pS1")):
    """Black's purple islander on a pier of the purple boat (6 seats on the Large beach)."""
    return arrange(
        {mover[0]: (mover[1], "black")},
        options={**LARGE, "drive_off": mode, "boat_scoring": "standard"},
        seats=6,
        aboard=aboard,
    )


def area_b_targets(state, pier="P13"):
    return {t: c for t, c in costs_of(state).items() if t.startswith(f"{pier}-pB")}


# Pink's red Sailor on pBl, yellow's green Sailor on pBm; pBr is free but two steps from P13.
TWO_TAKEN = {"pBl": [("rS1", "pink")], "pBm": [("gS1", "yellow")]}
ALL_TAKEN = {**TWO_TAKEN, "pBr": [("rS2", "pink")]}


@pytest.mark.parametrize("mode", ["family", "intensive"])
def test_drive_off_family_and_intensive_on_a_three_place_large_area_stack_on_the_near_places(mode):
    state = purple(mode, TWO_TAKEN)
    # C: the free pBr costs 2 MP from P13, so both occupied places reachable for 1 MP may be taken.
    assert area_b_targets(state) == {"P13-pBl": 1, "P13-pBm": 1, "P13-pBr": 2}
    after = play(state, "P13-pBm")
    assert on(after, "pBm") == ["gS1", "pS1"] and on(after, "pBl") == ["rS1"] and on(after, "pBr") == []
    assert after.bonuses[0] == (6,)  # the boarding islander takes the purple boat's top bonus
    result = final(after)
    area_b = after.rules.area_values[3][1]
    black, pink, yellow = (rows(result)[c]["categories"] for c in (0, 1, 2))
    assert black["nation"] == 4 and black["boat_areas"] == area_b
    assert pink["boat_areas"] == area_b  # pink's Sailor on pBl was not driven off
    # Family: both islanders on pBm score; Intensive: only the top one.
    assert yellow["boat_areas"] == (area_b if mode == "family" else 0)
    assert rows(result)[2]["rescued"] == 1  # either way the covered islander is in the boat


@pytest.mark.parametrize("mode", ["family", "advanced", "intensive"])
def test_drive_off_on_a_three_place_large_area_is_refused_while_the_middle_place_is_free(mode):
    # pBm is free and one step from either pier: no occupied place may be taken for 1 MP (condition C),
    # nor pBr for 2 MP from P13.
    state = purple(mode, {"pBl": [("rS1", "pink")], "pBr": [("rS2", "pink")]})
    assert area_b_targets(state) == {"P13-pBm": 1}
    right = purple(mode, {"pBl": [("rS1", "pink")], "pBr": [("rS2", "pink")]}, mover=("P17", "pS1"))
    assert area_b_targets(right, "P17") == {"P17-pBm": 1}


def test_drive_off_advanced_on_a_three_place_large_area_sends_the_driven_off_islander_to_the_free_place():
    state = purple("advanced", TWO_TAKEN)
    # A: the same Boat Area has a free Sailor place (pBr), so that is the only destination.
    assert area_b_targets(state) == {"P13-pBl=pBr": 1, "P13-pBm=pBr": 1, "P13-pBr": 2}
    after = play(state, "P13-pBl=pBr")
    assert (on(after, "pBl"), on(after, "pBm"), on(after, "pBr")) == (["pS1"], ["gS1"], ["rS1"])
    assert after.mp == 6 and after.bonuses[0] == (6,) and after.bonuses[1] == ()  # moving aboard takes no bonus
    pink = rows(final(after))[1]["categories"]
    assert pink["boat_areas"] == after.rules.area_values[3][1]  # still scored in area B


def test_drive_off_advanced_on_a_full_three_place_large_area_sends_the_driven_off_islander_to_the_full_stern():
    # All three Sailor places taken and no Sailor place in another area: the stern, even when full.
    stern = [("rE1", "pink"), ("rE2", "pink"), ("gE1", "yellow")]
    state = purple("advanced", {**ALL_TAKEN, "pST": stern})
    assert area_b_targets(state) == {"P13-pBl=pST": 1, "P13-pBm=pST": 1, "P13-pBr=pST": 2}
    after = play(state, "P13-pBm=pST")
    assert on(after, "pBm") == ["pS1"] and on(after, "pST") == ["rE1", "rE2", "gE1", "gS1"]
    assert on(after, "pBl") == ["rS1"] and on(after, "pBr") == ["rS2"]
    board = after.rules.board
    assert board.place(board.node("pST")).capacity == 3  # the stern was full before
    yellow = rows(final(after))[2]
    assert yellow["categories"]["boat_areas"] == 0 and yellow["categories"]["nation"] == 0  # green in purple
    assert yellow["rescued"] == 2  # the driven-off Sailor is still in the boat


def test_drive_off_intensive_on_a_three_place_large_warrior_area_only_the_top_islander_scores():
    aboard = {"pCl": [("rW1", "pink")], "pCm": [("gW1", "yellow")], "pCr": [("rW2", "pink")]}
    state = purple("intensive", aboard, mover=("P13", "pW1"))
    warriors = {t: c for t, c in costs_of(state).items() if t.startswith("P13-pC")}
    assert warriors == {"P13-pCl": 1, "P13-pCm": 1, "P13-pCr": 2}  # no free Warrior place at all
    after = play(state, "P13-pCl")
    assert on(after, "pCl") == ["rW1", "pW1"]
    area_c = after.rules.area_values[3][2]
    cats = [rows(final(after))[c]["categories"] for c in range(3)]
    assert cats[0]["boat_areas"] == area_c and cats[0]["nation"] == 4
    assert cats[1]["boat_areas"] == area_c  # pink: rW2 on pCr scores, the covered rW1 does not
    assert cats[2]["boat_areas"] == area_c  # yellow's gW1 on pCm


@pytest.mark.parametrize("mode", ["family", "intensive"])
def test_drive_off_on_a_three_place_large_area_never_covers_an_islander_of_the_boats_nation(mode):
    # pBl holds pink's red Sailor under black's purple one. Condition B looks at the islander on the
    # place, the top one: purple, the boat's nation, so a second purple Sailor may not stack there;
    # pBm (a green Sailor on top) may still be taken.
    aboard = {"pBl": [("rS1", "pink"), ("pS1", "black")], "pBm": [("gS1", "yellow")], "pBr": [("rS2", "pink")]}
    state = purple(mode, aboard, mover=("P13", "pS2"))
    assert area_b_targets(state) == {"P13-pBm": 1, "P13-pBr": 2}
    after = play(state, "P13-pBm")
    assert on(after, "pBm") == ["gS1", "pS2"] and on(after, "pBl") == ["rS1", "pS1"]
