"""Uncertainty, deck 3: the Unforeseen Events (cards 18-36), one test per card.

Islanders used (Standard beach): bL1 Leader with Push, bE2 Elder with Jump, bS1 Sailor with
Push, bS3 Sailor with Jump, bW1 Warrior with Cross, bW2 Warrior All-rounder, bW3 Warrior with
Endurance, bC1 Commoner with Cross. The blue boat: left pier P1, Sailor places bBl and bBr, the
stern bST reached from S2-S4. Hexes: C3's neighbours are C4 (E), D3 (NE), D2 (NW), C2, B2, B3.
"""

import random

import pytest

from games.engines.base import IllegalMove
from games.engines.fog import movegen
from games.engines.fog.state import MOVE
from tests.engines.fog.positions import ENGINE, arrange, play, texts


def costs_of(state):
    return {ENGINE.move_to_text(state, m): c for m, c in movegen.movement_costs(state).items()}


def during(event, pieces, obstacles=(), **kwargs):
    """A position in a round where ``event`` is face up."""
    return arrange(pieces, obstacles, options={"events": "on"}, **kwargs)._replace(event=event)


def calm(pieces, obstacles=(), **kwargs):
    return during(36, pieces, obstacles, **kwargs)


# A Leader with Push that can Run, Swap, Push, Jump, Cross and Squeeze from C3.
EVERY_MOVEMENT = {"C3": ("bL1", "black"), "D3": ("rE1", "pink")}
EVERY_OBSTACLE = ("C4",)
EVERY_TEXT = {
    "run": "C3-B2",
    "swap": "C3xD3",
    "push": "C3>D3>E4",
    "jump": "C3^E4",
    "cross": "C3/C5",
    "squeeze": "C3%D4",
}


def every_cost(event):
    table = costs_of(during(event, EVERY_MOVEMENT, EVERY_OBSTACLE))
    return {kind: table.get(text) for kind, text in EVERY_TEXT.items()}


def test_without_an_event_the_base_costs_apply():
    # Push is the Leader's characteristic (2 MP); Calm (36): there is no event.
    base = {"run": 1, "swap": 3, "push": 2, "jump": 3, "cross": 4, "squeeze": 4}
    assert every_cost(36) == base
    assert {k: costs_of(arrange(EVERY_MOVEMENT, EVERY_OBSTACLE)).get(t) for k, t in EVERY_TEXT.items()} == base


def test_an_event_is_revealed_at_the_start_of_the_first_round():
    state = ENGINE.setup({"events": "on"}, seats=4, seed=2)
    deck = list(state.rules.layout["event_deck"])
    while state.phase != MOVE:
        state = ENGINE.play(state, ENGINE.legal_moves(state)[0])
    assert state.event == deck[0] and len(state.event_deck) == len(deck) - 1


def test_an_event_applies_until_the_end_of_the_round():
    state = arrange({"K3": ("bE1", "black")}, options={"events": "on"})._replace(event=36, event_deck=(26, 29))
    state = play(state, "end", "end", "end")
    assert state.event == 36 and state.mp == 7  # the last colour's first turn is still in the calm round
    state = play(state, "end")
    assert state.event == 26 and state.mp == 5  # its second turn (the double turn) is in the new round
    state = play(state, "end", "end", "end", "end")
    assert state.event == 29 and state.mp == 9


def test_calm_is_left_out_when_an_event_must_happen_each_round():
    layout = ENGINE.make_layout(ENGINE.normalize_options({"events": "always"}), 4, random.Random(1))
    assert sorted(layout["event_deck"]) == list(range(18, 36))
    on = ENGINE.make_layout(ENGINE.normalize_options({"events": "on"}), 4, random.Random(1))
    assert sorted(on["event_deck"]) == list(range(18, 37))


# --- 18-23: islander types ------------------------------------------------------------------------------


def test_exhaustion_each_sailor_movement_costs_one_more():
    state = during(18, {"C3": ("bS3", "black"), "D3": ("rE1", "pink"), "A1": ("bL1", "black")})
    table = costs_of(state)
    assert (table["C3-C4"], table["C3xD3"], table["C3^E4"]) == (2, 4, 3)
    assert table["A1-A2"] == 1  # a Leader is not a Sailor


def test_dutiful_each_sailor_movement_costs_one_less_but_at_least_one():
    pieces = {"C3": ("bS3", "black"), "D3": ("rE1", "pink"), "A1": ("bL1", "black"), "A2": ("rE2", "pink")}
    table = costs_of(during(19, pieces))
    assert (table["C3xD3"], table["C3^E4"], table["C3-C4"]) == (2, 1, 1)
    assert table["A1xA2"] == 3
    assert costs_of(during(19, {"P1": ("bS3", "black")}))["P1-bBl"] == 1


def test_heavy_baggage_each_warrior_and_commoner_movement_costs_one_more():
    pieces = {"C3": ("bW1", "black"), "D3": ("rE1", "pink"), "A1": ("bC1", "black"), "A5": ("bE2", "black")}
    table = costs_of(during(20, pieces, ("C4",)))
    assert (table["C3-B2"], table["C3xD3"], table["C3/C5"]) == (2, 4, 3)
    assert table["A1-A2"] == 2 and table["A5-A6"] == 1  # the Commoner pays more, the Elder does not
    assert costs_of(during(20, {"S2": ("bW1", "black")}))["S2-S4"] == 4  # each water step is a movement


