"""Uncertainty, decks 4 and 5: the "Rescued Islanders" and "Rescue Achievements" missions, secret or open.

The contents of the "Rescued Islanders" cards are ours (the text shows them only as pictures):
three islanders each, 3/6/10 RP for 1/2/3 of them rescued (components.py). Card 37 asks for any
Warrior, a red Sailor and any Commoner; card 42 for any Warrior, a red Leader and a green Sailor;
card 38 for any Elder, a blue Sailor and a green Warrior. Rescued: in a boat or on a pier.
"""

import json
import random

import pytest

from games.engines.fog import components as comp
from games.engines.fog.state import DRAFT, MISSIONS, MOVE, OVER
from tests.engines.fog.positions import ENGINE, arrange, play


def final(state, **changes):
    return ENGINE.outcome(state._replace(phase=OVER, colour=-1, **changes))


def mission_points(result, seat):
    return result.seats[seat].details["colours"][0]["categories"]["missions"]


def secret(cards, pieces=None, aboard=None, lost=None, missions="rescued"):
    """A final position where each colour kept the given cards (black, pink, yellow, white)."""
    state = arrange(pieces or {}, options={"missions": missions}, aboard=aboard, lost=lost)
    return final(state, missions=tuple(tuple(c) for c in cards))


# --- 4 "Rescued Islanders" ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("aboard", "points"),
    [
        ({}, 0),
        ({"bCl": [("bW1", "black")]}, 3),
        ({"bCl": [("bW1", "black")], "bBl": [("rS1", "black")]}, 6),
        ({"bCl": [("bW1", "black")], "bBl": [("rS1", "black")], "bDr": [("gC1", "black")]}, 10),
    ],
)
def test_a_rescued_islanders_mission_scores_by_how_many_of_its_islanders_are_rescued(aboard, points):
    assert mission_points(secret([(37,), (38,), (39,), (40,)], aboard=aboard), 0) == points


def test_a_coloured_islander_on_a_mission_must_be_of_that_colour():
    # Card 37 wants a red Sailor: a blue one does not do; "any Warrior" takes a Warrior of any nation.
    blue_sailor = secret([(37,), (38,), (39,), (40,)], aboard={"bBl": [("bS1", "black")]})
    assert mission_points(blue_sailor, 0) == 0
    green_warrior = secret([(37,), (38,), (39,), (40,)], aboard={"gCm": [("gW1", "black")]})
    assert mission_points(green_warrior, 0) == 3


def test_an_islander_on_a_pier_counts_as_rescued_for_a_mission():
    pieces = {"P1": ("rS1", "black"), "K3": ("bW1", "black")}  # K3 is still on the beach
    result = secret([(37,), (38,), (39,), (40,)], pieces=pieces, lost={"gC1": ("A", "black")})
    assert mission_points(result, 0) == 3  # the red Sailor only: the beach and the FOG rescue nobody


def test_only_the_islanders_of_the_missions_colour_count():
    # Pink holds card 37 but black owns the rescued islanders.
    aboard = {"bCl": [("bW1", "black")], "bBl": [("rS1", "black")], "bDr": [("gC1", "black")]}
    result = secret([(38,), (37,), (39,), (40,)], aboard=aboard)
    assert mission_points(result, 1) == 0 and mission_points(result, 0) == 0


def test_the_rescued_islanders_deck_follows_the_boats_of_the_beach():
    def letters(board, seats):
        state = ENGINE.setup({"board": board, "missions": "rescued"}, seats=seats, seed=3)
        return {comp.MISSIONS[c].letter for hand in state.hands for c in hand}

    assert letters("standard", 4) == {"A"}
    assert letters("medium", 5) <= {"A", "B"} and "C" not in letters("medium", 5)
    large = set()
    for seed in range(4):
        state = ENGINE.setup({"board": "large", "missions": "both"}, seats=6, seed=seed)
        large |= {comp.MISSIONS[c].letter for hand in state.hands for c in hand}
    assert large == {"A", "B", "C"}


# --- secret play: deal two, keep one ----------------------------------------------------------------------


def test_with_both_decks_each_colour_keeps_one_card_of_each():
    state = ENGINE.setup({"missions": "both"}, seats=4, seed=5)
    assert state.phase == MISSIONS
    hand = state.hands[state.colour]
    assert len(hand) == 4 and comp.MISSIONS[hand[0]].kind == "rescued" and hand[2] >= 49
    moves = {ENGINE.move_to_text(state, m) for m in ENGINE.legal_moves(state)}
    assert moves == {"k11", "k12", "k21", "k22"}
    after = play(state, "k12")
    assert after.missions[state.colour] == (hand[0], hand[3])


