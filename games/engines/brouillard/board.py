"""The 7×7 board: squares, names, and the precomputed neighbourhoods the rules use.

A square is an index 0..48 (``row * 7 + column``); row 0 is rank 1, the side of Seat 1. Sets of
squares are bitmasks (bit ``i`` = square ``i``), so a zone or an army is one int and the mist
is a handful of ``&`` and ``|``.
"""

from __future__ import annotations

SIZE = 7
SQUARES = tuple(range(SIZE * SIZE))
FILES = "abcdefg"
FULL = (1 << (SIZE * SIZE)) - 1

# The three rows nearest each seat: where it places its pieces.
HOME_ROWS = ((0, 1, 2), (4, 5, 6))

KING_STEPS = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
ORTHOGONAL_TWO = ((2, 0), (-2, 0), (0, 2), (0, -2))
DIAGONAL_TWO = ((2, 2), (2, -2), (-2, 2), (-2, -2))


def row_of(square: int) -> int:
    return square // SIZE


def col_of(square: int) -> int:
    return square % SIZE


def name(square: int) -> str:
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


def parse_square(text: str) -> int | None:
    """The square called ``text`` ("d4"), or None when it is not a square of the board."""
    if len(text) != 2:
        return None
    file, rank = text[0].lower(), text[1]
    if file not in FILES or not rank.isdigit() or not 1 <= int(rank) <= SIZE:
        return None
    return (int(rank) - 1) * SIZE + FILES.index(file)


def bit(square: int) -> int:
    return 1 << square


def squares_of(mask: int) -> list[int]:
    """The squares of a bitmask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def names_of(mask: int) -> list[str]:
    return [name(square) for square in squares_of(mask)]


def _offset(square: int, dr: int, dc: int) -> int | None:
    r, c = row_of(square) + dr, col_of(square) + dc
    return r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else None


def _targets(square: int, steps) -> tuple[int, ...]:
    return tuple(t for t in (_offset(square, dr, dc) for dr, dc in steps) if t is not None)


# RING[s]: the eight squares around s (what a probe counts). NEAR[s]: s and its ring (the mist
# a piece on s lifts).
RING = tuple(sum(bit(t) for t in _targets(s, KING_STEPS)) for s in SQUARES)
NEAR = tuple(RING[s] | bit(s) for s in SQUARES)

# Where a piece on s may go: king steps plus two squares in a straight orthogonal line, and the
# variant that also allows two squares diagonally.
REACH = tuple(_targets(s, KING_STEPS + ORTHOGONAL_TWO) for s in SQUARES)
REACH_DIAGONAL = tuple(_targets(s, KING_STEPS + ORTHOGONAL_TWO + DIAGONAL_TWO) for s in SQUARES)
REACH_MASK = tuple(sum(bit(t) for t in targets) for targets in REACH)
REACH_DIAGONAL_MASK = tuple(sum(bit(t) for t in targets) for targets in REACH_DIAGONAL)

HOME_MASK = tuple(sum(bit(r * SIZE + c) for r in rows for c in range(SIZE)) for rows in HOME_ROWS)
HOME_SQUARES = tuple(tuple(squares_of(mask)) for mask in HOME_MASK)


def reach(diagonal_two_step: bool) -> tuple[tuple[int, ...], ...]:
    return REACH_DIAGONAL if diagonal_two_step else REACH


def reach_mask(diagonal_two_step: bool) -> tuple[int, ...]:
    return REACH_DIAGONAL_MASK if diagonal_two_step else REACH_MASK


def zone(army: int) -> int:
    """The squares where the mist is lifted for an army: each piece's square and its ring."""
    out = 0
    while army:
        low = army & -army
        out |= NEAR[low.bit_length() - 1]
        army ^= low
    return out


def count(mask: int) -> int:
    return mask.bit_count()
