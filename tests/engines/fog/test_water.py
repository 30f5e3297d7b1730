"""Section 5B, the water area: shore, piers, boarding, places, the stern and Preparation Bonuses.

Standard beach: K3 touches the shore fields S2 and S3; the blue boat has its left pier P1-Q1-R1,
its right pier P5-Q5-R5 and a plank from S2, S3 and S4 to its stern (bST). Its places: bAm
(Elder), bBl/bBr (Sailors), bCl/bCr (Warriors), bDl (Leader), bDr (Commoner).
"""

import pytest

from games.engines.base import IllegalMove
from games.engines.fog import movegen
from tests.engines.fog.positions import ENGINE, arrange, at, on, play, texts


def costs_of(state):
    return {ENGINE.move_to_text(state, m): c for m, c in movegen.movement_costs(state).items()}


def test_water_runs_cost_one_mp_per_field_and_may_pass_islanders():
    state = arrange({"S2": ("bE1", "black"), "S3": ("rE1", "pink")})
    table = costs_of(state)
    assert table["S2-S4"] == 2  # passing the pink islander on S3
    assert "S2-S3" not in table  # but not ending on it
    assert at(play(state, "S2-S4"), "S4") == "bE1"


def test_a_shore_islander_can_be_pulled_back():
    state = arrange({"S2": ("bE1", "black"), "S3": ("rE1", "pink")})
    assert costs_of(state)["S2xS3"] == 1
    after = play(state, "S2xS3")
    assert (at(after, "S3"), at(after, "S2")) == ("bE1", "rE1")


def test_a_beach_islander_may_run_past_a_shore_islander_for_one_mp_a_field():
    state = arrange({"K3": ("bE1", "black"), "S3": ("rE1", "pink"), "S2": ("rE2", "pink")})
    assert costs_of(state)["K3-S4"] == 2


def test_a_beach_islander_may_pull_a_shore_islander_back_onto_the_beach():
    state = arrange({"K3": ("bE1", "black"), "S3": ("rE1", "pink")})
    assert costs_of(state)["K3xS3"] == 1
    after = play(state, "K3xS3")
    assert (at(after, "S3"), at(after, "K3")) == ("bE1", "rE1")


def test_beach_islanders_cannot_push_or_jump_over_shore_islanders():
    state = arrange({"K1": ("bE1", "black"), "S1": ("rE1", "pink")})
    moves = texts(state)
    assert not any(t.startswith("K1>") for t in moves)
    assert "K1^P1" not in moves  # S1 is a shore islander: no jumping over it onto the pier


def test_a_jump_onto_a_shore_islander_must_move_on():
    state = arrange({"J3": ("bE1", "black"), "K4": ("rE1", "pink"), "S4": ("rE2", "pink")})
    assert "J3^S4" in texts(state)
    after = play(state, "J3^S4")
    assert after.transit >= 0 and "end" not in texts(after)
    assert all(not t.startswith("J3") for t in texts(after))
    with pytest.raises(IllegalMove, match="must first move on"):
        ENGINE.play_text(after, "end")
    done = play(after, "S4-S5")
    assert at(done, "S5") == "bE1" and at(done, "S4") == "rE2" and done.transit == -1


def test_from_the_shore_only_the_stern_can_be_boarded():
    state = arrange({"S3": ("bE1", "black")})
    board = state.rules.board
    shore_targets = [t for t in board.water_steps["E"][board.node("S3")] if board.is_place(t)]
    assert [board.names[t] for t in shore_targets] == ["bST"]
    table = costs_of(state)
    assert table["S3-bST"] == 1
    assert table["S3-bAm"] == 3  # only by way of the right pier: S4, P5, then the plank


def test_from_a_pier_only_places_on_that_side_or_the_middle():
    sailor = arrange({"P1": ("bS3", "black")})
    table = costs_of(sailor)
    assert table["P1-bBl"] == 1
    assert table["P1-bBr"] == 2  # the right-hand Sailor place only through the left one
    elder = arrange({"P1": ("bE1", "black")})
    assert costs_of(elder)["P1-bAm"] == 1  # the middle is reachable from either pier


def test_a_productive_place_needs_the_matching_type():
    state = arrange({"P1": ("bW1", "black")})
    moves = texts(state)
    assert "P1-bBl" not in moves and "P1-bAm" not in moves
    assert "P1-bCl" in moves


def test_a_place_on_the_other_side_is_reached_via_an_occupied_place():
    state = arrange({"P1": ("bS3", "black")}, aboard={"bBl": [("rS1", "pink")]})
    assert costs_of(state)["P1-bBr"] == 2
    assert "P1-bBl" not in texts(state)


def test_islanders_may_move_within_the_boat_to_a_matching_place():
    state = arrange({}, aboard={"bBl": [("bS3", "black")]})
    assert costs_of(state)["bBl-bBr"] == 1
    assert on(play(state, "bBl-bBr"), "bBr") == ["bS3"]


def test_the_stern_is_never_left():
    state = arrange({}, aboard={"bST": [("bS3", "black")]})
    assert texts(state) == {"end"}


def test_the_stern_holds_up_to_its_capacity():
    full = [("rE1", "pink"), ("rE2", "pink"), ("gE1", "pink")]
    state = arrange({"S3": ("bE1", "black")}, aboard={"bST": full})
    assert "S3-bST" not in texts(state)


def test_preparation_bonuses_go_to_the_first_islanders_on_productive_places():
    state = arrange({"P1": ("bS3", "black"), "P5": ("gS1", "pink"), "S2": ("bE1", "black")})
    after = play(state, "S2-bST")  # the stern gives no bonus
    assert after.bonuses[0] == ()
    after = play(after, "P1-bBl")
    assert after.bonuses[0] == (6,)
    after = play(after, "end", "P5-bBr")  # pink boards the same boat: the next bonus
    assert after.bonuses[1] == (5,)
    assert after.bonus_next[0] == 2


def test_moving_inside_a_boat_earns_no_new_bonus():
    state = arrange({}, aboard={"bBl": [("bS3", "black")]})
    assert play(state, "bBl-bBr").bonuses[0] == ()


def test_islanders_on_the_shore_can_run_back_onto_the_beach():
    state = arrange({"S3": ("bE1", "black")})
    assert costs_of(state)["S3-K3"] == 1