def test_the_missions_may_be_chosen_after_the_draft():
    state = ENGINE.setup({"missions": "rescued", "missions_after_draft": True}, seats=4, seed=5)
    assert state.phase == DRAFT and all(len(h) == 2 for h in state.hands)
    while state.phase == DRAFT:
        state = ENGINE.play(state, ENGINE.legal_moves(state)[0])
    assert state.phase == MISSIONS
    for _ in range(4):
        state = play(state, "k1")
    assert state.phase == MOVE and all(len(m) == 1 for m in state.missions)


# --- 5 "Rescue Achievements" -------------------------------------------------------------------------------


def test_most_islanders_in_any_one_boat_scores_eight():
    # Black has 2 in the blue boat, pink 2 in the green boat, yellow 1 in each: 49 and 50 are the same card.
    aboard = {
        "bBl": [("rS1", "black")],
        "bBr": [("rS2", "black")],
        "gBl": [("bS1", "pink")],
        "gBr": [("bS2", "pink")],
        "bST": [("gE1", "yellow")],
        "gST": [("gE2", "yellow")],
    }
    result = secret([(49,), (50,), (49,), (50,)], aboard=aboard, missions="achievements")
    assert [mission_points(result, s) for s in range(4)] == [8, 8, 0, 0]  # white has nobody aboard


@pytest.mark.parametrize(("card", "nation"), [(51, "blue"), (52, "green"), (53, "red")])
def test_most_islanders_in_the_boat_of_the_stated_colour_scores_ten(card, nation):
    letter = nation[0]
    aboard = {f"{letter}Bl": [("bS1", "black")], f"{letter}Br": [("gS1", "pink")], f"{letter}ST": [("rE1", "pink")]}
    result = secret([(card,)] * 4, aboard=aboard, missions="achievements")
    assert [mission_points(result, s) for s in range(4)] == [0, 10, 0, 0]


@pytest.mark.parametrize(("card", "nation"), [(54, "blue"), (55, "green"), (56, "red")])
def test_most_rescued_islanders_of_the_stated_colour_scores_ten_and_a_tie_is_enough(card, nation):
    letter = nation[0]
    # Black: one aboard another boat and one on a pier; pink: two aboard. Yellow: one of another nation.
    pieces = {"P1": (f"{letter}E1", "black")}
    aboard = {"bST": [(f"{letter}C1", "black"), (f"{letter}C2", "pink")], "gST": [(f"{letter}L1", "pink")]}
    aboard["rST"] = [("bW1" if nation != "blue" else "gW1", "yellow")]
    result = secret([(card,)] * 4, pieces=pieces, aboard=aboard, missions="achievements")
    assert [mission_points(result, s) for s in range(4)] == [10, 10, 0, 0]


# --- Alternate play: three open cards per deck ---------------------------------------------------------------


def test_open_missions_show_three_cards_of_each_deck_to_everybody():
    state = ENGINE.setup({"missions": "both", "missions_mode": "open"}, seats=4, seed=2)
    assert state.phase == DRAFT  # nothing to keep
    shown = state.open_missions
    assert len(shown) == 6 and {comp.MISSIONS[c].kind == "rescued" for c in shown[:3]} == {True}
    assert all(c >= 49 for c in shown[3:])
    for seat in (None, 0, 1, 2, 3):
        view = json.loads(json.dumps(ENGINE.observe(state, seat)))
        assert view["open_missions"] == list(shown) and view["layout"]["open_missions"] == list(shown)


def test_open_missions_are_scored_by_every_colour():
    aboard = {"bBl": [("rS1", "black")], "gBl": [("bS1", "pink")]}
    state = arrange({}, options={"missions": "achievements", "missions_mode": "open"}, aboard=aboard)
    result = final(state, open_missions=(51, 52, 53))
    assert [mission_points(result, s) for s in range(4)] == [10, 10, 0, 0]


def test_open_missions_score_each_rescued_islander_once():
    # One Warrior, a red Sailor and a Commoner rescued: card 37 wants all three, card 42 the Warrior too.
    aboard = {"bCl": [("bW1", "black")], "bBl": [("rS1", "black")], "bDr": [("bC1", "black")]}
    state = arrange({}, options={"missions": "rescued", "missions_mode": "open"}, aboard=aboard)
    for shown in [(37, 42, 38), (42, 37, 38), (38, 42, 37)]:
        result = final(state, open_missions=shown)
        # The Warrior counts once: for card 37, which then has all three (10), not for 42 (3 + 6 = 9).
        assert mission_points(result, 0) == 10, shown


def test_open_mission_layouts_are_checked():
    options = ENGINE.normalize_options({"missions": "rescued", "missions_mode": "open"})
    layout = ENGINE.make_layout(options, 4, random.Random(1))
    layout["open_missions"] = [37, 38]
    with pytest.raises(Exception, match="3 face-up cards"):
        ENGINE.initial_state(options, 4, layout)
