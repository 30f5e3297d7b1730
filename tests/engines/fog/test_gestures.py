"""The FOG by clicking: the islander, then where it goes; a third click for whoever it displaces
(a Swap, a Push, a pull, a Drive Off); a picker with the type and cost when several movements
reach the same hex; buttons for ending the turn and keeping missions. From the view alone.

Hexes (Standard beach): C3's neighbours are C2/C4 sideways, D2/D3 forward, B2/B3 backward.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.gestures import TARGET_ID, gesture_problems, svg_targets
from tests.engines.fog.positions import ENGINE, arrange, play, trait_islander
from tests.engines.fog.test_guardians import guarded
from tests.engines.fog.test_rule_coverage import on_vertical_board


def gestures_of(state):
    """The seat to move's gestures by move, after checking them against its moves and picture."""
    view = ENGINE.observe(state, ENGINE.to_move(state))
    found = ENGINE.move_gestures(view)
    assert not gesture_problems(found, ENGINE.player_moves(view), ENGINE.render_svg(view))
    return {gesture.move: gesture for gesture in found}


def test_a_run_is_the_islander_then_the_hex_and_ending_the_turn_is_a_button():
    found = gestures_of(arrange({"C3": ("bE1", "black")}))
    assert found["C3-D3"].path == ("C3", "D3") and found["C3-D3"].choice == "Run · 1 MP"
    assert found["end"].path == () and found["end"].choice == "End the turn (7 MP unused)"


