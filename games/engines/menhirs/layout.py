"""The random part of the setup: where the Menhir tiles lie, written out as JSON data.

A layout is ``{"menhirs": [7 hexes], "face_down": [hexes]}``: the hexes of all seven Menhir
tiles in notation order, and those laid face down (none in the 7-Menhir game; in the 5-Menhir
game the 3rd and 5th Menhir turned over while the board is laid column by column from a1,
which count as Forest for the whole game). Every other hex is Forest.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.base import InvalidSetup
from games.engines.menhirs.board import HEX_BITS, HEXES, MENHIR_TILES, names_of
from games.engines.menhirs.rules import Table

FACE_DOWN_ORDINALS = (3, 5)  # which Menhirs, in laying order, go face down with 5 Menhirs


def deal(rng: random.Random) -> list[bool]:
    """Shuffle 7 Menhir and 23 Forest tiles; True marks a Menhir, in laying order (a1, a2, …)."""
    tiles = [True] * MENHIR_TILES + [False] * (len(HEXES) - MENHIR_TILES)
    rng.shuffle(tiles)
    return tiles


def make_layout(options: dict[str, Any], rng: random.Random) -> dict[str, list[str]]:
    tiles = deal(rng)
    menhirs = [index for index, is_menhir in zip(HEXES, tiles) if is_menhir]
    return {
        "menhirs": names_of(sum(1 << i for i in menhirs)),
        "face_down": face_down_names(names_of(sum(1 << i for i in menhirs)), options["menhirs"]),
    }


def face_down_names(menhir_names: list[str], menhir_count: int) -> list[str]:
    """The Menhirs laid face down: the 3rd and 5th in laying order when playing with 5."""
    if menhir_count == MENHIR_TILES:
        return []
    ordered = sorted(menhir_names, key=HEX_BITS.__getitem__)
    return [ordered[n - 1] for n in FACE_DOWN_ORDINALS]


def _hex_list(layout: dict, key: str) -> list[str]:
    value = layout.get(key, [])
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise InvalidSetup(f'the layout\'s {key!r} must be a list of hexes such as "c3"')
    unknown = [name for name in value if name not in HEX_BITS]
    if unknown:
        raise InvalidSetup(f"the layout's {key!r} names {unknown[0]!r}, which is not a hex of the board (a1 to g3)")
    if len(set(value)) != len(value):
        raise InvalidSetup(f"the layout's {key!r} names a hex twice: a hex holds one tile")
    return value


def table_from_layout(options: dict[str, Any], layout: Any) -> Table:
    """Check a layout against the options and build the game's Table; InvalidSetup if it is bad."""
    if not isinstance(layout, dict):
        raise InvalidSetup('a Menhirs layout is an object {"menhirs": [...], "face_down": [...]}')
    extra = sorted(set(layout) - {"menhirs", "face_down"})
    if extra:
        raise InvalidSetup(f"the layout has unknown field(s) {', '.join(extra)}: only menhirs and face_down")
    if "menhirs" not in layout:
        raise InvalidSetup("the layout must list the hexes of the 7 Menhir tiles under 'menhirs'")
    menhirs = _hex_list(layout, "menhirs")
    face_down = _hex_list(layout, "face_down")
    if len(menhirs) != MENHIR_TILES:
        raise InvalidSetup(f"the board holds 7 Menhir tiles, but the layout lists {len(menhirs)}")
    if set(face_down) - set(menhirs):
        raise InvalidSetup("only a Menhir tile can be laid face down")
    expected = face_down_names(menhirs, options["menhirs"])
    if sorted(face_down, key=HEX_BITS.__getitem__) != expected:
        if options["menhirs"] == MENHIR_TILES:
            raise InvalidSetup("with 7 Menhirs no Menhir is laid face down")
        raise InvalidSetup(
            "with 5 Menhirs the 3rd and 5th Menhirs laid out column by column go face down: "
            f"here {' and '.join(expected)}, not {', '.join(face_down) or 'none'}"
        )
    down = sum(1 << HEX_BITS[name] for name in face_down)
    up = sum(1 << HEX_BITS[name] for name in menhirs) & ~down
    normalized = {
        "menhirs": names_of(up | down),
        "face_down": names_of(down),
    }
    return Table(
        menhirs=up,
        face_down=down,
        menhir_count=options["menhirs"],
        clearing_starts=options["clearing_starts"],
        first_round_bonus=options["first_round_bonus"],
        layout=normalized,
        split_parts_keep_three=options.get("split_parts_keep_three", False),
    )
