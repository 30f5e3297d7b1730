"""A FOG board read from a data file: the beach rows, the water area, the boats and the FOG track.

Boards are data (see docs/games/fog.md, "Board files"): the printed boards are not public, so
we ship our own Standard, Medium and Large boards and read uploaded ones with the same checks.
Hexes are rows of offset hexes: row A is at the bottom, the shore and the piers above the beach,
and every odd row (counting A as 0) is drawn half a hex to the right. "Forward" is towards the
boats (up), "backward" towards row A.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from games.engines.fog import jsonlines
from games.engines.fog.jsonlines import DataFileError, Located
from games.engines.fog.pieces import AREAS, CHARACTERISTICS, NATIONS, SIDES, TYPES

BOARD_DIR = Path(__file__).parent / "boards"
FORMAT = "fog-board/1"

# Hex directions in axial coordinates (q, r), r growing towards the boats: E, NE, NW, W, SW, SE.
# Neighbouring entries in this tuple are 60 degrees apart.
DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
BEACH, WOODS, SHORE, PIER = "beach", "woods", "shore", "pier"
CELL_KINDS = {
    "beach": {".": BEACH, "#": WOODS, " ": None},
    "shore": {"s": SHORE, " ": None},
    "pier": {"p": PIER, " ": None},
}


@dataclass(frozen=True)
class Place:
    """A productive place or the stern of a boat: a node of the water area, not a hex."""

    name: str  # "bAl": blue boat, area A, left side; "bST": the blue stern
    boat: int
    area: str  # "" for the stern
    side: str  # "" for the stern
    type: str  # islander type letter, "" for the stern
    capacity: int

    @property
    def stern(self) -> bool:
        return not self.type


@dataclass(frozen=True)
class Boat:
    nation: str
    places: tuple[int, ...]  # place indexes of the productive places
    stern: int  # the stern's place index
    bonuses: tuple[int, ...]
    min_crew: tuple[tuple[str, int], ...]
    left_pier: tuple[int, ...]
    right_pier: tuple[int, ...]
    stern_from: tuple[int, ...]  # shore fields with a plank to the stern


@dataclass(frozen=True)
class Islander:
    nation: str
    type: str  # L, E, W, S, C
    trait: str  # characteristic letter
    number: int  # 1-based within its nation

    @property
    def label(self) -> str:
        return f"{self.nation} {TYPES[self.type]} {self.number}"


@dataclass(frozen=True, eq=False)
class Board:
    name: str
    title: str
    data: dict[str, Any] = field(repr=False)
    names: tuple[str, ...]  # field names, then place names (node names)
    kinds: tuple[str, ...]  # per hex field
    rows: tuple[int, ...]  # per hex field: the row index (0 = A), shore after the beach rows, piers above
    cols: tuple[int, ...]
    row_names: tuple[str, ...]  # beach rows from A, then the shore
    penalties: tuple[int, ...]  # per entry of row_names
    row_islanders: tuple[int, ...]
    row_obstacles: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]  # per hex field, six entries (-1: none)
    places: tuple[Place, ...]
    boats: tuple[Boat, ...]
    islanders: tuple[Islander, ...]
    fog_track: tuple[tuple[int, tuple[int, ...]], ...]  # (position, row indexes swallowed on reaching it)
    fog_start: dict[int, int]
    fog_corner: int
    colours: dict[int, int]
    min_players: int
    max_players: int
    nation_points: int
    # water_steps[type][node]: the nodes one water step away for an islander of that type
    water_steps: dict[str, tuple[tuple[int, ...], ...]] = field(repr=False)
    # water_dist[type][node]: {node: steps} over the water area (passing occupied fields is allowed)
    water_dist: dict[str, tuple[dict[int, int], ...]] = field(repr=False)

    @property
    def hexes(self) -> int:
        return len(self.kinds)

    @property
    def shore_row(self) -> int:
        return len(self.row_names) - 1

    def node(self, name: str) -> int:
        return self._index[name]

    @property
    def _index(self) -> dict[str, int]:
        found = self.__dict__.get("_index_cache")
        if found is None:
            found = {name: i for i, name in enumerate(self.names)}
            object.__setattr__(self, "_index_cache", found)
        return found

    def is_place(self, node: int) -> bool:
        return node >= len(self.kinds)

    def place(self, node: int) -> Place:
        return self.places[node - len(self.kinds)]

    def is_water(self, node: int) -> bool:
        return node < len(self.kinds) and self.kinds[node] in (SHORE, PIER)

    def fog_rows(self, position: int) -> tuple[int, ...]:
        for pos, rows in self.fog_track:
            if pos == position:
                return rows
        return ()

    def __getstate__(self):
        # Pickle the file data only: the tables are rebuilt (states are pickled by the contract checks).
        return {"data": self.data}

    def __setstate__(self, state):
        built = build(state["data"])
        self.__dict__.update(built.__dict__)


def _offset_to_axial(col: int, row: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


# --- reading and checking a board file ----------------------------------------------------


def _need(doc: Located, path: tuple, value: Any, kind: type | tuple, what: str) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        doc.fail(path, f"expected {what}, found {value!r}")
    return value


def _get(doc: Located, obj: dict, path: tuple, key: str, kind: type | tuple, what: str) -> Any:
    if key not in obj:
        doc.fail(path, f"the field {key!r} is missing ({what})")
    return _need(doc, (*path, key), obj[key], kind, what)


def _per_players(doc: Located, data: dict, key: str, lo: int, hi: int) -> dict[int, int]:
    table = _get(doc, data, (), key, dict, "an object from player count to a number")
    result = {}
    for players in range(lo, hi + 1):
        if str(players) not in table:
            doc.fail((key,), f"no entry for {players} players")
        result[players] = _need(doc, (key, str(players)), table[str(players)], int, "a whole number")
    return result


def _read_rows(doc: Located, data: dict):
    rows = _get(doc, data, (), "rows", list, "the rows of the board, from the boats down to row A")
    width = None
    parsed = []
    for i, row in enumerate(rows):
        path = ("rows", i)
        _need(doc, path, row, dict, "a row object")
        name = _get(doc, row, path, "name", str, "a row name")
        kind = _get(doc, row, path, "kind", str, "beach, shore or pier")
        if kind not in CELL_KINDS:
            doc.fail((*path, "kind"), f"unknown row kind {kind!r} (beach, shore or pier)")
        cells = _get(doc, row, path, "cells", str, "a string with one character per column")
        width = width or len(cells)
        if len(cells) != width:
            doc.fail((*path, "cells"), f"the row has {len(cells)} columns, the first row has {width}")
        bad = sorted(set(cells) - set(CELL_KINDS[kind]))
        if bad:
            allowed = " ".join(repr(c) for c in CELL_KINDS[kind])
            doc.fail((*path, "cells"), f"a {kind} row may only use {allowed}, not {bad[0]!r}")
        parsed.append((i, name, kind, cells, row))
    kinds_in_order = [kind for _, _, kind, _, _ in parsed]
    shore = [i for i, k in enumerate(kinds_in_order) if k == "shore"]
    if len(shore) != 1:
        doc.fail(("rows",), f"a board has exactly one shore row, this one has {len(shore)}")
    if any(k != "pier" for k in kinds_in_order[: shore[0]]) or any(
        k != "beach" for k in kinds_in_order[shore[0] + 1 :]
    ):
        doc.fail(("rows",), "list the pier rows first, then the shore, then the beach rows down to row A")
    if not any(k == "beach" for k in kinds_in_order):
        doc.fail(("rows",), "a board needs at least one beach row")
    names = [name for _, name, _, _, _ in parsed]
    for i, name in enumerate(names):
        if not (name.isalpha() and name.isupper()) or names.index(name) != i:
            doc.fail(("rows", i, "name"), f"row names are capital letters, each used once: {name!r}")
    return parsed


def build(data: Any, lines: dict[tuple, int] | None = None) -> Board:
    """Check a board's data and build its tables; raises DataFileError naming the line and field."""
    doc = Located(data, lines)
    _need(doc, (), data, dict, "a board object")
    if data.get("format") != FORMAT:
        doc.fail(("format",), f"expected the format {FORMAT!r}, found {data.get('format')!r}")
    name = _get(doc, data, (), "name", str, "the board's short name")
    title = data.get("title", name)
    players = _get(doc, data, (), "players", dict, '{"min": 2, "max": 4}')
    lo = _get(doc, players, ("players",), "min", int, "a number of players")
    hi = _get(doc, players, ("players",), "max", int, "a number of players")
    if not 2 <= lo <= hi <= 6:
        doc.fail(("players",), f"players go from 2 to at most 6, not {lo} to {hi}")
    colours = _per_players(doc, data, "colours", lo, hi)
    for count, n in colours.items():
        if n < count or n % count or n > 6:
            doc.fail(("colours", str(count)), f"{count} players cannot share {n} colours evenly (at most 6 colours)")
    parsed = _read_rows(doc, data)
    n_beach = sum(1 for p in parsed if p[2] == "beach")
    total_rows = len(parsed)

    names: list[str] = []
    kinds: list[str] = []
    rows: list[int] = []
    cols: list[int] = []
    axial: dict[tuple[int, int], int] = {}
    row_names: list[str] = [""] * (n_beach + 1)
    penalties = [0] * (n_beach + 1)
    row_islanders = [0] * n_beach
    row_obstacles = [0] * n_beach
    for i, rname, kind, cells, row in reversed(parsed):
        geo_row = total_rows - 1 - i  # row A is 0
        path = ("rows", i)
        if kind in ("beach", "shore"):
            penalty = _get(doc, row, path, "penalty", int, "the Rescue Points lost per islander the FOG takes here")
            if penalty > 0:
                doc.fail((*path, "penalty"), f"a row's penalty is zero or negative, not {penalty}")
            penalties[geo_row] = penalty
            row_names[geo_row] = rname
        if kind == "beach":
            row_islanders[geo_row] = _get(doc, row, path, "islanders", int, "how many islanders start in this row")
            row_obstacles[geo_row] = _get(doc, row, path, "obstacles", int, "how many obstacles start in this row")
            free = cells.count(".")
            if (
                min(row_islanders[geo_row], row_obstacles[geo_row]) < 0
                or row_islanders[geo_row] + row_obstacles[geo_row] > free
            ):
                doc.fail(path, f"row {rname} has {free} beach hexes: too few for its islanders and obstacles")
        for col, char in enumerate(cells):
            cell_kind = CELL_KINDS[kind][char]
            if cell_kind is None:
                continue
            axial[_offset_to_axial(col, geo_row)] = len(names)
            names.append(f"{rname}{col + 1}")
            kinds.append(cell_kind)
            rows.append(geo_row)
            cols.append(col)
    hexes = len(names)
    neighbours = []
    for index in range(hexes):
        q, r = _offset_to_axial(cols[index], rows[index])
        neighbours.append(tuple(axial.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS))
    field_index = {n: i for i, n in enumerate(names)}

    places, boats, islanders = _read_boats(doc, data, field_index, kinds, names)
    if sum(row_islanders) != len(islanders):
        doc.fail(("rows",), f"the rows start {sum(row_islanders)} islanders, the boats' nations have {len(islanders)}")
    track, start, corner = _read_track(doc, data, row_names, lo, hi)
    nation_points = data.get("nation_points", 4)
    _need(doc, ("nation_points",), nation_points, int, "the Rescue Points per islander in its nation's boat")
    all_names = tuple(names) + tuple(p.name for p in places)
    steps, dist = _water_tables(hexes, kinds, neighbours, places, boats)
    return Board(
        name=name,
        title=title,
        data=data,
        names=all_names,
        kinds=tuple(kinds),
        rows=tuple(rows),
        cols=tuple(cols),
        row_names=tuple(row_names),
        penalties=tuple(penalties),
        row_islanders=tuple(row_islanders),
        row_obstacles=tuple(row_obstacles),
        neighbours=tuple(neighbours),
        places=tuple(places),
        boats=tuple(boats),
        islanders=tuple(islanders),
        fog_track=track,
        fog_start=start,
        fog_corner=corner,
        colours=colours,
        min_players=lo,
        max_players=hi,
        nation_points=nation_points,
        water_steps=steps,
        water_dist=dist,
    )


