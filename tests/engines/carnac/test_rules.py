"""One test per rule of play: boards, the megalith, the turn flow, tilting and the end."""

import pytest

from games.engines import GameOver, IllegalMove, InvalidOptions, InvalidSetup
from games.engines.carnac.board import MEGALITHS
from games.engines.carnac.moves import DECLINE, EMPTY, TILTS
from tests.engines.carnac.positions import ENGINE, build, picture, play_texts


def colour_at(state, name):
    return picture(state)[state.board.height - int(name[1:])][ord(name[0]) - ord("a")]


# --- boards and stones -----------------------------------------------------------------


@pytest.mark.parametrize(("board", "width", "height"), [("small", 8, 5), ("medium", 10, 7), ("large", 14, 9)])
def test_each_board_section_has_its_size_and_28_megaliths(board, width, height):
    state = ENGINE.setup({"board": board})
    assert (state.board.width, state.board.height) == (width, height)
    assert state.stock == MEGALITHS == 28
    assert len(ENGINE.legal_moves(state)) == 4 * width * height


def test_the_medium_board_is_the_default():
    assert ENGINE.setup({}).board.name == "medium"


def test_an_unknown_board_is_refused():
    with pytest.raises(InvalidOptions, match="board"):
        ENGINE.setup({"board": "huge"})


def test_carnac_is_played_by_two_seats_and_has_no_random_layout():
    with pytest.raises(InvalidSetup):
        ENGINE.setup({}, seats=3)
    with pytest.raises(InvalidSetup, match="layout"):
        ENGINE.setup({}, layout={"anything": 1})
    assert ENGINE.layout(ENGINE.setup({})) is None


def test_the_first_player_is_seat_1_and_plays_red_unless_the_event_says_white():
    state = ENGINE.setup({})
    assert ENGINE.to_move(state) == 0
    assert ENGINE.observe(state, None)["colours"] == ["red", "white"]
    swapped = ENGINE.setup({"first_colour": "white"})
    assert ENGINE.observe(swapped, None)["colours"] == ["white", "red"]


# --- the megalith ----------------------------------------------------------------------


def test_a_placement_chooses_square_top_colour_and_axis_four_variants_per_empty_square():
    state = ENGINE.play_text(ENGINE.setup({}), "e4wn")
    state = ENGINE.play_text(state, "x")
    texts = {ENGINE.move_to_text(state, m) for m in ENGINE.legal_moves(state)}
    assert {"d4rn", "d4re", "d4wn", "d4we"} <= texts
    assert not any(t.startswith("e4") for t in texts)
    assert len(texts) == 4 * (70 - 1)


def test_a_standing_megalith_shows_its_top_colour():
    assert colour_at(build(["e4 w"]), "e4") == "W"
    assert colour_at(build(["e4 r"]), "e4") == "R"


@pytest.mark.parametrize(
    ("placement", "tilt", "covered", "shown"),
    [
        ("e4wn", "tn", ("e5", "e6"), "W"),  # white faces north/south, tilted north: white
        ("e4wn", "ts", ("e3", "e2"), "W"),
        ("e4wn", "te", ("f4", "g4"), "R"),  # ...the east/west faces have the other colour
        ("e4wn", "tw", ("d4", "c4"), "R"),
        ("e4we", "tn", ("e5", "e6"), "R"),
        ("e4we", "te", ("f4", "g4"), "W"),
        ("e4rn", "ts", ("e3", "e2"), "R"),
        ("e4re", "ts", ("e3", "e2"), "W"),
    ],
)
def test_tilting_shows_the_colour_of_the_faces_of_that_axis_on_both_squares(placement, tilt, covered, shown):
    state = play_texts(ENGINE.setup({}), [placement, tilt])
    assert [colour_at(state, sq) for sq in covered] == [shown, shown]


# --- turn flow -------------------------------------------------------------------------


def test_after_a_placement_the_opponent_decides_to_tilt_or_decline():
    state = ENGINE.play_text(ENGINE.setup({}), "e4wn")
    assert ENGINE.to_move(state) == 1
    assert [ENGINE.move_to_text(state, m) for m in ENGINE.legal_moves(state)] == ["tn", "te", "ts", "tw", "x"]


