"""Option 11, Enhanced Movements (the four examples of the text and the rule after them), and the
beach-to-shore rule C by Cross and Squeeze (section 5B: onto a shore islander, then on to a free field).

Islanders used (Standard beach): bL1 Leader with Push (no Jump, Cross or Squeeze characteristic),
bS1 Sailor with Push, bE1 Elder with Squeeze. Hexes: C3's neighbours are C4 (E), D3 (NE), D2 (NW);
E3's are E4 (E), F3 (NE), F2 (NW); J3's are J4, K4 (NE), K3 (NW); K4's are S4 (NE) and S3 (NW).
"""

from games.engines.fog import movegen
from tests.engines.fog.positions import ENGINE, arrange, at, codes, play, texts

ENHANCED = {"enhanced_movements": True}


def costs_of(state):
    return {ENGINE.move_to_text(state, m): c for m, c in movegen.movement_costs(state).items()}


def must_move_on(state, islander):
    """The islander stands on an occupied field: it must move on before anything else."""
    moves = texts(state)
    return state.transit == codes(state)[islander] and "end" not in moves and moves


# --- the text's four examples ----------------------------------------------------------------------------


def test_enhanced_push_example_with_the_push_characteristic_three_islanders_for_four_mp():
    pieces = {"C3": ("bS1", "black"), "C4": ("rE1", "pink"), "C5": ("rE2", "pink"), "C6": ("rW1", "pink")}
    state = arrange(pieces, options=ENHANCED)
    assert costs_of(state)["eC3>C4>C5"] == 4  # 2 with the characteristic, +2 enhanced
    after = play(state, "eC3>C4>C5")
    assert after.mp == 3 and [at(after, h) for h in ("C4", "C5", "C6", "C7")] == ["bS1", "rE1", "rE2", "rW1"]


def test_enhanced_jump_example_angular_via_an_occupied_hex_then_a_run_six_mp():
    # C3 jumps north-east over D3 and turns north-west onto E3 (occupied), then runs on to F3.
    pieces = {"C3": ("bL1", "black"), "D3": ("rE1", "pink"), "E3": ("rE2", "pink")}
    state = arrange(pieces, options=ENHANCED)
    assert costs_of(state)["eC3^D3^E3"] == 5  # 3 without the characteristic, +2
    after = play(state, "eC3^D3^E3")
    assert must_move_on(after, "bL1")
    assert costs_of(after)["E3-F3"] == 1
    done = play(after, "E3-F3")
    assert done.mp == 1 and at(done, "F3") == "bL1" and at(done, "E3") == "rE2"  # 6 MP in all


def test_enhanced_jump_may_turn_onto_an_empty_hex_without_moving_on():
    state = arrange({"C3": ("bL1", "black"), "D3": ("rE1", "pink")}, options=ENHANCED)
    after = play(state, "eC3^D3^E3")
    assert at(after, "E3") == "bL1" and after.transit == -1 and after.mp == 2


def test_enhanced_cross_example_via_an_occupied_hex_then_a_run_seven_mp():
    # C3 crosses the obstacle on D3 onto E4, where a pink islander stands, then runs on to F4.
    state = arrange({"C3": ("bL1", "black"), "E4": ("rE1", "pink")}, obstacles=("D3",), options=ENHANCED)
    assert costs_of(state)["eC3/E4"] == 6  # 4 without the characteristic, +2
    after = play(state, "eC3/E4")
    assert must_move_on(after, "bL1") and after.mp == 1
    done = play(after, "E4-F4")
    assert at(done, "F4") == "bL1" and at(done, "E4") == "rE1"
    assert done.colour != state.colour  # 7 MP: the turn is over


def test_enhanced_squeeze_example_with_the_squeeze_characteristic_then_a_squeeze_six_mp():
    # C3 squeezes between D2 and the obstacle D3 onto E3 (occupied), then squeezes on between E4
    # and the obstacle F3 to F4.
    pieces = {"C3": ("bE1", "black"), "D2": ("rE1", "pink"), "E3": ("rE2", "pink"), "E4": ("rW1", "pink")}
    state = arrange(pieces, obstacles=("D3", "F3"), options=ENHANCED)
    assert costs_of(state)["eC3%E3"] == 4  # 2 with the characteristic, +2
    after = play(state, "eC3%E3")
    assert must_move_on(after, "bE1")
    assert costs_of(after)["E3%F4"] == 2
    done = play(after, "E3%F4")
    assert done.mp == 1 and at(done, "F4") == "bE1" and at(done, "E3") == "rE2"  # 6 MP in all