def test_a_swap_or_a_push_asks_where_the_displaced_islander_goes():
    found = gestures_of(arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink"), "E4": ("rE2", "pink")}))
    assert found["C3xD3"].path == ("C3", "D3", "C3")  # the swapped islander takes the mover's hex
    assert found["C3>D3>E4"].path == ("C3", "D3", "E4")  # straight on
    assert found["C3>D3>D4"].path == ("C3", "D3", "D4")  # angled
    into_d3 = [g for g in found.values() if g.path[:2] == ("C3", "D3")]
    assert all(len(g.path) == 3 for g in into_d3)  # no move ends at the second click there
    jump = gestures_of(arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink")}))["C3^E4"]
    assert jump.path == ("C3", "E4") and jump.choice == "Jump · 3 MP"  # nobody displaced: two clicks


def test_two_movement_types_to_the_same_hex_are_picked_by_type_and_cost():
    squeezer = arrange({"C3": ("bE1", "black"), "D2": ("rE1", "pink")}, obstacles=("D3",))
    found = gestures_of(squeezer)
    assert found["C3%E3"].path == found["C3/E3"].path == ("C3", "E3")
    assert found["C3%E3"].choice == "Squeeze · 2 MP" and found["C3/E3"].choice == "Cross · 4 MP"


def test_a_guardian_b_sending_back_is_a_third_click_for_a_swap_and_a_picker_for_a_jump():
    pieces = {"B2": ("bL1", "black"), "B3": ("rE1", "pink")}
    cunning = gestures_of(guarded(arrange(pieces), 2, "B"))
    assert cunning["B2xB3"].path == ("B2", "B3", "B2")
    assert cunning["B2xB3@A2"].path == ("B2", "B3", "A2") and cunning["B2xB3@A3"].path == ("B2", "B3", "A3")
    air = gestures_of(guarded(arrange(pieces), 4, "B"))
    assert air["B2^B4"].path == air["B2^B4@A3"].path == ("B2", "B4")
    assert air["B2^B4@A3"].choice == "Jump, sending the islander on B3 back to A3 · 3 MP"


def test_endurance_offers_its_free_run_beside_the_paid_one():
    endurance = trait_islander(arrange({}), "e", "blue")
    after = play(arrange({"C3": (endurance, "black")}, mp=2), "C3-D3")
    found = gestures_of(after)
    assert found["D3-E4"].path == found["D3-E4!"].path == ("D3", "E4")
    assert found["D3-E4"].choice == "Run · 1 MP"
    assert found["D3-E4!"].choice == "Free Run (ends the turn) · free"


def test_boarding_clicks_the_boat_place():
    state = arrange({"P1": ("bS3", "black")})
    found = gestures_of(state)
    boarding = [g for g in found.values() if g.path and g.path[-1] == "bBl"]
    assert [g.move for g in boarding] == ["P1-bBl"] and boarding[0].path == ("P1", "bBl")
    targets = svg_targets(ENGINE.render_svg(ENGINE.observe(state, 0)))
    assert {"bBl", "bST", "P1", "S1", "C3"} <= targets


def test_drive_off_asks_where_the_driven_off_islander_goes():
    aboard = {"bBl": [("rS1", "pink")], "bBr": [("rS2", "pink")]}
    state = on_vertical_board({"P5": ("bS3", "black")}, aboard, drive_off="advanced")
    found = gestures_of(state)
    assert found["P5-bBr=bCl"].path == ("P5", "bBr", "bCl")


def test_the_draft_is_one_click_on_the_islander():
    state = ENGINE.setup({}, seats=2, seed=3)
    found = gestures_of(state)
    assert found and all(len(g.path) == 1 and g.move == "+" + g.path[0] for g in found.values())


def test_keeping_mission_cards_is_a_button_naming_only_the_seats_own_cards():
    options = {"missions": "both", "missions_mode": "secret"}
    state = ENGINE.setup(options, seats=3, seed=4)
    view = ENGINE.observe(state, ENGINE.to_move(state))
    assert view["phase"] == "missions"
    found = gestures_of(state)
    own = {card for hand in view["hands"].values() for card in hand}
    everyone = {card for hand in state.hands for card in hand}
    for gesture in found.values():
        assert gesture.path == () and gesture.choice.startswith("Keep: #")
        named = {int(part.split()[0]) for part in gesture.choice.split("#")[1:]}
        assert named <= own
    assert everyone - own  # other colours hold cards the labels never name


def test_the_picture_carries_every_hex_and_place_as_a_target_with_who_stands_there():
    state = arrange({"C3": ("bE1", "black")}, aboard={"bBl": [("rS1", "pink")]})
    svg = ENGINE.render_svg(ENGINE.observe(state, None))
    board = state.rules.board
    assert svg_targets(svg) == set(board.names)
    assert all(TARGET_ID.match(name) for name in board.names)
    assert '<path d="' in svg and 'data-target="C3"><title>C3 · bE1 blue E' in svg
    assert 'data-target="bBl"><title>bBl: ' in svg and "rS1 red S" in svg


def twin_layouts():
    """Two setups a seat cannot tell apart: other colours' missions swapped, the decks reordered
    after the first two cards."""
    options = {"missions": "both", "missions_mode": "secret", "fog_uncertainty": "on", "events": "on"}
    layout = ENGINE.layout(ENGINE.setup(options, seats=3, seed=4))
    own = ENGINE.observe(ENGINE.setup(options, seats=3, layout=layout), 0)["colours"][0]
    others = [colour for colour in layout["missions"] if colour != own]
    swapped = dict(layout["missions"])
    swapped[others[0]], swapped[others[1]] = layout["missions"][others[1]], layout["missions"][others[0]]
    decks = {deck: layout[deck][:2] + layout[deck][2:][::-1] for deck in ("fog_deck", "event_deck")}
    return options, layout, {**layout, "missions": swapped, **decks}


def test_two_states_with_the_same_view_give_the_same_gestures():
    options, layout, other = twin_layouts()
    twins = [ENGINE.setup(options, seats=3, layout=lay) for lay in (layout, other)]
    rng = random.Random(5)
    compared = 0
    for _ in range(120):
        seat = ENGINE.to_move(twins[0])
        views = [ENGINE.observe(twin, 0) for twin in twins]  # what the first seat sees
        if seat is None or views[0] != views[1]:
            break
        if seat == 0:
            assert ENGINE.move_gestures(views[0]) == ENGINE.move_gestures(views[1])
            compared += 1
        text = rng.choice(ENGINE.player_moves(ENGINE.observe(twins[0], seat)))
        twins = [ENGINE.play_player(twin, seat, text)[0] for twin in twins]
    assert compared >= 10


OPTION_SETS = [
    ({}, 1),
    ({}, 2),
    ({}, 4),
    ({"enhanced_movements": True, "guardians": "B", "drive_off": "advanced"}, 2),
    ({"enhanced_movements": True, "guardians": "A", "drive_off": "intensive", "events": "always"}, 3),
    ({"board": "medium", "rescue_the_leaders": True, "guardians": "mixed"}, 5),
]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 160), st.sampled_from(OPTION_SETS))
def test_random_positions_have_right_gestures(seed, plies, option_set):
    options, seats = option_set
    rng = random.Random(seed)
    state = ENGINE.setup(options, seats=seats, seed=seed)
    for _ in range(plies):
        if ENGINE.to_move(state) is None:
            return
        moves = ENGINE.legal_moves(state)
        busy = [m for m in moves if m.kind != "end"]
        state = ENGINE.play(state, rng.choice(busy) if busy and rng.random() < 0.8 else moves[-1])
    if ENGINE.to_move(state) is None:
        return
    view = ENGINE.observe(state, ENGINE.to_move(state))
    found = ENGINE.move_gestures(view)
    assert found
    assert not gesture_problems(found, ENGINE.player_moves(view), ENGINE.render_svg(view))


def test_a_spectator_and_a_seat_waiting_for_its_turn_get_no_gestures():
    state = arrange({"C3": ("bE1", "black")})
    assert ENGINE.move_gestures(ENGINE.observe(state, None)) == []
    assert ENGINE.move_gestures(ENGINE.observe(state, 1)) == []
