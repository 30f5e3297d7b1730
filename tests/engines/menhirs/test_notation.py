"""The notation: c3 places, d2N moves a cluster, d2d3d4NE a split, x a1 takes a tile away."""

import pytest

from games.engines import NotationError
from games.engines.menhirs import ENGINE
from games.engines.menhirs.rules import Place, Slide
from tests.engines.menhirs.helpers import mask, position

COLUMN = ["d1", "d2", "d3", "d4", "d5", "d6", "g1"]


def test_a_placement_is_written_as_its_hex():
    state = ENGINE.setup(seed=1)
    free = next(m for m in ENGINE.legal_moves(state))
    text = ENGINE.move_to_text(state, free)
    assert ENGINE.parse_move(state, text) == free == ENGINE.parse_move(state, "+" + text)


def test_a_whole_cluster_is_written_with_its_first_tile_and_any_tile_names_it():
    state = position(COLUMN)
    move = Slide(mask(COLUMN[:6]), 4)
    assert ENGINE.move_to_text(state, move) == "d1SW"
    assert ENGINE.parse_move(state, "d4SW") == ENGINE.parse_move(state, "d1d2d3d4d5d6SW") == move


def test_a_split_lists_its_tiles_and_a_removal_follows_an_x():
    state = position(COLUMN, round=8)
    move = Slide(mask(["d1", "d2", "d3"]), 2, mask(["g1"]).bit_length() - 1)
    assert ENGINE.move_to_text(state, move) == "d1d2d3SExg1"
    assert ENGINE.parse_move(state, "D3d1D2seXG1") == move


def test_a_single_hex_without_direction_is_a_placement():
    assert ENGINE.parse_move(position(COLUMN), "c3") == Place(mask(["c3"]).bit_length() - 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a4", "column a has positions 1 to 3"),
        ("h1", "columns go from a"),
        ("c3E", "is not a turn"),
        ("d1d1SE", "names a hex twice"),
        ("c3N", "no fog on c3"),
        ("d1d2", "no direction"),
        ("", "is not a turn"),
    ],
)
def test_a_text_that_names_no_turn_is_refused_with_a_hint(text, message):
    with pytest.raises(NotationError, match=message):
        ENGINE.parse_move(position(COLUMN), text)
