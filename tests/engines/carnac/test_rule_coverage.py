"""Rules of the Carnac rulebook that no other test file names, each checked through the engine.

Every position is reached by legal moves from the start (see positions.py).
"""

import pytest

from games.engines import IllegalMove
from games.engines.carnac import scoring
from games.engines.carnac.board import MEGALITHS
from games.engines.carnac.moves import WHITE
from tests.engines.carnac.positions import ENGINE, build, picture, play_texts


def colour_at(state, name):
    return picture(state)[state.board.height - int(name[1:])][ord(name[0]) - ord("a")]


def dolmens_of(state):
    return [(d.colour, d.size) for d in scoring.dolmens(state.board, state.cells)]


def legal_texts(state):
    return {ENGINE.move_to_text(state, m) for m in ENGINE.legal_moves(state)}


# --- "Only symbols pointing upwards count!" ------------------------------------------------


def test_only_symbols_pointing_upwards_count_not_the_side_faces_of_a_standing_megalith():
    # e4 stands red side up; its east and west faces are white and touch the white tops of d4 and f4.
    state = build(["d4 w", "f4 w", "e4 r"])
    e4 = next(m for m in ENGINE.observe(state, None)["megaliths"] if m.get("square") == "e4")
    assert e4["top"] == "red" and e4["east_west"] == "white"
    assert dolmens_of(state) == []
    # The same three squares with white on top of e4 are a dolmen.
    assert dolmens_of(build(["d4 w", "f4 w", "e4 w"])) == [(WHITE, 3)]


def test_only_symbols_pointing_upwards_count_a_tilted_megalith_shows_the_face_turned_up():
    # e4 is placed white side up, but its east/west faces are red: tilted east it shows red on f4-g4.
    state = play_texts(build(["h4 w", "i4 w"]), ["e4wn", "te"])
    assert [colour_at(state, sq) for sq in ("f4", "g4", "h4", "i4")] == ["R", "R", "W", "W"]
    assert dolmens_of(state) == []
    # With white on the east/west faces, the same tilt joins the two white tops into a dolmen of 4.
    joined = play_texts(build(["h4 w", "i4 w"]), ["e4we", "te"])
    assert dolmens_of(joined) == [(WHITE, 4)]


# --- Placing ---------------------------------------------------------------------------------


def test_megaliths_may_only_be_placed_upright_on_one_square():
    start = ENGINE.setup({"board": "small"})
    for move in ENGINE.legal_moves(start):
        after = ENGINE.play(start, move)
        changed = [sq for sq in range(start.board.size) if after.cells[sq] != start.cells[sq]]
        assert changed == [move >> 2]  # one square: standing on a short square side
        (stone,) = ENGINE.observe(after, None)["megaliths"]
        assert stone["standing"] is True
        assert stone["square"] == start.board.square_names[move >> 2]


def test_when_placing_either_colour_may_face_upwards_whoever_places():
    red_to_place = play_texts(ENGINE.setup({}), ["e4rn", "x"])  # seat 1 (red) places again
    white_to_place = play_texts(ENGINE.setup({}), ["e4rn", "tn"])  # seat 2 (white) tilted and places
    assert ENGINE.to_move(red_to_place) == 0 and ENGINE.to_move(white_to_place) == 1
    for state in (red_to_place, white_to_place):
        assert {"a1rn", "a1re", "a1wn", "a1we"} <= legal_texts(state)
    # Red may stand white symbols: three of them are a white dolmen, and it counts for White.
    state = play_texts(red_to_place, ["a1wn", "x", "b1wn", "x", "c1wn", "x"])
    assert dolmens_of(state) == [(WHITE, 3)]
    outcome = ENGINE.outcome(state._replace(to_move=None, pending=()))
    assert outcome.scores == (0, 1) and outcome.ranks == (2, 1)


def test_the_stockpile_is_common_and_only_placing_takes_from_it():
    state = ENGINE.setup({})
    stocks = []
    for text in ["e4wn", "tn", "a1rn", "x", "h7we", "ts"]:  # seat 1, 2, 2, 1, 2, 1 act
        state = ENGINE.play_text(state, text)
        stocks.append(state.stock)
    assert stocks == [MEGALITHS - 1, MEGALITHS - 1, MEGALITHS - 2, MEGALITHS - 2, MEGALITHS - 3, MEGALITHS - 3]
    assert ENGINE.observe(state, 0)["stock"] == ENGINE.observe(state, 1)["stock"] == MEGALITHS - 3


# --- Tilting: only the megalith just placed, only once ----------------------------------------


def test_a_megalith_left_standing_can_no_longer_be_tilted():
    state = play_texts(ENGINE.setup({}), ["e4wn", "x"])
    assert not any(t.startswith("t") or t == "x" for t in legal_texts(state))
    with pytest.raises(IllegalMove, match="no megalith to tilt"):
        ENGINE.play_text(state, "te")
    # The next decision is about the new megalith only: tilting moves a1, never e4.
    state = play_texts(state, ["a1rn", "te"])
    assert colour_at(state, "e4") == "W"
    assert [colour_at(state, sq) for sq in ("a1", "b1", "c1")] == [".", "W", "W"]


def test_megaliths_which_have_already_been_tilted_may_no_longer_be_moved():
    state = play_texts(ENGINE.setup({}), ["e4wn", "tn"])  # white now lies on e5-e6
    assert all(ENGINE.move_to_text(state, m)[0] != "t" for m in ENGINE.legal_moves(state))
    # A new megalith on the freed square cannot fall north onto the lying one; tilting it south
    # leaves e5-e6 as they were.
    state = ENGINE.play_text(state, "e4rn")
    assert legal_texts(state) == {"te", "ts", "tw", "x"}
    state = ENGINE.play_text(state, "ts")
    assert [colour_at(state, sq) for sq in ("e6", "e5", "e4", "e3", "e2")] == ["W", "W", ".", "R", "R"]


# --- Game tips: the number of dolmens decides, so growing together costs points ---------------


def test_dolmens_of_the_same_colour_growing_together_count_as_one():
    apart = build(["a1 w", "b1 w", "c1 w", "e1 w", "f1 w", "g1 w"])
    assert dolmens_of(apart) == [(WHITE, 3), (WHITE, 3)]
    grown = play_texts(apart, ["d1wn"])  # d1 cannot fall east or west; it stands white between them
    assert dolmens_of(grown) == [(WHITE, 7)]
    # Standing the opponent's colour in the gap keeps both dolmens.
    kept = play_texts(apart, ["d1rn"])
    assert dolmens_of(kept) == [(WHITE, 3), (WHITE, 3)]
    assert colour_at(kept, "d1") == "R"
