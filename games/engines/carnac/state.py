"""The Carnac position: an immutable tuple that is cheap to build, copy and compare."""

from __future__ import annotations

from typing import NamedTuple

from games.engines.carnac.board import Board


class CarnacState(NamedTuple):
    board: Board
    cells: bytes  # one code per square, see moves.py
    # The placement moves on the empty squares, sorted: the legal moves whenever a seat places.
    placements: tuple[int, ...]
    to_move: int | None  # None once the game is over
    # The tilts of the last megalith and DECLINE while its tilt is being decided, else ().
    pending: tuple[int, ...]
    last_square: int  # the square of the megalith the last move placed, tilted or left; -1 at the start
    last_move: int  # -1 at the start
    stock: int  # megaliths left in the stockpile
    first_colour: int  # the colour of seat 0 (seat 1 plays the other)
    ply: int

    @property
    def deciding(self) -> bool:
        return bool(self.pending)

    def colour_of(self, seat: int) -> int:
        return self.first_colour if seat == 0 else 1 - self.first_colour

    def seat_of(self, colour: int) -> int:
        return 0 if colour == self.first_colour else 1
