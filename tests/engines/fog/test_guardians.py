"""Uncertainty, deck 1: the Guardians (cards 01-06), both sides, one test per ability.

Islanders used (Standard beach): bL1 is a Leader with Push, bE2 an Elder with Jump, bE1 an Elder
with Squeeze, bW1 a Warrior with Cross; none of bL1's or bE2's movements but their own is cheaper
than the base cost. Hexes: C3's neighbours are C4 (E), D3 (NE), D2 (NW), C2 (W), B2 (SW), B3 (SE);
B2's are B3 (E), C3 (NE), C2 (NW), B1, A2, A3.
"""

from games.engines.fog import components as comp
from games.engines.fog import movegen
from tests.engines.fog.positions import ENGINE, arrange, at, play, texts


def costs_of(state):
    return {ENGINE.move_to_text(state, m): c for m, c in movegen.movement_costs(state).items()}


def guarded(state, card, side):
    """The colour to act gets Guardian ``card``; the other colours get the other cards, same side."""
    others = [c for c in sorted(comp.GUARDIANS) if c != card]
    guardians = tuple((card, side) if c == state.colour else (others.pop(0), side) for c in range(state.rules.colours))
    return state._replace(guardians=guardians)


def sent_back(moves, prefix):
    return {t for t in moves if t.startswith(prefix + "@")}


# --- 1 Speed ------------------------------------------------------------------------------------------


def test_guardian_of_speed_a_may_be_used_repeatedly_in_a_turn():
    state = guarded(arrange({"C3": ("bL1", "black")}), 1, "A")
    after = play(state, "C3*C6")
    assert after.mp == 5 and costs_of(after)["C6*C9"] == 2
    after = play(after, "C6*C9")
    assert at(after, "C9") == "bL1" and after.mp == 3


def test_guardian_of_speed_a_needs_three_free_hexes_in_a_straight_line():
    state = guarded(arrange({"C3": ("bL1", "black"), "C5": ("rE1", "pink")}), 1, "A")
    moves = texts(state)
    assert "C3*C6" not in moves  # C5 is in the way
    assert "C3*F4" in moves  # C3 -> D3 -> E4 -> F4, north-east


def test_guardian_of_speed_a_may_run_onto_the_shore_like_an_ordinary_run():
    state = guarded(arrange({"I3": ("bL1", "black")}), 1, "A")
    moves = texts(state)
    assert "I3*S4" in moves and "I3*S1" in moves  # I3 -> J3 -> K4 -> S4 and I3 -> J2 -> K2 -> S1
    after = play(state, "I3*S4")
    assert at(after, "S4") == "bL1" and after.mp == 5
    blocked = guarded(arrange({"I3": ("bL1", "black"), "S4": ("rE1", "pink")}), 1, "A")
    assert "I3*S4" not in texts(blocked)  # it ends on an empty field, like every movement


def test_guardian_of_speed_b_gives_a_free_run_after_three_runs_of_one_islander():
    state = guarded(arrange({"C3": ("bL1", "black")}), 1, "B")
    after = play(state, "C3-D3", "D3-E4")
    assert not any(t.endswith("!") for t in texts(after))  # two hexes are not enough
    after = play(after, "E4-F4")
    assert after.mp == 4 and "F4-G4!" in texts(after)
    done = play(after, "F4-G4!")
    assert at(done, "G4") == "bL1" and done.colour != state.colour  # the free Run is the last movement


def test_guardian_of_speed_b_counts_the_runs_of_one_islander_only():
    state = guarded(arrange({"C3": ("bL1", "black"), "A1": ("bE2", "black")}), 1, "B")
    after = play(state, "C3-D3", "D3-E4", "A1-B1")
    assert not any(t.endswith("!") for t in texts(after))


def test_guardian_of_speed_b_counts_every_field_of_a_water_path():
    # K3 -> S3 (one field), then S3 -> S4 -> S5 in one water movement: three fields run in all.
    state = guarded(arrange({"K3": ("bL1", "black")}), 1, "B")
    after = play(state, "K3-S3", "S3-S5")
    assert after.mp == 4 and "S5-S6!" in texts(after)
    assert "S5-S6!" in texts(play(state, "K3-S5"))  # the same three fields in one movement