def _read_boats(doc: Located, data: dict, field_index: dict[str, int], kinds: list[str], names: list[str]):
    boats_data = _get(doc, data, (), "boats", list, "the boats from left to right")
    if not boats_data:
        doc.fail(("boats",), "a board needs at least one boat")
    places: list[Place] = []
    boats: list[Boat] = []
    islanders: list[Islander] = []
    seen: set[str] = set()
    for b, boat in enumerate(boats_data):
        path = ("boats", b)
        _need(doc, path, boat, dict, "a boat object")
        nation = _get(doc, boat, path, "nation", str, "the boat's nation")
        if nation not in NATIONS or nation in seen:
            doc.fail((*path, "nation"), f"nations are {', '.join(NATIONS)}, each boat its own: {nation!r}")
        seen.add(nation)
        letter = nation[0]
        piers = []
        for side in ("left_pier", "right_pier"):
            fields = _get(doc, boat, path, side, list, "the three pier fields on this side")
            if len(fields) != 3:
                doc.fail((*path, side), f"each pier consists of exactly 3 fields, not {len(fields)}")
            for k, fname in enumerate(fields):
                if field_index.get(fname) is None or kinds[field_index[fname]] != PIER:
                    doc.fail((*path, side, k), f"{fname!r} is not a pier field of this board")
            piers.append(tuple(field_index[f] for f in fields))
        first = len(places)
        place_list = _get(doc, boat, path, "places", list, "the productive places")
        shown: dict[str, int] = {}
        taken: set[tuple[str, str]] = set()
        for k, place in enumerate(place_list):
            ppath = (*path, "places", k)
            _need(doc, ppath, place, dict, "a place object")
            area = _get(doc, place, ppath, "area", str, "a boat area A-D")
            side = _get(doc, place, ppath, "side", str, "l, m or r")
            ptype = _get(doc, place, ppath, "type", str, "an islander type L, E, W, S or C")
            capacity = _get(doc, place, ppath, "capacity", int, "how many islanders fit")
            if area not in AREAS or side not in SIDES or ptype not in TYPES or capacity < 1 or (area, side) in taken:
                doc.fail(
                    ppath,
                    "a place has an area A-D, a side l/m/r (once per area), a type L/E/W/S/C and a capacity of 1 or more",
                )
            taken.add((area, side))
            shown[ptype] = shown.get(ptype, 0) + capacity
            places.append(Place(f"{letter}{area}{side}", b, area, side, ptype, capacity))
        stern = _get(doc, boat, path, "stern", dict, '{"capacity": 3, "from": [shore fields]}')
        capacity = _get(doc, stern, (*path, "stern"), "capacity", int, "the stern's capacity")
        sources = _get(doc, stern, (*path, "stern"), "from", list, "the shore fields with a plank to the stern")
        for k, fname in enumerate(sources):
            if field_index.get(fname) is None or kinds[field_index[fname]] != SHORE:
                doc.fail((*path, "stern", "from", k), f"{fname!r} is not a shore field of this board")
        stern_index = len(places)
        places.append(Place(f"{letter}ST", b, "", "", "", capacity))
        bonuses = _get(doc, boat, path, "bonuses", list, "the Preparation Bonuses, top of the stack first")
        if any(not isinstance(v, int) or v < 0 for v in bonuses) or list(bonuses) != sorted(bonuses, reverse=True):
            doc.fail((*path, "bonuses"), "Preparation Bonuses are whole numbers stacked highest on top")
        crew = boat.get("min_crew", {"A": 0, "B": 0})
        _need(doc, (*path, "min_crew"), crew, dict, '{"A": 1, "B": 1}')
        codes = _get(
            doc, boat, path, "islanders", list, 'this nation\'s islanders as type and characteristic, e.g. "Le"'
        )
        counts: dict[str, int] = {}
        for k, code in enumerate(codes):
            if not isinstance(code, str) or len(code) != 2 or code[0] not in TYPES or code[1] not in CHARACTERISTICS:
                doc.fail(
                    (*path, "islanders", k),
                    f'an islander is a type letter and a characteristic letter ("Le"), not {code!r}',
                )
            counts[code[0]] = counts.get(code[0], 0) + 1
            islanders.append(Islander(nation, code[0], code[1], counts[code[0]]))
        expected = {t: shown.get(t, 0) + 1 for t in "EWS"} | {"L": 1, "C": 2}
        for t, n in expected.items():
            if counts.get(t, 0) != n:
                doc.fail(
                    (*path, "islanders"),
                    f"a nation has 1 leader, 2 commoners and one more of each other type than its boat shows: "
                    f"expected {n} {TYPES[t]}s, found {counts.get(t, 0)}",
                )
        boats.append(
            Boat(
                nation=nation,
                places=tuple(range(first, stern_index)),
                stern=stern_index,
                bonuses=tuple(bonuses),
                min_crew=tuple((a, int(crew.get(a, 0))) for a in ("A", "B")),
                left_pier=piers[0],
                right_pier=piers[1],
                stern_from=tuple(field_index[f] for f in sources),
            )
        )
    return places, boats, islanders