def test_after_tilting_the_same_player_places_a_new_megalith():
    state = play_texts(ENGINE.setup({}), ["e4wn", "tn"])
    assert ENGINE.to_move(state) == 1
    assert state.stock == MEGALITHS - 1
    assert all(m < TILTS[0] for m in ENGINE.legal_moves(state))  # placements only


def test_after_declining_the_player_who_placed_places_again():
    state = play_texts(ENGINE.setup({}), ["e4wn", "x"])
    assert ENGINE.to_move(state) == 0
    state = ENGINE.play_text(state, "a1rn")
    assert ENGINE.to_move(state) == 1  # and the decliner decides again, on the new megalith
    assert DECLINE in ENGINE.legal_moves(state)


def test_a_megalith_that_cannot_be_tilted_leaves_the_opponent_to_simply_place():
    # Red lies on b1-c1 and a2-a3 (both tilted from a1); a megalith on a1 then has nowhere to fall.
    state = build(["a1 r e", "a1 r n"])
    seat = ENGINE.to_move(state)
    state = ENGINE.play_text(state, "a1wn")
    assert ENGINE.to_move(state) == 1 - seat
    assert not state.pending
    with pytest.raises(IllegalMove, match="no megalith to tilt"):
        ENGINE.play_text(state, "x")


def test_roles_swap_with_each_new_megalith():
    state = ENGINE.setup({})
    seats = []
    for text in ["e4wn", "tn", "a1rn", "x", "h7wn", "ts"]:
        seats.append(ENGINE.to_move(state))
        state = ENGINE.play_text(state, text)
    # Seat 1 places; seat 2 tilts and places; seat 1 declines; seat 2 places again; seat 1 tilts.
    assert seats == [0, 1, 1, 0, 1, 0]


# --- tilting ---------------------------------------------------------------------------


def test_a_tilt_lays_the_megalith_on_the_two_next_squares_and_frees_its_own():
    state = play_texts(ENGINE.setup({}), ["e4wn", "te"])
    assert picture(state)[3] == ".....RR..."  # rank 4: f4 and g4 covered, e4 empty again
    assert state.cells[state.board.parse_square("e4")] == EMPTY
    assert state.placements[: 4 * 5] == tuple(range(4 * 5))  # e4 can be placed on again
    assert any(ENGINE.move_to_text(state, m) == "e4rn" for m in ENGINE.legal_moves(state))


def test_a_megalith_cannot_be_tilted_over_the_edge():
    state = ENGINE.play_text(ENGINE.setup({}), "a7wn")  # the north-west corner
    texts = [ENGINE.move_to_text(state, m) for m in ENGINE.legal_moves(state)]
    assert texts == ["te", "ts", "x"]
    with pytest.raises(IllegalMove, match="cannot be tilted north: it would stick out over the edge"):
        ENGINE.play_text(state, "tn")
    near_edge = ENGINE.play_text(ENGINE.setup({}), "b7wn")  # one square is not enough either
    with pytest.raises(IllegalMove, match="cannot be tilted west: it would stick out"):
        ENGINE.play_text(near_edge, "tw")


def test_a_megalith_cannot_be_tilted_onto_a_taken_square():
    state = build(["b3 w"])
    state = ENGINE.play_text(state, "b5rn")
    with pytest.raises(IllegalMove, match="cannot be tilted south: the square b3 is taken"):
        ENGINE.play_text(state, "ts")
    state = build(["b6 w"])
    state = ENGINE.play_text(state, "b5rn")
    with pytest.raises(IllegalMove, match="cannot be tilted north: the square b6 is taken"):
        ENGINE.play_text(state, "tn")


def test_megaliths_are_never_tilted_diagonally():
    state = ENGINE.play_text(ENGINE.setup({}), "e4wn")
    assert len(ENGINE.legal_moves(state)) == 5  # four straight directions and the decline
    for diagonal in ("tne", "tsw", "tnw", "tse"):
        with pytest.raises(IllegalMove):
            ENGINE.play_text(state, diagonal)


