"""The map of tiles: where a tile fits, roads and cities, mist banks, castles and cemeteries."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from games.engines.mists.state import Key, Pos
from games.engines.mists.tiles import OFFSETS, Oriented, oriented
from games.engines.text import N_, Np_, Text

Board = dict[Pos, tuple[str, int]]
SIDE_NAMES = (
    Np_("tile side", "north"),
    Np_("tile side", "east"),
    Np_("tile side", "south"),
    Np_("tile side", "west"),
)
EDGE_WORDS = {"C": N_("a city"), "R": N_("a road"), "F": N_("a field")}
AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


def step(pos: Pos, side: int) -> Pos:
    return (pos[0] + OFFSETS[side][0], pos[1] + OFFSETS[side][1])


def around(pos: Pos) -> list[Pos]:
    """The eight tiles' places around ``pos`` (orthogonal and diagonal)."""
    return [(pos[0] + dx, pos[1] + dy) for dx, dy in AROUND]


def face(board: Board, pos: Pos) -> Oriented | None:
    """The face-up tile at ``pos``, or None for an empty place or a face-down tile."""
    placed = board.get(pos)
    if placed is None or placed[1] < 0:
        return None
    return oriented(*placed)


def is_face_down(board: Board, pos: Pos) -> bool:
    placed = board.get(pos)
    return placed is not None and placed[1] < 0


def mismatch(board: Board, tile_id: str, pos: Pos, rotation: int) -> Text | None:
    """Why the tile cannot go there in that rotation (in players' words), or None if it fits."""
    if pos in board:
        return Text(N_("the place {x},{y} is already taken"), x=pos[0], y=pos[1])
    turned = oriented(tile_id, rotation)
    touching = False
    for side in range(4):
        there = step(pos, side)
        if there not in board:
            continue
        touching = True
        other = face(board, there)
        if other is None:
            continue  # a face-down tile matches any edge
        mine, theirs = turned.edges[side], other.edges[(side + 2) % 4]
        if mine != theirs:
            return Text(
                N_("its {side} side shows {mine} but the tile there shows {theirs}"),
                side=SIDE_NAMES[side],
                mine=EDGE_WORDS[mine],
                theirs=EDGE_WORDS[theirs],
            )
    if not touching:
        return Text(N_("the place {x},{y} touches no tile on a side"), x=pos[0], y=pos[1])
    return None


def touches_by_a_side(board: Board, pos: Pos) -> bool:
    """Does the place share a side with a tile (face up or face down)?"""
    return any(step(pos, side) in board for side in range(4))


def frontier(board: Board) -> list[Pos]:
    """Empty places next to a tile (sharing a side), in a stable order."""
    spots = {(x + dx, y + dy) for x, y in board for dx, dy in OFFSETS}
    return sorted(spot for spot in spots if spot not in board)


def _needs(board: Board, pos: Pos) -> str:
    """What each side of an empty place must show: an edge letter, "." (nothing there) or "*" (any)."""
    needs = []
    for side, (dx, dy) in enumerate(OFFSETS):
        placed = board.get((pos[0] + dx, pos[1] + dy))
        if placed is None:
            needs.append(".")
        elif placed[1] < 0:
            needs.append("*")  # a face-down tile matches any edge
        else:
            needs.append(oriented(*placed).edges[(side + 2) % 4])
    return "".join(needs)


@cache
def _fitting(tile_id: str, needs: str) -> tuple[int, ...]:
    """The rotations (one per distinct look) in which the tile meets these needs."""
    found, seen = [], set()
    for rotation in range(4):
        turned = oriented(tile_id, rotation)
        look = (turned.edges, turned.roads, turned.cities, turned.mist)
        if look in seen:
            continue  # a symmetric tile: the same placement twice would be one move written two ways
        seen.add(look)
        if all(need in ".*" or need == edge for need, edge in zip(needs, turned.edges)):
            found.append(rotation)
    return tuple(found)


def placements(board: Board, tile_id: str) -> tuple[tuple[str, int, int, int], ...]:
    return tuple(("P", x, y, r) for x, y in frontier(board) for r in _fitting(tile_id, _needs(board, (x, y))))


def fits_somewhere(board: Board, tile_id: str) -> bool:
    return any(_fitting(tile_id, _needs(board, pos)) for pos in frontier(board))


# --- roads and cities ------------------------------------------------------------------------


