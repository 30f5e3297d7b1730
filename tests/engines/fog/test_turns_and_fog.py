"""Seats and colours, the draft, the rounds with their double turn, the FOG and the end of the game."""

import pytest

from games.engines.base import IllegalMove, InvalidSetup
from games.engines.fog.state import DRAFT, MOVE, OVER
from tests.engines.fog.positions import ENGINE, arrange, at, codes, play


def test_two_players_play_two_colours_each_on_the_standard_beach():
    state = ENGINE.setup({}, seats=2, seed=1)
    assert state.rules.colour_names == ("black", "pink", "yellow", "white")
    assert state.rules.seat_of == (0, 1, 0, 1)


def test_three_players_play_one_colour_each_and_the_fog_starts_on_ten():
    state = ENGINE.setup({}, seats=3, seed=1)
    assert state.rules.colours == 3 and state.rules.fog_start == 10
    assert ENGINE.setup({}, seats=4, seed=1).rules.fog_start == 9


def test_five_players_cannot_play_on_the_standard_beach():
    with pytest.raises(InvalidSetup, match="standard-packed beach is played by 2 to 4 players, not 5"):
        ENGINE.setup({}, seats=5)
    with pytest.raises(InvalidSetup, match="the standard beach is played by 2 to 4 players, not 5"):
        ENGINE.setup({"board": "standard"}, seats=5)
    assert ENGINE.setup({"board": "medium"}, seats=5, seed=1).rules.colours == 5
    assert ENGINE.setup({"board": "large"}, seats=6, seed=1).rules.colours == 6


def test_three_players_on_the_large_beach_play_two_colours_each():
    state = ENGINE.setup({"board": "large"}, seats=3, seed=1)
    assert state.rules.seat_of == (0, 1, 2, 0, 1, 2)


def test_the_draft_goes_from_the_bottom_colour_up_one_islander_each():
    state = ENGINE.setup({}, seats=4, seed=3)
    assert state.phase == DRAFT
    seen = []
    for _ in range(8):
        seen.append(state.colour)
        state = ENGINE.play(state, ENGINE.legal_moves(state)[0])
    assert seen == [3, 2, 1, 0, 3, 2, 1, 0]


def draft_all(state):
    picks = 0
    while state.phase == DRAFT:
        state = ENGINE.play(state, ENGINE.legal_moves(state)[0])
        picks += 1
    return state, picks


def test_every_islander_is_drafted_before_phase_two():
    state, picks = draft_all(ENGINE.setup({}, seats=4, seed=3))
    assert picks == 32 and state.phase == MOVE and min(state.owner) >= 0
    assert [state.owner.count(c) for c in range(4)] == [8, 8, 8, 8]


@pytest.mark.parametrize(("board", "discs", "left"), [("standard", 10, 2), ("medium", 15, 1)])
def test_three_players_draft_one_islander_per_player_disc_and_the_rest_leave_the_game(board, discs, left):
    start = ENGINE.setup({"board": board}, seats=3, seed=3)
    out = start.rules.layout["out_of_game"]
    assert len(out) == left and len({code[0] for code in out}) == left  # from different nations
    assert all(code[1] in "EWS" for code in out)  # types with a spare: every boat can still be filled
    state, picks = draft_all(start)
    assert picks == 3 * discs and state.phase == MOVE
    assert [state.owner.count(c) for c in range(3)] == [discs] * 3
    gone = [i for i, u in enumerate(state.where) if u < 0]
    assert len(gone) == left and all(state.owner[i] < 0 and state.lost_row[i] < 0 for i in gone)
    assert sum(1 for cell in state.cells if cell >= 0) == 3 * discs


def test_the_option_draft_all_islanders_keeps_the_first_reading():
    state, picks = draft_all(ENGINE.setup({"draft_all_islanders": True}, seats=3, seed=3))
    assert picks == 32 and sorted(state.owner.count(c) for c in range(3)) == [10, 11, 11]
    assert "out_of_game" not in state.rules.layout


