"""The land tiles as data: loading, the schema check, and each tile's four orientations.

The tile set lives in ``data/tiles.json`` (see its ``about`` and docs/games/mists.md). A tile
lists its edges north, east, south, west; roads and cities name the edges they join on the tile;
mist names the field or road edges it covers, with its ghost symbols and spell circles. Replacing
our transcription by the printed manifest is a change of that file only.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).with_name("data")
DIRECTIONS = "NESW"
OFFSETS = ((0, -1), (1, 0), (0, 1), (-1, 0))  # north is up: y grows southwards, as on screen
EDGE_KINDS = {"C": "city", "R": "road", "F": "field"}
TILE_KINDS = ("start", "regular", "castle", "cemetery", "circle")
START_QUARTERS = {(0, 0): "S-NW", (1, 0): "S-NE", (1, 1): "S-SE", (0, 1): "S-SW"}


class TileDataError(ValueError):
    """A tile or level entry breaks the schema; the message names the entry and the field."""


@dataclass(frozen=True)
class Mist:
    edges: tuple[int, ...]
    ghosts: int
    circles: int


@dataclass(frozen=True)
class City:
    edges: tuple[int, ...]
    shields: int


@dataclass(frozen=True)
class TileType:
    id: str
    kind: str
    count: int
    edges: str
    roads: tuple[tuple[int, ...], ...]
    cities: tuple[City, ...]
    mist: tuple[Mist, ...]
    castle: bool
    cemetery: bool
    certainty: str

    @property
    def misty(self) -> bool:
        return bool(self.mist)

    @property
    def circles(self) -> int:
        return sum(region.circles for region in self.mist)


@dataclass(frozen=True)
class Oriented:
    """A tile turned ``rotation`` quarter turns clockwise: what lies on each side now."""

    tile: TileType
    rotation: int
    edges: str  # edge kind letters, north, east, south, west
    roads: tuple[tuple[int, ...], ...]
    cities: tuple[City, ...]
    mist: tuple[Mist, ...]
    road_at: tuple[int, ...]  # per side: index of the road there, or -1
    city_at: tuple[int, ...]
    mist_at: tuple[int, ...]  # per side: index of the mist region there, or -1
    road_misty: tuple[bool, ...]  # a road every side of which lies in mist: no meeple may stand on it


def _turn(sides: tuple[int, ...], rotation: int) -> tuple[int, ...]:
    return tuple(sorted((side + rotation) % 4 for side in sides))


def orient(tile: TileType, rotation: int) -> Oriented:
    edges = "".join(tile.edges[(side - rotation) % 4] for side in range(4))
    roads = tuple(_turn(road, rotation) for road in tile.roads)
    cities = tuple(City(_turn(city.edges, rotation), city.shields) for city in tile.cities)
    mist = tuple(Mist(_turn(region.edges, rotation), region.ghosts, region.circles) for region in tile.mist)

    def index_at(groups: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
        at = [-1] * 4
        for index, sides in enumerate(groups):
            for side in sides:
                at[side] = index
        return tuple(at)

    mist_at = index_at(tuple(region.edges for region in mist))
    road_misty = tuple(all(mist_at[side] >= 0 for side in road) for road in roads)
    return Oriented(
        tile=tile,
        rotation=rotation,
        edges=edges,
        roads=roads,
        cities=cities,
        mist=mist,
        road_at=index_at(roads),
        city_at=index_at(tuple(city.edges for city in cities)),
        mist_at=mist_at,
        road_misty=road_misty,
    )


# --- the schema --------------------------------------------------------------------------


def _sides(value: Any, where: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(s, str) and s in DIRECTIONS for s in value):
        raise TileDataError(f"{where}: expected a non-empty list of sides among N, E, S, W, got {value!r}")
    if len(set(value)) != len(value):
        raise TileDataError(f"{where}: a side is listed twice in {value!r}")
    return tuple(sorted(DIRECTIONS.index(s) for s in value))


def _count(entry: dict[str, Any], key: str, where: str, minimum: int = 0) -> int:
    value = entry.get(key, 0)
    if type(value) is not int or value < minimum:
        raise TileDataError(f"{where}.{key}: expected a whole number of at least {minimum}, got {value!r}")
    return value


def _check_cover(edges: str, groups: list[tuple[int, ...]], letter: str, what: str, where: str) -> None:
    """Every side of kind ``letter`` belongs to exactly one group, and groups hold only such sides."""
    seen: list[int] = []
    for group in groups:
        for side in group:
            if edges[side] != letter:
                kind = EDGE_KINDS[edges[side]]
                raise TileDataError(f"{where}.{what}: side {DIRECTIONS[side]} is a {kind}, not a {EDGE_KINDS[letter]}")
        seen.extend(group)
    if len(seen) != len(set(seen)):
        raise TileDataError(f"{where}.{what}: a side belongs to two {what}")
    missing = [DIRECTIONS[s] for s in range(4) if edges[s] == letter and s not in seen]
    if missing:
        raise TileDataError(f"{where}.{what}: the {EDGE_KINDS[letter]} on side {', '.join(missing)} is in no entry")


def parse_tile(entry: Any, index: int) -> TileType:
    where = f"tiles[{index}]"
    if not isinstance(entry, dict):
        raise TileDataError(f"{where}: expected an object, got {entry!r}")
    tile_id = entry.get("id")
    if not isinstance(tile_id, str) or not tile_id or any(ch in tile_id for ch in " ,:@="):
        raise TileDataError(f"{where}.id: expected a short name without spaces or , : @ =, got {tile_id!r}")
    where = f"tiles[{index}] ({tile_id})"
    unknown = set(entry) - {
        "id",
        "count",
        "kind",
        "edges",
        "roads",
        "cities",
        "mist",
        "castle",
        "cemetery",
        "certainty",
    }
    if unknown:
        raise TileDataError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    kind = entry.get("kind")
    if kind not in TILE_KINDS:
        raise TileDataError(f"{where}.kind: expected one of {', '.join(TILE_KINDS)}, got {kind!r}")
    count = _count(entry, "count", where, minimum=1)
    edges = entry.get("edges")
    if not isinstance(edges, str) or len(edges) != 4 or any(ch not in EDGE_KINDS for ch in edges):
        raise TileDataError(
            f"{where}.edges: expected four letters among C, R, F (north, east, south, west), got {edges!r}"
        )
    roads = [_sides(road, f"{where}.roads[{i}]") for i, road in enumerate(entry.get("roads", []))]
    _check_cover(edges, roads, "R", "roads", where)
    cities = []
    for i, city in enumerate(entry.get("cities", [])):
        if not isinstance(city, dict):
            raise TileDataError(f"{where}.cities[{i}]: expected an object with edges and shields")
        cities.append(
            City(
                _sides(city.get("edges"), f"{where}.cities[{i}].edges"), _count(city, "shields", f"{where}.cities[{i}]")
            )
        )
    _check_cover(edges, [c.edges for c in cities], "C", "cities", where)
    mist = []
    for i, region in enumerate(entry.get("mist", [])):
        spot = f"{where}.mist[{i}]"
        if not isinstance(region, dict):
            raise TileDataError(f"{spot}: expected an object with edges, ghosts and circles")
        sides = _sides(region.get("edges"), f"{spot}.edges")
        for side in sides:
            if edges[side] == "C":
                raise TileDataError(f"{spot}.edges: mist never covers a city, but side {DIRECTIONS[side]} is one")
        mist.append(Mist(sides, _count(region, "ghosts", spot), _count(region, "circles", spot)))
    covered = [side for region in mist for side in region.edges]
    if len(covered) != len(set(covered)):
        raise TileDataError(f"{where}.mist: a side belongs to two mist regions")
    castle, cemetery = entry.get("castle", False), entry.get("cemetery", False)
    if castle is not (kind == "castle") or cemetery is not (kind == "cemetery"):
        raise TileDataError(
            f"{where}.castle/cemetery: a {kind} tile must say castle={kind == 'castle'}, cemetery={kind == 'cemetery'}"
        )
    circles = sum(region.circles for region in mist)
    if (circles > 0) != (kind == "circle"):
        raise TileDataError(f"{where}.mist: spell circles belong on circle tiles only, and every circle tile shows one")
    certainty = entry.get("certainty", "")
    if not isinstance(certainty, str):
        raise TileDataError(f"{where}.certainty: expected a text, got {certainty!r}")
    return TileType(tile_id, kind, count, edges, tuple(roads), tuple(cities), tuple(mist), castle, cemetery, certainty)


# What the rules say about the box (Dized, Game Components and Setup; the Spell Circles text).
EXPECTED_COUNTS = {"start": 4, "regular": 50, "castle": 5, "cemetery": 5, "circle": 9}
START_GHOSTS = 3


def validate_tiles(doc: Any) -> dict[str, TileType]:
    """Every tile, checked against the schema and the documented counts; raises TileDataError."""
    if not isinstance(doc, dict) or not isinstance(doc.get("tiles"), list):
        raise TileDataError("tiles file: expected an object with a 'tiles' list")
    tiles: dict[str, TileType] = {}
    for index, entry in enumerate(doc["tiles"]):
        tile = parse_tile(entry, index)
        if tile.id in tiles:
            raise TileDataError(f"tiles[{index}] ({tile.id}).id: the name is used twice")
        tiles[tile.id] = tile
    for kind, expected in EXPECTED_COUNTS.items():
        found = sum(t.count for t in tiles.values() if t.kind == kind)
        if found != expected:
            raise TileDataError(f"tiles: the box holds {expected} {kind} tiles, the data lists {found}")
    if set(START_QUARTERS.values()) != {t.id for t in tiles.values() if t.kind == "start"}:
        raise TileDataError(f"tiles: the start quarters must be named {', '.join(sorted(START_QUARTERS.values()))}")
    ghosts = sum(region.ghosts for t in tiles.values() if t.kind == "start" for region in t.mist)
    if ghosts != START_GHOSTS:
        raise TileDataError(f"tiles: the starting tile shows {START_GHOSTS} ghost symbols, the data lists {ghosts}")
    return tiles


@cache
def tile_set() -> dict[str, TileType]:
    with open(DATA / "tiles.json", encoding="utf-8") as handle:
        return validate_tiles(json.load(handle))


@cache
def oriented(tile_id: str, rotation: int) -> Oriented:
    return orient(tile_set()[tile_id], rotation)


def box(kinds: tuple[str, ...]) -> list[str]:
    """The multiset of tile names of these kinds, sorted (one entry per physical tile)."""
    return sorted(t.id for t in tile_set().values() if t.kind in kinds for _ in range(t.count))


def face_ghosts(tile_id: str) -> list[tuple[int, int]]:
    """(mist region, ghost symbols) of a tile as printed, unturned."""
    return [(index, region.ghosts) for index, region in enumerate(tile_set()[tile_id].mist)]