def test_without_the_guardian_of_speed_b_three_runs_give_no_free_run():
    state = guarded(arrange({"C3": ("bL1", "black")}), 1, "A")
    after = play(state, "C3-D3", "D3-E4", "E4-F4")
    assert not any(t.endswith("!") for t in texts(after))


# --- 2 Cunning ----------------------------------------------------------------------------------------


def test_guardian_of_cunning_a_makes_the_second_and_third_swap_of_one_islander_cost_two():
    pieces = {"C3": ("bL1", "black"), "A1": ("bE2", "black")}
    pieces |= {f"C{k}": (code, "pink") for k, code in ((4, "rE1"), (5, "rE2"), (6, "rW1"), (7, "rW2"))}
    pieces["A2"] = ("rS1", "pink")
    state = guarded(arrange(pieces, mp=15), 2, "A")
    paid = []
    for swap in ("C3xC4", "C4xC5", "C5xC6", "C6xC7"):
        paid.append(costs_of(state)[swap])
        state = play(state, swap)
    assert paid == [3, 2, 2, 3]  # the first and the fourth at the normal cost
    assert at(state, "C7") == "bL1" and at(state, "C3") == "rE1"
    assert costs_of(state)["A1xA2"] == 3  # another islander's first Swap


def test_without_the_guardian_of_cunning_a_every_swap_costs_three():
    pieces = {"C3": ("bL1", "black"), "C4": ("rE1", "pink"), "C5": ("rE2", "pink")}
    state = play(guarded(arrange(pieces), 3, "A"), "C3xC4")
    assert costs_of(state)["C4xC5"] == 3


def test_guardian_of_cunning_b_never_sends_the_swapped_islander_into_the_fog():
    pieces = {"B2": ("bL1", "black"), "B3": ("rE1", "pink")}
    clear = guarded(arrange(pieces), 2, "B")
    assert sent_back(texts(clear), "B2xB3") == {"B2xB3@A2", "B2xB3@A3"}
    fog = guarded(arrange(pieces, swallowed=1), 2, "B")  # row A is in the FOG
    assert "B2xB3" in texts(fog) and sent_back(texts(fog), "B2xB3") == set()


# --- 3 Strength ---------------------------------------------------------------------------------------


def test_guardian_of_strength_b_pushes_up_to_three_islanders_at_the_normal_cost():
    pieces = {"C3": ("bE2", "black"), "C4": ("rE1", "pink"), "C5": ("rE2", "pink"), "C6": ("rW1", "pink")}
    state = guarded(arrange(pieces), 3, "B")
    assert costs_of(state)["C3>C4>C5"] == 3
    after = play(state, "C3>C4>C5")
    assert [at(after, h) for h in ("C4", "C5", "C6", "C7")] == ["bE2", "rE1", "rE2", "rW1"]
    # Angled: A1 pushes east into A2, and the three in line north-east of it move north-east.
    line = {"A1": ("bE2", "black"), "A2": ("rE1", "pink"), "B2": ("rE2", "pink"), "C3": ("rW1", "pink")}
    angled = play(guarded(arrange(line), 3, "B"), "A1>A2>B2")
    assert [at(angled, h) for h in ("A2", "B2", "C3", "D3")] == ["bE2", "rE1", "rE2", "rW1"]
    assert "C3>C4>C5" not in texts(guarded(arrange(pieces), 3, "A"))  # side A: at most two


# --- 4 Air --------------------------------------------------------------------------------------------


def test_guardian_of_air_a_jumps_for_two_mp():
    state = guarded(arrange({"C3": ("bL1", "black"), "D3": ("rE1", "pink")}), 4, "A")
    assert costs_of(state)["C3^E4"] == 2
    assert costs_of(guarded(state, 5, "A"))["C3^E4"] == 3