def test_a_layout_must_name_the_islanders_out_of_the_game():
    layout = ENGINE.setup({}, seats=3, seed=3).rules.layout
    with pytest.raises(InvalidSetup, match="out_of_game"):
        ENGINE.setup({}, seats=3, layout={**layout, "out_of_game": []})


def test_a_drafted_islander_cannot_be_drafted_again():
    state = ENGINE.setup({}, seats=4, seed=3)
    first = ENGINE.legal_moves(state)[0]
    after = ENGINE.play(state, first)
    with pytest.raises(IllegalMove, match="already drafted by white"):
        ENGINE.play(after, first)


def test_each_turn_has_seven_movement_points():
    state = ENGINE.setup({}, seats=4, seed=3)
    while state.phase == DRAFT:
        state = ENGINE.play(state, ENGINE.legal_moves(state)[0])
    assert state.mp == 7 and state.colour == 0


def test_the_fog_advances_after_each_round_and_the_last_colour_plays_twice():
    state = arrange({"C3": ("bE1", "black"), "C5": ("rE1", "pink")}, fog=9)
    order = []
    for _ in range(4):
        order.append(state.colour)
        state = play(state, "end")
    assert order == [0, 1, 2, 3]
    assert state.fog == 8 and state.round == 2
    assert state.colour == 3  # the last colour starts the new round: its double turn
    assert state.order == (3, 2, 1, 0)


def test_the_fog_swallows_its_rows_and_their_islanders_are_lost():
    state = arrange({"A3": ("bE1", "black"), "B3": ("rE1", "pink")}, fog=8)
    state = play(state, "end", "end", "end", "end")
    assert state.fog == 7 and state.swallowed == 1  # position 7 reaches row A
    assert at(state, "A3") is None and state.lost_row[codes(state)["bE1"]] == 0
    assert at(state, "B3") == "rE1"


def test_the_fog_speeds_up_swallowing_several_rows():
    state = arrange({"D3": ("bE1", "black"), "E3": ("rE1", "pink"), "F3": ("gE1", "yellow")}, fog=5, swallowed=3)
    state = play(state, "end", "end", "end", "end")
    assert state.fog == 4 and state.swallowed == 5  # D and E at once
    assert at(state, "D3") is None and at(state, "E3") is None and at(state, "F3") == "gE1"


def test_the_game_ends_when_the_fog_reaches_the_shore():
    state = arrange({"K3": ("bE1", "black"), "S5": ("rE1", "pink"), "P1": ("gE1", "yellow")}, fog=1, swallowed=10)
    state = play(state, "end", "end", "end", "end")
    assert state.phase == OVER and ENGINE.to_move(state) is None
    result = ENGINE.outcome(state)
    black, pink, yellow = (result.seats[s].details["colours"][0] for s in range(3))
    assert black["categories"]["lost"] == -2  # row K
    assert pink["categories"]["lost"] == -1  # the shore
    assert yellow["categories"]["lost"] == 0 and yellow["rescued"] == 1  # the pier is rescued


def test_the_game_ends_when_nobody_has_islanders_left_to_move():
    state = arrange({"S3": ("bE1", "black")}, aboard={"bBl": [("rS1", "pink")]}, fog=9)
    state = play(state, "S3-bST")
    assert state.phase == MOVE
    state = play(state, "end")
    assert state.phase == OVER and state.fog == 9


def test_a_move_after_the_end_is_refused():
    state = arrange({"S3": ("bE1", "black")}, fog=9)
    state = play(state, "S3-bST", "end")
    with pytest.raises(IllegalMove, match="over"):
        ENGINE.play_text(state, "end")


def test_to_move_is_the_seat_owning_the_colour_to_act():
    state = ENGINE.setup({}, seats=2, seed=5)
    while state.phase == DRAFT:
        state = ENGINE.play(state, ENGINE.legal_moves(state)[0])
    view = ENGINE.observe(state, 0)
    assert view["colour"] == "black" and ENGINE.to_move(state) == 0
    state = ENGINE.play_text(state, "end")
    assert ENGINE.acting_colour(state) == "pink" and ENGINE.to_move(state) == 1
    state = ENGINE.play_text(state, "end")
    assert ENGINE.acting_colour(state) == "yellow" and ENGINE.to_move(state) == 0
