"""The Menhirs board: 30 hexes in 7 vertical columns of 3, 4, 5, 6, 5, 4, 3, and fog as bitmasks.

Every set of hexes (fog, Menhirs, a moving cluster) is an int whose bits are hexes. The bit of a
hex is laid out so that a step in any of the six directions is one constant bit shift: a hex at
column q (0 = west) and axial row r sits at bit ``(q + 1) * 8 + r + 5``. Each column owns 8 bits
of which at most 6 are on the board, and a whole padding column lies west of column a, so a
step off the board always lands on a padding bit (never wraps onto another hex, never goes
below bit 0). Leaving the board is then ``shifted & ~BOARD``.

Hexes are named like chess squares: a column letter a–g from west to east and a position
counted from 1 at the north end of that column (a1 is the north-west corner, d6 the south end
of the middle column).
"""

from __future__ import annotations

from functools import lru_cache

COLUMN_HEIGHTS = (3, 4, 5, 6, 5, 4, 3)
COLUMN_LETTERS = "abcdefg"
FOG_TILES = 11
MENHIR_TILES = 7

# Directions in the rulebook's order, with their step as a bit shift (see the module doc).
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
_AXIAL_STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
SHIFTS = tuple(dq * 8 + dr for dq, dr in _AXIAL_STEPS)
OPPOSITE = (3, 4, 5, 0, 1, 2)  # N<->S, NE<->SW, SE<->NW


def _top_row(column: int) -> int:
    # Axial row of a column's northernmost hex: the columns grow by one hex a side up to d.
    return -min(column, 3) - 1


def _bit(column: int, row: int) -> int:
    return (column + 1) * 8 + row + 5


HEX_NAMES: dict[int, str] = {}  # bit index -> "c3"
HEX_BITS: dict[str, int] = {}  # "c3" -> bit index
HEX_PLACES: dict[int, tuple[int, int]] = {}  # bit index -> (column 0..6, position 0..5 from the north)
for _q, _height in enumerate(COLUMN_HEIGHTS):
    for _p in range(_height):
        _index = _bit(_q, _top_row(_q) + _p)
        _name = f"{COLUMN_LETTERS[_q]}{_p + 1}"
        HEX_NAMES[_index] = _name
        HEX_BITS[_name] = _index
        HEX_PLACES[_index] = (_q, _p)

# Every hex in notation order: column by column from the west, each from the north.
HEXES: tuple[int, ...] = tuple(HEX_NAMES)
BOARD = sum(1 << index for index in HEXES)


def shift(mask: int, direction: int) -> int:
    """The hexes one step from ``mask`` in ``direction`` (padding bits mean "off the board")."""
    step = SHIFTS[direction]
    return mask << step if step > 0 else mask >> -step


def spread(mask: int) -> int:
    """``mask`` and every hex next to it (padding bits included; intersect before use)."""
    return mask | (mask << 1) | (mask >> 1) | (mask << 7) | (mask >> 7) | (mask << 8) | (mask >> 8)


