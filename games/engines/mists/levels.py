"""The six levels as data (``data/levels.json``): goals, ghosts, tiles, piles, hounds, scoring."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.engines.mists.tiles import DATA, TileDataError

CEMETERY_RULES = ("none", "four_sides", "haunted")
SCORINGS = ("shared", "per_colour")
LEVEL_FIELDS = ("goal", "ghosts", "kinds", "piles", "hounds", "cemeteries", "scoring")


@dataclass(frozen=True)
class Level:
    level: int
    goal: int
    ghosts: int
    kinds: tuple[str, ...]
    piles: int
    hounds: tuple[int, ...]
    cemeteries: str
    scoring: str
    confirmed: tuple[str, ...]
    sources: tuple[str, ...]

    @property
    def fully_confirmed(self) -> bool:
        """Every number comes from a source: the level may enter ranked ladders."""
        return set(LEVEL_FIELDS) <= set(self.confirmed)


def parse_level(entry: Any, index: int) -> Level:
    where = f"levels[{index}]"
    if not isinstance(entry, dict):
        raise TileDataError(f"{where}: expected an object")
    unknown = set(entry) - {"level", *LEVEL_FIELDS, "confirmed", "sources"}
    if unknown:
        raise TileDataError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    for key in ("level", "goal", "ghosts", "piles"):
        if type(entry.get(key)) is not int or entry[key] < 1:
            raise TileDataError(f"{where}.{key}: expected a whole number of at least 1, got {entry.get(key)!r}")
    kinds = entry.get("kinds")
    if not isinstance(kinds, list) or "regular" not in kinds or not set(kinds) <= {"regular", "castle", "cemetery"}:
        raise TileDataError(f"{where}.kinds: expected regular plus any of castle, cemetery, got {kinds!r}")
    hounds = entry.get("hounds")
    if not isinstance(hounds, list) or any(type(h) is not int or h < 1 for h in hounds) or hounds != sorted(hounds):
        raise TileDataError(f"{where}.hounds: expected rising scoring-track spaces, got {hounds!r}")
    if hounds and len(hounds) != entry["piles"] - 1:
        raise TileDataError(f"{where}.hounds: each hound opens the next pile, so {entry['piles'] - 1} are needed")
    if entry.get("cemeteries") not in CEMETERY_RULES:
        raise TileDataError(f"{where}.cemeteries: expected one of {', '.join(CEMETERY_RULES)}")
    if entry.get("scoring") not in SCORINGS:
        raise TileDataError(f"{where}.scoring: expected one of {', '.join(SCORINGS)}")
    confirmed = entry.get("confirmed", [])
    if not isinstance(confirmed, list) or not set(confirmed) <= set(LEVEL_FIELDS):
        raise TileDataError(f"{where}.confirmed: expected a list among {', '.join(LEVEL_FIELDS)}")
    return Level(
        level=entry["level"],
        goal=entry["goal"],
        ghosts=entry["ghosts"],
        kinds=tuple(kinds),
        piles=entry["piles"],
        hounds=tuple(hounds),
        cemeteries=entry["cemeteries"],
        scoring=entry["scoring"],
        confirmed=tuple(confirmed),
        sources=tuple(entry.get("sources", [])),
    )


def validate_levels(doc: Any) -> dict[int, Level]:
    if not isinstance(doc, dict) or not isinstance(doc.get("levels"), list):
        raise TileDataError("levels file: expected an object with a 'levels' list")
    levels = {}
    for index, entry in enumerate(doc["levels"]):
        level = parse_level(entry, index)
        if level.level in levels:
            raise TileDataError(f"levels[{index}].level: level {level.level} is listed twice")
        levels[level.level] = level
    if sorted(levels) != list(range(1, 7)):
        raise TileDataError(f"levels: expected levels 1 to 6, got {sorted(levels)}")
    return levels


@cache
def all_levels() -> dict[int, Level]:
    with open(DATA / "levels.json", encoding="utf-8") as handle:
        return validate_levels(json.load(handle))