def test_only_the_last_placed_megalith_can_be_tilted_and_others_never_move():
    state = build(["e4 w", "c2 r e"])
    before = state.cells
    state = ENGINE.play_text(state, "h5wn")
    assert {ENGINE.move_to_text(state, m) for m in ENGINE.legal_moves(state)} == {"tn", "te", "ts", "tw", "x"}
    state = ENGINE.play_text(state, "ts")
    changed = [sq for sq in range(state.board.size) if state.cells[sq] != before[sq]]
    names = sorted(state.board.square_names[sq] for sq in changed)
    assert names == ["h3", "h4"]  # e4 still stands, d2-e2 still lie where they fell


def test_megaliths_are_only_placed_on_empty_squares():
    state = build(["e4 w", "a1 r n"])
    with pytest.raises(IllegalMove, match="the square e4 is taken by a standing megalith"):
        ENGINE.play_text(state, "e4rn")
    with pytest.raises(IllegalMove, match="the square a2 is taken by a lying megalith"):
        ENGINE.play_text(state, "a2rn")


def test_a_placement_must_wait_for_the_decision_on_the_last_megalith():
    state = ENGINE.play_text(ENGINE.setup({}), "e4wn")
    with pytest.raises(IllegalMove, match="first decide about the megalith just placed on e4"):
        ENGINE.play_text(state, "a1rn")


def test_an_illegal_move_leaves_the_state_unchanged():
    state = ENGINE.play_text(ENGINE.setup({}), "e4wn")
    snapshot = state
    with pytest.raises(IllegalMove):
        ENGINE.play(state, 12345)
    assert state == snapshot


# --- the end ---------------------------------------------------------------------------


# 27 megaliths left standing: ranks 1 and 3 full, h2, and a5 to f5.
TWENTY_SEVEN_STANDING = [f"{f}{r} r" for r in "13" for f in "abcdefghij"] + ["h2 r"] + [f"{f}5 r" for f in "abcdef"]


def test_the_game_ends_after_the_decision_on_the_28th_megalith():
    state = build(TWENTY_SEVEN_STANDING)
    assert state.stock == 1 and not ENGINE.is_over(state)
    state = ENGINE.play_text(state, "b2wn")  # the last megalith: it can only fall east, onto c2-d2
    assert state.stock == 0 and not ENGINE.is_over(state)
    assert [ENGINE.move_to_text(state, m) for m in ENGINE.legal_moves(state)] == ["te", "x"]
    after_tilt = ENGINE.play_text(state, "te")
    after_decline = ENGINE.play_text(state, "x")
    assert ENGINE.is_over(after_tilt) and ENGINE.is_over(after_decline)
    assert ENGINE.legal_moves(after_decline) == ()
    with pytest.raises(GameOver, match="the game is over"):
        ENGINE.play_text(after_decline, "e2rn")


def test_the_game_ends_at_once_when_the_28th_megalith_cannot_be_tilted():
    state = build(TWENTY_SEVEN_STANDING)
    state = ENGINE.play_text(state, "j2wn")  # j1 and j3 taken, the edge to the east, h2 taken
    assert not state.pending and ENGINE.is_over(state)
    assert ENGINE.outcome(state) is not None


def test_the_game_ends_when_no_empty_square_is_left():
    # On the small board 13 tilted and 14 standing megaliths cover all 40 squares: one is left over.
    tilted = [f"{f}1 w n" for f in "abcdefgh"] + ["a1 r e", "a4 w e", "d4 r e", "a5 w e", "d5 r e"]
    squares = ["a1", "d1", "e1", "f1", "g1", "h1", "a4", "d4", "g4", "h4", "a5", "d5", "g5", "h5"]
    standing = [f"{sq} {'rw'[i % 2]}" for i, sq in enumerate(squares)]
    state = build(tilted + standing[:-1], {"board": "small"})
    assert not ENGINE.is_over(state) and state.cells.count(EMPTY) == 1
    state = ENGINE.play_text(state, "h5wn")
    assert EMPTY not in state.cells
    assert state.stock == 1  # a megalith is left, but there is nowhere to put it
    assert ENGINE.is_over(state) and ENGINE.outcome(state) is not None