def bits_of(mask: int) -> list[int]:
    """The hex indexes in ``mask``, lowest bit (= notation order) first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(indexes) -> int:
    mask = 0
    for index in indexes:
        mask |= 1 << index
    return mask


def names_of(mask: int) -> list[str]:
    return [HEX_NAMES[index] for index in bits_of(mask)]


def neighbours(index: int) -> list[int]:
    return [index + step for step in SHIFTS if index + step in HEX_NAMES]


def component_of(seed: int, mask: int) -> int:
    """The connected part of ``mask`` that holds the hexes of ``seed``."""
    part = seed
    while True:
        grown = spread(part) & mask
        if grown == part:
            return part
        part = grown


@lru_cache(maxsize=1 << 16)
def components(mask: int) -> tuple[int, ...]:
    """The maximal connected groups of ``mask`` (fog clusters), lowest hex first."""
    found = []
    while mask:
        part = component_of(mask & -mask, mask)
        found.append(part)
        mask &= ~part
    return tuple(found)


def is_connected(mask: int) -> bool:
    return mask != 0 and component_of(mask & -mask, mask) == mask


MIN_SPLIT_SIZE = 6  # only a cluster this large may be split
MIN_PART_SIZE = 3  # every part of a split keeps at least this many tiles


def is_split_part(cluster: int, part: int) -> bool:
    """May ``part`` (a proper subset of ``cluster``) be split off and moved? Sizes and shape only."""
    return (
        cluster.bit_count() >= MIN_SPLIT_SIZE
        and part.bit_count() >= MIN_PART_SIZE
        and (cluster & ~part).bit_count() >= MIN_PART_SIZE
        and is_connected(part)
        and all(piece.bit_count() >= MIN_PART_SIZE for piece in components(cluster & ~part))
    )


def _pieces(mask: int) -> list[int]:
    """The connected pieces of ``mask`` (``components`` without the cache, for the split walk)."""
    found = []
    while mask:
        piece = mask & -mask
        while True:
            grown = (piece | piece << 1 | piece >> 1 | piece << 7 | piece >> 7 | piece << 8 | piece >> 8) & mask
            if grown == piece:
                break
            piece = grown
        found.append(piece)
        mask ^= piece
    return found


def _split_parts(cluster: int) -> list[int]:
    """Every connected part of ``cluster`` that may split off: at least 3 tiles, and every piece
    it leaves behind at least 3 tiles.

    Walks the connected subsets only, never the 2**n subsets: each is grown once, from its lowest
    tile, and a tile passed over (``banned``) is never added later on that branch. The pieces
    left behind are carried along: adding a tile only splits the piece it came from. A piece
    only shrinks as the part grows, so a piece of fewer than 3 tiles must be taken in whole:
    when one holds a banned tile, or the part would outgrow its limit taking them in, nothing
    grown from there is tried.
    """
    largest = cluster.bit_count() - MIN_PART_SIZE
    found = []
    roots = cluster
    before = 0  # lower roots: every part holding one was walked already
    while roots:
        root = roots & -roots
        roots ^= root
        before |= root
        stack = [(root, 1, spread(root) & cluster & ~before, before, _pieces(cluster ^ root))]
        while stack:
            sub, count, frontier, banned, pieces = stack.pop()
            short = 0  # tiles of the pieces too small to stay behind
            for piece in pieces:
                if piece.bit_count() < MIN_PART_SIZE:
                    short |= piece
            if short:
                if short & banned or count + short.bit_count() > largest:
                    continue
            elif count >= MIN_PART_SIZE:
                found.append(sub)
            if count == largest:
                continue
            while frontier:
                tile = frontier & -frontier
                frontier ^= tile
                banned |= tile
                rest = []
                for piece in pieces:
                    if piece & tile:
                        if piece != tile:
                            rest += _pieces(piece ^ tile)
                    else:
                        rest.append(piece)
                near = tile | tile << 1 | tile >> 1 | tile << 7 | tile >> 7 | tile << 8 | tile >> 8  # spread(tile)
                stack.append((sub | tile, count + 1, frontier | (near & cluster & ~banned), banned, rest))
    return found


@lru_cache(maxsize=1 << 16)
def _normal_movable_parts(cluster: int) -> tuple[int, ...]:
    parts = _split_parts(cluster)
    parts.sort(reverse=True)
    return (cluster, *parts)


def movable_parts(cluster: int) -> tuple[int, ...]:
    """The sets of tiles of ``cluster`` that may move together: the whole, then every legal split
    (largest bitmask first).

    A split moves a connected part of at least 3 tiles and leaves parts of at least 3 tiles.
    Which parts may split depends on the cluster's shape only, and a step is the same bit shift
    everywhere, so the parts are worked out (and cached) for the cluster moved down to bit 0.
    """
    if cluster.bit_count() < MIN_SPLIT_SIZE:
        return (cluster,)
    low = (cluster & -cluster).bit_length() - 1
    parts = _normal_movable_parts(cluster >> low)
    return tuple(part << low for part in parts) if low else parts