@dataclass(frozen=True)
class Feature:
    kind: str  # "r" road, "c" city, "k" castle
    keys: frozenset[Key]  # every (x, y, kind, index) piece of it
    tiles: frozenset[Pos]
    complete: bool
    haunted: bool  # touches a face-down tile: it can never be completed
    value: int  # points per colour when it is scored now

    def meeple_keys(self, meeples: dict[Key, int]) -> list[Key]:
        return sorted(key for key in self.keys if key in meeples)


def _pieces(turned: Oriented, kind: str) -> tuple[tuple[int, ...], ...]:
    return turned.roads if kind == "r" else tuple(city.edges for city in turned.cities)


def feature(board: Board, key: Key) -> Feature:
    x, y, kind, index = key
    if kind == "k":
        return castle(board, (x, y))
    start = (x, y, kind, index)
    todo, seen = [start], {start}
    open_side = haunted = False
    shields = 0
    while todo:
        px, py, _, i = todo.pop()
        turned = face(board, (px, py))
        if kind == "c":
            shields += turned.cities[i].shields
        for side in _pieces(turned, kind)[i]:
            there = step((px, py), side)
            if there not in board:
                open_side = True
                continue
            other = face(board, there)
            if other is None:
                haunted = True
                continue
            at = (other.road_at if kind == "r" else other.city_at)[(side + 2) % 4]
            node = (there[0], there[1], kind, at)
            if node not in seen:
                seen.add(node)
                todo.append(node)
    tiles = frozenset((k[0], k[1]) for k in seen)
    value = len(tiles) if kind == "r" else 2 * len(tiles) + 2 * shields
    return Feature(kind, frozenset(seen), tiles, not open_side and not haunted, haunted, value)


def castle(board: Board, pos: Pos) -> Feature:
    """A castle is complete when all eight places around it hold face-up tiles."""
    ring = around(pos)
    haunted = any(is_face_down(board, p) for p in ring)
    complete = all(p in board for p in ring) and not haunted
    misty = sum(1 for p in [pos, *ring] if (t := face(board, p)) is not None and t.mist)
    return Feature("k", frozenset({(pos[0], pos[1], "k", 0)}), frozenset({pos}), complete, haunted, 2 * misty)


def features_on(board: Board, pos: Pos) -> list[Key]:
    """The roads, cities and castle of the tile at ``pos``, as feature keys."""
    turned = face(board, pos)
    keys: list[Key] = [(pos[0], pos[1], "r", i) for i in range(len(turned.roads))]
    keys += [(pos[0], pos[1], "c", i) for i in range(len(turned.cities))]
    if turned.tile.castle:
        keys.append((pos[0], pos[1], "k", 0))
    return keys


# --- mist banks ------------------------------------------------------------------------------

OPEN, FINISHED, LIMITED = "open", "finished", "limited"


@dataclass(frozen=True)
class Bank:
    regions: frozenset[tuple[int, int, int]]  # (x, y, region index)
    status: str  # open: can still grow and finish; finished; limited: can never finish


def bank(board: Board, pos: Pos, region: int) -> Bank:
    """The mist bank through a region. Mist that meets clear land, or a face-down tile, is limited."""
    start = (pos[0], pos[1], region)
    todo, seen = [start], {start}
    open_side = limited = False
    while todo:
        px, py, r = todo.pop()
        for side in face(board, (px, py)).mist[r].edges:
            there = step((px, py), side)
            if there not in board:
                open_side = True
                continue
            other = face(board, there)
            at = -1 if other is None else other.mist_at[(side + 2) % 4]
            if at < 0:
                limited = True
                continue
            node = (there[0], there[1], at)
            if node not in seen:
                seen.add(node)
                todo.append(node)
    status = LIMITED if limited else OPEN if open_side else FINISHED
    return Bank(frozenset(seen), status)


def extends_mist(board: Board, pos: Pos, region: int) -> bool:
    """Does this region of the tile at ``pos`` meet mist already on the board?"""
    turned = face(board, pos)
    for side in turned.mist[region].edges:
        other = face(board, step(pos, side))
        if other is not None and other.mist_at[(side + 2) % 4] >= 0:
            return True
    return False


# --- cemeteries ------------------------------------------------------------------------------


def cemetery_closed(board: Board, pos: Pos, rule: str) -> bool:
    """Levels 2-4: closed once all four sides hold tiles; levels 5-6: once all eight places do."""
    if rule == "four_sides":
        return all(step(pos, side) in board for side in range(4))
    return all(p in board for p in around(pos))


def cemeteries(board: Board) -> list[Pos]:
    return sorted(pos for pos in board if (t := face(board, pos)) is not None and t.tile.cemetery)
