"""Scoring from a bird's eye view: dolmens, and who has the better set of them.

Every covered square shows one symbol (a standing megalith its top, each half of a lying one
the face turned up). A dolmen is an orthogonally connected group of at least three symbols of
one colour. The rulebook ranks players by dolmen count, then by the largest dolmen, then the
next largest, and so on.
"""

from __future__ import annotations

from typing import NamedTuple

from games.engines.carnac.board import Board
from games.engines.carnac.moves import SYMBOL_TABLE

DOLMEN_MIN = 3


class Dolmen(NamedTuple):
    colour: int
    squares: tuple[int, ...]  # sorted

    @property
    def size(self) -> int:
        return len(self.squares)


def symbol_groups(board: Board, cells: bytes) -> list[tuple[int, list[int]]]:
    """Every orthogonally connected group of same-coloured symbols, dolmen or not."""
    symbols = cells.translate(SYMBOL_TABLE)
    neighbours = board.neighbours
    seen = bytearray(len(symbols))
    groups = []
    for start, symbol in enumerate(symbols):
        if not symbol or seen[start]:
            continue
        seen[start] = 1
        group = [start]
        for square in group:  # the list grows while we walk it: a breadth-first fill
            for other in neighbours[square]:
                if not seen[other] and symbols[other] == symbol:
                    seen[other] = 1
                    group.append(other)
        groups.append((symbol - 1, group))
    return groups


def dolmens(board: Board, cells: bytes) -> list[Dolmen]:
    """The dolmens on the board, largest first (then by colour and squares, for a stable order)."""
    found = [Dolmen(colour, tuple(sorted(group))) for colour, group in symbol_groups(board, cells)]
    found = [d for d in found if d.size >= DOLMEN_MIN]
    found.sort(key=lambda d: (-d.size, d.colour, d.squares))
    return found


def dolmen_sizes(found: list[Dolmen], colour: int) -> list[int]:
    """The sizes of one colour's dolmens, largest first."""
    return [d.size for d in found if d.colour == colour]  # ``found`` is already largest first


def comparison_key(sizes: list[int], width: int) -> tuple[int, ...]:
    """(dolmen count, sizes largest first, padded with zeros to ``width`` sizes).

    Tuples compare like the rulebook: more dolmens first; on equal counts the size lists have
    the same length, so the largest dolmen decides, then the next largest. Padding only makes
    both seats' tuples the same length for tables; it never changes an order.
    """
    return (len(sizes), *sizes, *([0] * (width - len(sizes))))
