"""Solo scenarios as data files: board, Boat Scorings, Nation MP, FOG start, islanders, obstacles, goals.

S001's map is a picture in the rulebook, so the shipped scenarios are our own (see
docs/games/fog.md, "Solo scenarios"). An uploaded scenario is checked with the same rules and
a bad file gets an error naming its line.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from games.engines.fog import jsonlines
from games.engines.fog.board import shipped as shipped_board
from games.engines.fog.jsonlines import DataFileError, Located
from games.engines.fog.pieces import AREAS

SCENARIO_DIR = Path(__file__).parent / "scenarios"
FORMAT = "fog-scenario/1"


def build(data: Any, lines: dict[tuple, int] | None = None) -> dict[str, Any]:
    """The checked scenario data; raises DataFileError naming the line and the field."""
    doc = Located(data, lines)
    if not isinstance(data, dict):
        doc.fail((), "a scenario is an object")
    if data.get("format") != FORMAT:
        doc.fail(("format",), f"expected the format {FORMAT!r}, found {data.get('format')!r}")
    for key, kind in (
        ("name", str),
        ("board", str),
        ("fog_start", int),
        ("nation_mp", dict),
        ("boat_scoring", dict),
        ("islanders", dict),
        ("obstacles", dict),
    ):
        if key not in data:
            doc.fail((), f"the field {key!r} is missing")
        if not isinstance(data[key], kind) or isinstance(data[key], bool):
            doc.fail((key,), f"expected {kind.__name__}, found {data[key]!r}")
    try:
        board = shipped_board(data["board"])
    except DataFileError as exc:
        doc.fail(("board",), str(exc))
    if data["fog_start"] not in {p for p, _ in board.fog_track}:
        doc.fail(("fog_start",), f"{data['fog_start']} is not a position of the {board.name} FOG track")
    for boat in board.boats:
        mp = data["nation_mp"].get(boat.nation)
        if not isinstance(mp, int) or not 1 <= mp <= 10:
            doc.fail(
                ("nation_mp", boat.nation),
                f"the {boat.nation} nation needs its Movement Points (1 to 10), found {mp!r}",
            )
    scoring = data["boat_scoring"]
    for area in AREAS:
        if not isinstance(scoring.get(area), int):
            doc.fail(("boat_scoring", area), f"area {area} needs its Rescue Points")
    for key in ("crew_penalty", "commoner_penalty"):
        if not isinstance(data.get(key, 0), int) or data.get(key, 0) > 0:
            doc.fail((key,), "a minimum goal's deduction is zero or negative")
    names = set(board.names[: board.hexes])
    used: dict[str, str] = {}
    for code, hex_ in data["islanders"].items():
        if hex_ not in names:
            doc.fail(("islanders", code), f"{hex_!r} is not a hex of the {board.name} beach")
        if hex_ in used:
            doc.fail(("islanders", code), f"{hex_} already holds {used[hex_]}")
        used[hex_] = code
    for hex_, kind in data["obstacles"].items():
        if hex_ not in names:
            doc.fail(("obstacles", hex_), f"{hex_!r} is not a hex of the {board.name} beach")
        if hex_ in used:
            doc.fail(("obstacles", hex_), f"{hex_} already holds {used[hex_]}")
        used[hex_] = kind
    return data


def parse(text: str) -> dict[str, Any]:
    data, lines = jsonlines.load(text)
    return build(data, lines)


@cache
def _shipped(name: str) -> dict[str, Any]:
    path = SCENARIO_DIR / f"{name}.json"
    if not path.exists():
        names = ", ".join(sorted(p.stem for p in SCENARIO_DIR.glob("*.json")))
        raise DataFileError(f"no shipped solo scenario called {name!r} (scenarios: {names})")
    return parse(path.read_text())


def shipped(name: str) -> dict[str, Any]:
    return _shipped(name)
