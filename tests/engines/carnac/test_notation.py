"""The notation: placements (square, top colour, axis), tilts (direction) and declines."""

import pytest

from games.engines import NotationError
from games.engines.carnac.moves import DECLINE, TILT
from tests.engines.carnac.positions import ENGINE

START = ENGINE.setup({})


@pytest.mark.parametrize(
    ("text", "square", "top", "axis"),
    [("e4wn", "e4", 1, 0), ("e4we", "e4", 1, 1), ("a1rn", "a1", 0, 0), ("j7re", "j7", 0, 1)],
)
def test_a_placement_is_written_square_top_colour_and_axis(text, square, top, axis):
    move = ENGINE.parse_move(START, text)
    assert move >> 2 == START.board.parse_square(square)
    assert (move & 3) == top * 2 + axis
    assert ENGINE.move_to_text(START, move) == text


@pytest.mark.parametrize(("text", "direction"), [("tn", 0), ("te", 1), ("ts", 2), ("tw", 3)])
def test_a_tilt_is_written_t_and_a_direction(text, direction):
    assert ENGINE.parse_move(START, text) == TILT + direction


def test_a_decline_is_written_x():
    assert ENGINE.parse_move(START, "x") == DECLINE
    assert ENGINE.move_to_text(START, DECLINE) == "x"


def test_the_notation_ignores_case_and_surrounding_spaces():
    assert ENGINE.parse_move(START, " E4WN ") == ENGINE.parse_move(START, "e4wn")
    assert ENGINE.parse_move(START, "TN") == TILT


def test_the_large_board_has_files_to_n_and_ranks_to_9():
    large = ENGINE.setup({"board": "large"})
    move = ENGINE.parse_move(large, "n9wn")
    assert ENGINE.move_to_text(large, move) == "n9wn"
    with pytest.raises(NotationError, match="'n9' is not a square of the medium board"):
        ENGINE.parse_move(START, "n9wn")


@pytest.mark.parametrize("text", ["", "e4", "e4w", "e4gn", "e4wx", "t", "tq", "e0wn", "4ewn", "xx", "e44wn"])
def test_text_that_is_not_a_move_is_refused_with_a_hint(text):
    with pytest.raises(NotationError) as caught:
        ENGINE.parse_move(START, text)
    assert "e4wn" in caught.value.reason or "not a square" in caught.value.reason


def test_every_move_of_the_start_and_of_a_decision_round_trips():
    deciding = ENGINE.play_text(START, "e4wn")
    for state in (START, deciding):
        for move in ENGINE.legal_moves(state):
            assert ENGINE.parse_move(state, ENGINE.move_to_text(state, move)) == move


def test_the_example_game_of_the_rules_document_plays_as_described():
    from tests.engines.carnac.positions import picture, play_texts

    state = play_texts(START, ["e4wn", "tn", "a1rn", "x", "h7we", "ts"])
    rows = picture(state)  # north row (rank 7) first
    assert [rows[7 - rank][4] for rank in (5, 6)] == ["W", "W"]  # e5, e6 white
    assert [rows[7 - rank][7] for rank in (5, 6)] == ["R", "R"]  # h5, h6 red
    assert rows[6][0] == "R" and rows[3][4] == "." and rows[0][7] == "."  # a1 stands; e4 and h7 empty again
    assert ENGINE.to_move(state) == 0  # Ann tilted, so Ann places next
