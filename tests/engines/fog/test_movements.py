"""Section 5A, the beach: the six movement types, their costs, characteristics and directions.

Hexes (Standard beach): C3's neighbours are C2/C4 sideways, D2/D3 forward, B2/B3 backward;
D3's are D2/D4 sideways, E3/E4 forward, C3/C4 backward.
"""

import pytest

from games.engines.base import IllegalMove
from games.engines.fog import movegen
from tests.engines.fog.positions import ENGINE, arrange, at, play, texts, trait_islander


def costs_of(state):
    return {ENGINE.move_to_text(state, m): c for m, c in movegen.movement_costs(state).items()}


def test_a_run_costs_one_mp_and_may_go_backward():
    state = arrange({"C3": ("bE1", "black")})
    table = costs_of(state)
    for target in ("C2", "C4", "D2", "D3", "B2", "B3"):
        assert table[f"C3-{target}"] == 1
    after = play(state, "C3-B2")
    assert at(after, "B2") == "bE1" and after.mp == 6


def test_only_a_run_may_go_backward():
    # An islander behind (B2) could be swapped or jumped only by going backward: not offered.
    state = arrange({"C3": ("bE1", "black"), "B2": ("rE1", "pink"), "A1": ("rE2", "pink")})
    moves = texts(state)
    assert "C3xB2" not in moves
    assert not any(t.startswith(("C3^", "C3>")) for t in moves)
    with pytest.raises(IllegalMove, match="backward"):
        ENGINE.play_text(state, "C3xB2")


def test_a_swap_costs_three_mp_and_exchanges_places():
    state = arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink")})
    assert costs_of(state)["C3xD3"] == 3
    after = play(state, "C3xD3")
    assert at(after, "D3") == "bE1" and at(after, "C3") == "rE1" and after.mp == 4


def test_a_push_moves_up_to_two_islanders_straight_or_angled():
    state = arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink"), "E4": ("rE2", "pink")})
    table = costs_of(state)
    # NE from C3 into D3; D3's NE is E4 (occupied), so the push moves both: E4 -> F4.
    assert table["C3>D3>E4"] == 3
    after = play(state, "C3>D3>E4")
    assert (at(after, "D3"), at(after, "E4"), at(after, "F4")) == ("bE1", "rE1", "rE2")
    # Angled: D3 pushed east (60 degrees off the pusher's direction) to D4.
    assert "C3>D3>D4" in table
    angled = play(state, "C3>D3>D4")
    assert at(angled, "D4") == "rE1" and at(angled, "D3") == "bE1"


def test_a_push_of_three_islanders_is_refused():
    state = arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink"), "E4": ("rE2", "pink"), "F4": ("gE1", "pink")})
    assert "C3>D3>E4" not in texts(state)


def test_pushed_islanders_cannot_move_backward():
    # Pusher goes east (sideways) from C3 into C4; C4 may go E, NE, but never SE (backward).
    state = arrange({"C3": ("bE1", "black"), "C4": ("rE1", "pink")})
    moves = texts(state)
    assert {"C3>C4>C5", "C3>C4>D4"} <= moves
    assert "C3>C4>B4" not in moves


def test_a_jump_goes_over_one_islander_in_a_straight_line():
    state = arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink")})
    table = costs_of(state)
    assert table["C3^E4"] == 3  # NE, NE
    assert "C3^E3" not in table  # not straight
    after = play(state, "C3^E4")
    assert at(after, "E4") == "bE1" and at(after, "D3") == "rE1"


def test_a_squeeze_passes_between_two_blockers_for_four_mp():
    # C3 squeezes between D2 (islander) and D3 (obstacle) to E3.
    state = arrange({"C3": ("bL1", "black"), "D2": ("rE1", "pink")}, obstacles=("D3",))
    assert costs_of(state)["C3%E3"] == 4
    after = play(state, "C3%E3")
    assert at(after, "E3") == "bL1"


