"""The three board sections and everything about squares that can be worked out once.

Squares are numbered row by row from the south-west corner: square ``row * width + col``,
written ``a1`` (file letter, rank number; rank 1 is the south edge, north is up). Every table a
move needs (neighbours, the two squares a tilt lands on, the placements of a square) is built
here once per board, so play never computes geometry.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engines.text import Np_

MEGALITHS = 28  # the stockpile is the same on every board section

# Directions, in the order tilts are listed and written: north, east, south, west.
NORTH, EAST, SOUTH, WEST = range(4)
# Said of a tilt ("cannot be tilted north", "Tilt north"): the site translates them as a direction.
DIRECTION_NAMES = (
    Np_("tilt direction", "north"),
    Np_("tilt direction", "east"),
    Np_("tilt direction", "south"),
    Np_("tilt direction", "west"),
)
DIRECTION_LETTERS = "nesw"
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # (dcol, drow); rows grow to the north

SIZES = {"small": (8, 5), "medium": (10, 7), "large": (14, 9)}  # (width, height) of each section
SIZE_WORDS = {
    "small": Np_("board size", "small"),
    "medium": Np_("board size", "medium"),
    "large": Np_("board size", "large"),
}
FILES = "abcdefghijklmn"


@dataclass(frozen=True, eq=False)
class Board:
    """One board section. There is exactly one instance per name (see ``board_named``)."""

    name: str
    width: int
    height: int
    square_names: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    # tilt_targets[square][direction] = (first, second) squares the megalith would cover, or None.
    tilt_targets: tuple[tuple[tuple[int, int] | None, ...], ...]
    # All four placement moves of each square, in move order (see moves.py).
    placements_of: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        return self.width * self.height

    def square(self, col: int, row: int) -> int:
        return row * self.width + col

    def coords(self, square: int) -> tuple[int, int]:
        return square % self.width, square // self.width

    def step(self, square: int, direction: int) -> int | None:
        col, row = self.coords(square)
        dcol, drow = STEPS[direction]
        col, row = col + dcol, row + drow
        if 0 <= col < self.width and 0 <= row < self.height:
            return self.square(col, row)
        return None

    def parse_square(self, text: str) -> int | None:
        """The square written ``text`` (``e4``), or None if it is not a square of this board."""
        if len(text) < 2 or text[0] not in FILES or not text[1:].isdigit() or text[1] == "0":
            return None
        col, row = FILES.index(text[0]), int(text[1:]) - 1
        if col >= self.width or row >= self.height:
            return None
        return self.square(col, row)

    def __reduce__(self):
        # States hold their board; pickling (copies, fingerprints) stores just its name.
        return board_named, (self.name,)

    def __repr__(self) -> str:
        return f"<Board {self.name} {self.width}x{self.height}>"


def _build(name: str) -> Board:
    width, height = SIZES[name]
    size = width * height
    names = tuple(f"{FILES[sq % width]}{sq // width + 1}" for sq in range(size))

    def step(square: int, direction: int) -> int | None:
        col, row = square % width + STEPS[direction][0], square // width + STEPS[direction][1]
        return row * width + col if 0 <= col < width and 0 <= row < height else None

    neighbours = tuple(tuple(n for d in range(4) if (n := step(sq, d)) is not None) for sq in range(size))
    targets = []
    for sq in range(size):
        row = []
        for direction in range(4):
            first = step(sq, direction)
            second = step(first, direction) if first is not None else None
            row.append((first, second) if second is not None else None)
        targets.append(tuple(row))
    placements = tuple(tuple(sq * 4 + variant for variant in range(4)) for sq in range(size))
    return Board(name, width, height, names, neighbours, tuple(targets), placements)


_BOARDS = {name: _build(name) for name in SIZES}


def board_named(name: str) -> Board:
    return _BOARDS[name]