def test_guardian_of_air_b_never_sends_the_jumped_islander_into_the_fog():
    pieces = {"B2": ("bL1", "black"), "B3": ("rE1", "pink")}
    clear = guarded(arrange(pieces), 4, "B")
    assert sent_back(texts(clear), "B2^B4") == {"B2^B4@A3", "B2^B4@A4"}
    fog = guarded(arrange(pieces, swallowed=1), 4, "B")
    assert "B2^B4" in texts(fog) and sent_back(texts(fog), "B2^B4") == set()


# --- 5 Nature -----------------------------------------------------------------------------------------


def test_guardian_of_nature_a_crosses_for_three_mp():
    state = guarded(arrange({"C3": ("bL1", "black"), "A1": ("bW1", "black")}, obstacles=("D3", "B1")), 5, "A")
    table = costs_of(state)
    assert table["C3/E4"] == 3 and table["C3/E3"] == 3
    assert table["A1/C2"] == 2  # a Cross characteristic stays cheaper
    assert costs_of(guarded(state, 6, "A"))["C3/E4"] == 4


def test_guardian_of_nature_b_gives_a_free_run_after_a_cross():
    state = guarded(arrange({"C3": ("bL1", "black")}, obstacles=("D3",)), 5, "B")
    assert not any(t.endswith("!") for t in texts(play(state, "C3-C4")))  # a Run is not a Cross
    after = play(state, "C3/E4")
    assert after.mp == 3 and "E4-F4!" in texts(after)
    done = play(after, "E4-F4!")
    assert at(done, "F4") == "bL1" and done.colour != state.colour


# --- 6 Skill ------------------------------------------------------------------------------------------


def test_guardian_of_skill_a_squeezes_for_three_mp():
    pieces = {"C3": ("bL1", "black"), "D2": ("rE1", "pink")}
    state = guarded(arrange(pieces, obstacles=("D3",)), 6, "A")
    assert costs_of(state)["C3%E3"] == 3
    assert costs_of(guarded(state, 5, "A"))["C3%E3"] == 4
    squeezer = guarded(arrange({"C3": ("bE1", "black"), "D2": ("rE1", "pink")}, obstacles=("D3",)), 6, "A")
    assert costs_of(squeezer)["C3%E3"] == 2  # the Squeeze characteristic stays cheaper


def test_guardian_of_skill_b_sends_one_squeezed_islander_one_hex_back():
    # C3 squeezes between D2 (an islander) and D3 (an obstacle) to E3; D2 may step back to C2.
    state = guarded(arrange({"C3": ("bL1", "black"), "D2": ("rE1", "pink")}, obstacles=("D3",)), 6, "B")
    assert "C3%E3@C2" in texts(state)
    after = play(state, "C3%E3@C2")
    assert at(after, "E3") == "bL1" and at(after, "C2") == "rE1" and at(after, "D2") is None
    assert after.mp == 3 and after.cells[after.rules.board.node("D3")] == -2  # the obstacle stays


def test_guardian_of_skill_b_never_sends_the_squeezed_islander_into_the_fog():
    # B2 squeezes between B3 (an islander) and C3 (an obstacle) to C4; B3 could only go back to row A.
    pieces = {"B2": ("bL1", "black"), "B3": ("rE1", "pink")}
    clear = guarded(arrange(pieces, obstacles=("C3",)), 6, "B")
    assert sent_back(texts(clear), "B2%C4") == {"B2%C4@A3", "B2%C4@A4"}
    fog = guarded(arrange(pieces, obstacles=("C3",), swallowed=1), 6, "B")
    assert "B2%C4" in texts(fog) and sent_back(texts(fog), "B2%C4") == set()


# --- setup --------------------------------------------------------------------------------------------


def test_guardians_may_be_dealt_with_a_side_per_colour():
    sides = set()
    for seed in range(6):
        state = ENGINE.setup({"guardians": "mixed"}, seats=4, seed=seed)
        assert len({card for card, _ in state.guardians}) == 4
        sides |= {side for _, side in state.guardians}
    assert sides == {"A", "B"}