def test_a_squeeze_through_woods_counts_woods_as_blockers():
    # The woods start at D7: C7 squeezes between C8 (an islander) and D7 (woods) to D8.
    state = arrange({"C7": ("bL1", "black"), "C8": ("rE1", "pink")})
    assert "C7%D8" in texts(state)
    assert at(play(state, "C7%D8"), "D8") == "bL1"
    alone = arrange({"C7": ("bL1", "black")})  # one blocker (the woods) is not enough
    assert "C7%D8" not in texts(alone)


def test_a_cross_goes_over_an_obstacle_straight_or_angled():
    state = arrange({"C3": ("bL1", "black")}, obstacles=("D3",))
    table = costs_of(state)
    assert table["C3/E4"] == 4  # straight NE
    assert table["C3/E3"] == 4  # angled: over D3, then NW
    assert table["C3/D4"] == 4  # angled: over D3, then E (sideways is allowed)
    assert "C3/C4" not in table  # over D3 then SE is backward overall


def test_a_characteristic_makes_its_movement_cost_two():
    state = arrange({"C3": ("bS1", "black"), "D3": ("rE1", "pink")}, obstacles=("C4",))
    assert costs_of(state)["C3>D3>E4"] == 2  # bS1 has Push
    jumper = arrange({"C3": ("bE2", "black"), "D3": ("rE1", "pink")})
    assert costs_of(jumper)["C3^E4"] == 2  # bE2 has Jump
    crosser = arrange({"C3": ("bW1", "black")}, obstacles=("D3",))
    assert costs_of(crosser)["C3/E4"] == 2  # bW1 has Cross
    squeezer = arrange({"C3": ("bE1", "black"), "D2": ("rE1", "pink")}, obstacles=("D3",))
    assert costs_of(squeezer)["C3%E3"] == 2  # bE1 has Squeeze


def test_an_all_rounder_squeezes_and_crosses_for_three():
    state = arrange({"C3": ("bW2", "black"), "D2": ("rE1", "pink")}, obstacles=("D3",))
    table = costs_of(state)
    assert table["C3%E3"] == 3 and table["C3/E4"] == 3
    assert table["C3-C4"] == 1


def test_an_endurance_islander_may_run_once_more_for_free_at_the_end():
    endurance = trait_islander(arrange({}), "e", "blue")
    state = arrange({"C3": (endurance, "black")}, mp=1)
    after = play(state, "C3-D3")
    assert after.mp == 0 and ENGINE.to_move(after) == 0  # the free Run is still to choose
    assert "D3-E4!" in texts(after) and "end" in texts(after)
    done = play(after, "D3-E4!")
    assert at(done, "E4") == endurance and done.colour != after.colour  # the free Run ended the turn


def test_an_islander_without_endurance_ends_the_turn_when_mp_run_out():
    state = arrange({"C3": ("bE1", "black")}, mp=1)
    after = play(state, "C3-D3")
    assert after.colour != state.colour


def test_every_movement_ends_on_an_empty_hex():
    state = arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink"), "E4": ("rE2", "pink"), "D2": ("gE1", "pink")})
    for move in ENGINE.legal_moves(state):
        if move.kind in ("run", "jump", "cross", "squeeze"):
            assert state.cells[move.to] == -1
    with pytest.raises(IllegalMove, match="empty"):
        ENGINE.play_text(state, "C3-D3")


def test_movements_cost_no_more_than_the_mp_left():
    state = arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink")}, mp=2)
    assert "C3xD3" not in texts(state)
    with pytest.raises(IllegalMove, match="costs 3 MP and black has 2 left"):
        ENGINE.play_text(state, "C3xD3")


def test_an_islander_of_another_colour_cannot_be_moved():
    state = arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink")})
    with pytest.raises(IllegalMove, match="belongs to pink"):
        ENGINE.play_text(state, "D3-E3")


def test_no_movement_enters_a_row_swallowed_by_the_fog():
    state = arrange({"B2": ("bE1", "black")}, swallowed=1)  # row A is in the FOG
    assert not any(t.endswith(("A1", "A2")) for t in texts(state))