def _read_track(doc: Located, data: dict, row_names: list[str], lo: int, hi: int):
    entries = _get(doc, data, (), "fog_track", list, "the FOG track from its highest position down to 0")
    track = []
    expected = []
    for k, entry in enumerate(entries):
        path = ("fog_track", k)
        _need(doc, path, entry, dict, "a track position")
        position = _get(doc, entry, path, "position", int, "a track position")
        if k and position != track[-1][0] - 1:
            doc.fail((*path, "position"), "track positions count down one by one")
        swallows = _get(doc, entry, path, "swallows", list, "the rows the FOG reaches on this position")
        indexes = []
        for j, rname in enumerate(swallows):
            if rname not in row_names:
                doc.fail((*path, "swallows", j), f"{rname!r} is not a beach row or the shore")
            indexes.append(row_names.index(rname))
        expected.extend(indexes)
        track.append((position, tuple(indexes)))
    if not track or track[-1][0] != 0:
        doc.fail(("fog_track",), "the track ends on position 0, the shore")
    if expected != list(range(len(row_names))):
        doc.fail(("fog_track",), "the FOG must swallow every row once, from row A to the shore, in order")
    start = _per_players(doc, data, "fog_start", lo, hi)
    positions = {p for p, _ in track}
    for players, pos in start.items():
        if pos not in positions:
            doc.fail(("fog_start", str(players)), f"{pos} is not a position of the FOG track")
    corner = _get(doc, data, (), "fog_corner", int, "the track position in the lower left corner")
    if corner not in positions:
        doc.fail(("fog_corner",), f"{corner} is not a position of the FOG track")
    return tuple(track), start, corner