# --- "the Islander always needs to do a subsequent movement to an empty hex" --------------------------------


def test_an_enhanced_cross_or_squeeze_is_offered_only_with_mp_left_to_move_on():
    cross = {"C3": ("bL1", "black"), "E4": ("rE1", "pink")}
    assert "eC3/E4" in texts(arrange(cross, ("D3",), options=ENHANCED, mp=7))
    assert "eC3/E4" not in texts(arrange(cross, ("D3",), options=ENHANCED, mp=6))  # 6 + nothing left
    squeeze = {"C3": ("bL1", "black"), "D2": ("rE1", "pink"), "E3": ("rE2", "pink")}
    assert "eC3%E3" in texts(arrange(squeeze, ("D3",), options=ENHANCED, mp=7))
    assert "eC3%E3" not in texts(arrange(squeeze, ("D3",), options=ENHANCED, mp=6))


def test_an_enhanced_cross_or_squeeze_goes_onto_an_islander_not_an_empty_hex():
    free = arrange({"C3": ("bL1", "black"), "D2": ("rE1", "pink")}, obstacles=("D3",), options=ENHANCED)
    moves = texts(free)
    assert "C3/E4" in moves and "C3%E3" in moves  # the plain movements
    assert not any(t.startswith(("eC3/", "eC3%")) for t in moves)


def test_the_movement_after_an_enhanced_one_is_not_a_swap_push_or_another_enhanced_one():
    pieces = {"C3": ("bL1", "black"), "E4": ("rE1", "pink"), "F4": ("rE2", "pink")}
    after = play(arrange(pieces, obstacles=("D3",), options=ENHANCED, mp=7), "eC3/E4")
    moves = texts(after)
    assert moves and not any(("x" in t or ">" in t or t.startswith("e")) and t != "end" for t in moves)
    assert all(t.startswith("E4") for t in moves)


# --- rule C by Cross and Squeeze ------------------------------------------------------------------------------


def test_a_cross_onto_a_shore_islander_must_move_on():
    # J3 crosses the obstacle on K4 straight on to S4, where a pink islander stands on the shore.
    state = arrange({"J3": ("bL1", "black"), "S4": ("rE1", "pink")}, obstacles=("K4",))
    assert costs_of(state)["J3/S4"] == 4
    after = play(state, "J3/S4")
    assert must_move_on(after, "bL1")
    done = play(after, "S4-bST")
    assert done.transit == -1 and at(done, "S4") == "rE1" and done.mp == 2


def test_a_cross_onto_a_shore_islander_needs_the_mp_to_move_on():
    state = arrange({"J3": ("bL1", "black"), "S4": ("rE1", "pink")}, obstacles=("K4",), mp=4)
    moves = texts(state)
    assert "J3/S4" not in moves and "J3/S3" in moves  # the free shore field S3 needs nothing more


def test_a_squeeze_onto_a_shore_islander_must_move_on():
    # J3 squeezes between the obstacle K3 and the beach islander on K4 onto S3 (a shore islander).
    state = arrange({"J3": ("bL1", "black"), "K4": ("rE2", "pink"), "S3": ("rE1", "pink")}, obstacles=("K3",))
    assert costs_of(state)["J3%S3"] == 4
    after = play(state, "J3%S3")
    assert must_move_on(after, "bL1")
    done = play(after, "S3-S2")
    assert at(done, "S2") == "bL1" and at(done, "S3") == "rE1" and done.transit == -1


def test_a_beach_islander_cannot_squeeze_through_a_shore_islander():
    # K3 between K4 (a beach islander) and S3 (a shore islander): S3 does not count as a blocker.
    state = arrange({"K3": ("bL1", "black"), "K4": ("rE2", "pink"), "S3": ("rE1", "pink")})
    assert "K3%S4" not in texts(state)
    beach = arrange({"J3": ("bL1", "black"), "J4": ("rE2", "pink"), "K4": ("rE1", "pink")})
    assert "J3%K5" in texts(beach)  # two beach islanders do