def test_honorable_each_warrior_and_commoner_movement_costs_one_less_but_at_least_one():
    pieces = {"C3": ("bW1", "black"), "D3": ("rE1", "pink"), "A1": ("bC1", "black"), "A5": ("bL1", "black")}
    pieces["A6"] = ("rE2", "pink")
    table = costs_of(during(21, pieces, ("C4",)))
    assert (table["C3xD3"], table["C3/C5"], table["C3-B2"], table["A1-A2"]) == (2, 1, 1, 1)
    assert table["A5xA6"] == 3


def test_responsibility_each_leader_and_elder_movement_costs_one_more():
    pieces = {"C3": ("bL1", "black"), "D3": ("rE1", "pink"), "A1": ("bE2", "black"), "A5": ("bS1", "black")}
    table = costs_of(during(22, pieces))
    assert (table["C3-B2"], table["C3xD3"], table["C3>D3>E4"], table["A1-A2"]) == (2, 4, 3, 2)
    assert table["A5-A6"] == 1


def test_exemplary_each_leader_and_elder_movement_costs_one_less_but_at_least_one():
    pieces = {"C3": ("bL1", "black"), "D3": ("rE1", "pink"), "A1": ("bE2", "black"), "A2": ("rE2", "pink")}
    pieces |= {"A5": ("bS3", "black"), "A6": ("rS1", "pink")}
    table = costs_of(during(23, pieces))
    assert (table["C3xD3"], table["C3>D3>E4"], table["C3-B2"], table["A1^A3"]) == (2, 1, 1, 1)
    assert table["A5xA6"] == 3


# --- 24-25: entering a boat -------------------------------------------------------------------------------


@pytest.mark.parametrize(("event", "extra"), [(24, 1), (25, 2), (36, 0)])
def test_slippery_and_slipped_each_entry_into_a_boat_costs_more(event, extra):
    pieces = {"P1": ("bS3", "black"), "K3": ("bE1", "black")}
    table = costs_of(during(event, pieces, aboard={"gBl": [("bS1", "black")]}))
    assert table["P1-bBl"] == 1 + extra
    assert table["K3-bST"] == 2 + extra  # K3 -> S3 -> the stern: two steps and one entry
    assert table["gBl-gBr"] == 1  # moving inside a boat is not an entry


# --- 26-29: movement points --------------------------------------------------------------------------------


@pytest.mark.parametrize(("event", "mp"), [(26, 5), (27, 6), (28, 8), (29, 9)])
def test_disaster_misfortune_scope_and_luck_set_the_movement_points_of_the_round(event, mp):
    state = arrange({"K3": ("bE1", "black")}, options={"events": "on"})._replace(event=36, event_deck=(event,))
    state = play(state, "end", "end", "end", "end")  # the next round reveals the card
    seen = []
    for _ in range(4):
        seen.append(state.mp)
        state = play(state, "end")
    assert seen == [mp] * 4


# --- 30-33: characteristics and movement types -----------------------------------------------------------


def test_easiness_each_movement_without_a_characteristic_costs_one_less():
    assert every_cost(30) == {"run": 1, "swap": 2, "push": 2, "jump": 2, "cross": 3, "squeeze": 3}


def test_demanding_each_movement_with_a_characteristic_costs_one_more():
    assert every_cost(31) == {"run": 1, "swap": 3, "push": 3, "jump": 3, "cross": 4, "squeeze": 4}
    allrounder = costs_of(during(31, {"A1": ("bW2", "black")}, ("A2",)))
    assert allrounder["A1/A3"] == 4  # the All-rounder's Cross (3) is a characteristic


def test_headwind_each_run_costs_one_more_but_not_the_endurance_run():
    assert every_cost(32)["run"] == 2
    water = costs_of(during(32, {"S2": ("bE1", "black"), "S3": ("rE1", "pink")}))
    assert water["S2-S4"] == 4 and water["S2xS3"] == 2  # every water step and the pull back are Runs
    runner = during(32, {"C3": ("bW3", "black")}, mp=2)  # bW3 has Endurance
    after = play(runner, "C3-D3")
    assert after.mp == 0 and costs_of(after)["D3-E4!"] == 0


def test_skillful_each_swap_costs_one_less():
    assert every_cost(33) == {"run": 1, "swap": 2, "push": 2, "jump": 3, "cross": 4, "squeeze": 4}


# --- 34-36: forbidden movements ------------------------------------------------------------------------------


def test_gusty_forbids_jump_and_cross():
    assert every_cost(34) == {"run": 1, "swap": 3, "push": 2, "jump": None, "cross": None, "squeeze": 4}
    with pytest.raises(IllegalMove, match="forbidden this round"):
        ENGINE.play_text(during(34, EVERY_MOVEMENT, EVERY_OBSTACLE), "C3^E4")


def test_dizzy_spell_forbids_push_and_squeeze():
    assert every_cost(35) == {"run": 1, "swap": 3, "push": None, "jump": 3, "cross": 4, "squeeze": None}
    with pytest.raises(IllegalMove, match="forbidden this round"):
        ENGINE.play_text(during(35, EVERY_MOVEMENT, EVERY_OBSTACLE), "C3>D3>E4")


def test_calm_there_is_no_event():
    assert every_cost(36) == every_cost(-1)
    state = arrange({"K3": ("bE1", "black")}, options={"events": "on"})._replace(event=36, event_deck=(36,))
    assert play(state, "end", "end", "end", "end").mp == 7
    assert texts(calm(EVERY_MOVEMENT, EVERY_OBSTACLE)) == texts(arrange(EVERY_MOVEMENT, EVERY_OBSTACLE))