def _place_links(places: list[Place], boat: Boat) -> dict[int, list[int]]:
    """Within a boat: horizontal moves inside an area, vertical moves between neighbouring areas."""
    links: dict[int, list[int]] = {p: [] for p in boat.places}
    by_pos = {(places[p].area, places[p].side): p for p in boat.places}
    for p in boat.places:
        area, side = places[p].area, places[p].side
        same_area = [by_pos[(area, s)] for s in SIDES if (area, s) in by_pos and s != side]
        ordered = sorted([*same_area, p], key=lambda x: SIDES.index(places[x].side))
        at = ordered.index(p)
        links[p] += [ordered[j] for j in (at - 1, at + 1) if 0 <= j < len(ordered)]
        a = AREAS.index(area)
        for other in (a - 1, a + 1):
            if 0 <= other < len(AREAS) and (AREAS[other], side) in by_pos:
                links[p].append(by_pos[(AREAS[other], side)])
    return links


def _water_tables(hexes, kinds, neighbours, places, boats):
    n = hexes + len(places)
    steps: dict[str, tuple[tuple[int, ...], ...]] = {}
    dist: dict[str, tuple[dict[int, int], ...]] = {}
    links: dict[int, list[int]] = {}
    for boat in boats:
        links.update(_place_links(places, boat))
    for t in TYPES:
        table: list[list[int]] = [[] for _ in range(n)]
        for f in range(hexes):
            if kinds[f] not in (SHORE, PIER):
                continue
            table[f] += [g for g in neighbours[f] if g >= 0 and kinds[g] in (SHORE, PIER)]
        for boat in boats:
            table_sides = ((boat.left_pier, ("l", "m")), (boat.right_pier, ("r", "m")))
            for pier, sides in table_sides:
                for f in pier:
                    table[f] += [hexes + p for p in boat.places if places[p].side in sides and places[p].type == t]
            for f in boat.stern_from:
                table[f].append(hexes + boat.stern)
            for p in boat.places:
                if places[p].type == t:
                    table[hexes + p] += [hexes + q for q in links[p] if places[q].type == t]
        frozen = tuple(tuple(dict.fromkeys(row)) for row in table)
        steps[t] = frozen
        dist[t] = tuple(_bfs(frozen, s) if frozen[s] else {} for s in range(n))
    return steps, dist


def _bfs(steps, source: int) -> dict[int, int]:
    seen = {source: 0}
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v in steps[u]:
            if v not in seen:
                seen[v] = seen[u] + 1
                queue.append(v)
    del seen[source]
    return seen


# --- loading -------------------------------------------------------------------------------


def parse(text: str) -> Board:
    """A board from the text of a file; DataFileError names the line of anything wrong."""
    data, lines = jsonlines.load(text)
    return build(data, lines)


@cache
def shipped(name: str) -> Board:
    path = BOARD_DIR / f"{name}.json"
    if not path.exists():
        raise DataFileError(f"no shipped board called {name!r} (boards: {', '.join(shipped_names())})")
    return parse(path.read_text())


def shipped_names() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in BOARD_DIR.glob("*.json")))


_built: dict[str, Board] = {}


def from_data(data: dict[str, Any]) -> Board:
    """A board from already-parsed data (a custom board carried in a layout), cached by content."""
    import json

    key = json.dumps(data, sort_keys=True)
    found = _built.get(key)
    if found is None:
        found = _built[key] = build(data)
    return found
