"""Moves as small integers, what a square holds as one byte, and the notation.

A move is an int so that legal-move lists are cheap tuples and moves hash fast:

- a placement is ``square * 4 + variant`` with ``variant = top * 2 + axis``: ``top`` is the
  colour of the symbol on top, ``axis`` says which pair of long faces carries that same colour
  (0: the north and south faces, 1: the east and west faces; the other pair has the other colour);
- a tilt is ``TILT + direction`` (north, east, south, west);
- ``DECLINE`` leaves the last megalith standing.

Notation: ``e4wn`` places on e4 with white on top and white on the north/south faces (so a tilt
north or south shows white, east or west shows red); ``tn`` tilts north; ``x`` declines.
"""

from __future__ import annotations

from games.engines.base import NotationError
from games.engines.carnac.board import DIRECTION_LETTERS, SIZE_WORDS, Board
from games.engines.text import N_, Text

RED, WHITE = 0, 1
COLOUR_NAMES = ("red", "white")
COLOUR_LETTERS = "rw"
AXIS_LETTERS = "ne"  # the top colour's faces: n = north/south pair, e = east/west pair

TILT = 1000
DECLINE = TILT + 4
TILTS = tuple(TILT + direction for direction in range(4))

# One byte per square: 0 empty, 1-4 a standing megalith (1 + variant),
# 5-12 a lying half (5 + colour * 4 + direction of the other half).
EMPTY = 0
STANDING = 1
LYING = 5


def variant_of(top: int, axis: int) -> int:
    return top * 2 + axis


def tilt_colour(variant: int, direction: int) -> int:
    """The colour a standing megalith shows once tilted that way.

    Tilting north or south puts a north/south face on top, east or west an east/west face.
    """
    top, axis = variant >> 1, variant & 1
    return top if axis == direction & 1 else 1 - top


def lying_code(colour: int, partner_direction: int) -> int:
    return LYING + colour * 4 + partner_direction


def cell_colour(code: int) -> int | None:
    """The colour seen from above on a square, or None when it is empty."""
    if code == EMPTY:
        return None
    if code < LYING:
        return (code - STANDING) >> 1
    return (code - LYING) >> 2


# bytes.translate table: cell code -> 0 empty, 1 red symbol, 2 white symbol.
SYMBOL_TABLE = bytes(
    (0 if cell_colour(code) is None else cell_colour(code) + 1) if code < 13 else 0 for code in range(256)
)


def is_placement(move: object) -> bool:
    return type(move) is int and 0 <= move < TILT


def move_to_text(board: Board, move: int) -> str:
    if move == DECLINE:
        return "x"
    if TILT <= move < DECLINE:
        return "t" + DIRECTION_LETTERS[move - TILT]
    square, variant = divmod(move, 4)
    return board.square_names[square] + COLOUR_LETTERS[variant >> 1] + AXIS_LETTERS[variant & 1]


_HOW_TO_WRITE = Text(
    N_(
        "write a placement as square, top colour (r or w) and the axis of the top colour's faces "
        "(n for north/south, e for east/west), e.g. e4wn; a tilt as t and a direction, e.g. tn; "
        "a decline as x"
    )
)


def _not_a_move(text: object) -> Text:
    return Text(N_("{text} is not a move: {how}"), text=repr(text), how=_HOW_TO_WRITE)


def parse_move(board: Board, text: str) -> int:
    """The move written ``text``; raises NotationError naming what is wrong."""
    if not isinstance(text, str):
        raise NotationError(_not_a_move(text))
    written = text.strip().lower()
    if written == "x":
        return DECLINE
    if len(written) == 2 and written[0] == "t" and written[1] in DIRECTION_LETTERS:
        return TILT + DIRECTION_LETTERS.index(written[1])
    if len(written) < 4 or written[-1] not in AXIS_LETTERS or written[-2] not in COLOUR_LETTERS:
        raise NotationError(_not_a_move(text), move_text=text)
    square = board.parse_square(written[:-2])
    if square is None:
        raise NotationError(
            Text(
                N_("{square} is not a square of the {board} board (files a-{last_file}, ranks 1-{last_rank})"),
                square=repr(written[:-2]),
                board=SIZE_WORDS.get(board.name, board.name),
                last_file=board.square_names[board.width - 1][0],
                last_rank=board.height,
            ),
            move_text=text,
        )
    variant = variant_of(COLOUR_LETTERS.index(written[-2]), AXIS_LETTERS.index(written[-1]))
    return square * 4 + variant
