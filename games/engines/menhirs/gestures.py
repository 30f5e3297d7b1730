"""Menhirs by clicking: a hex to place fog; a cluster, then a direction, to slide it.

- Placement: click a hex without fog.
- Slide: click any fog tile of the cluster (every tile of a cluster is one target, named after
  its first tile), then one of the six arrows of the compass drawn beside the board. When the
  slide can be a split or must take a tile away, the picker offers the parts ("Whole cluster",
  "Only c1 c2 d2") and the tile to take away ("then take away a1", where it lies after the slide).

Built from the seat's view only: ``player_moves(view)`` and the fog the view shows.
"""

from __future__ import annotations

import re
from typing import Any

from games.engines.gestures import Gesture
from games.engines.menhirs.board import HEX_BITS, HEX_NAMES, bits_of, component_of, components, mask_of
from games.engines.text import N_, Nn_, Np_, Text

_TURN = re.compile(r"^((?:[a-g]\d)+)(NE|NW|SE|SW|N|S)?(?:x([a-g]\d))?$")
_HEX = re.compile(r"[a-g]\d")
DIRECTION_WORDS = {
    "N": Np_("slide direction", "north"),
    "NE": Np_("slide direction", "north-east"),
    "SE": Np_("slide direction", "south-east"),
    "S": Np_("slide direction", "south"),
    "SW": Np_("slide direction", "south-west"),
    "NW": Np_("slide direction", "north-west"),
}


def direction_target(direction: str) -> str:
    return f"d-{direction}"


def hex_targets(fog: list[str]) -> dict[str, str]:
    """The ``data-target`` of every hex: ``k-<first tile>`` for a fog tile (its whole cluster),
    ``h-<hex>`` for a hex without fog."""
    targets = {name: f"h-{name}" for name in HEX_BITS}
    for cluster in components(mask_of(HEX_BITS[name] for name in fog)):
        first = HEX_NAMES[bits_of(cluster)[0]]
        for index in bits_of(cluster):
            targets[HEX_NAMES[index]] = f"k-{first}"
    return targets


def gestures(view: dict[str, Any], moves: list[str]) -> list[Gesture]:
    if not moves:
        return []
    fog = mask_of(HEX_BITS[name] for name in view["fog"])
    targets = hex_targets(view["fog"])
    out = []
    for move in moves:
        match = _TURN.match(move)
        hexes, direction, removed = match.group(1), match.group(2), match.group(3)
        names = _HEX.findall(hexes)
        if direction is None:
            out.append(Gesture(move, (targets[names[0]],), Text(N_("Place fog on {hex}"), hex=names[0])))
            continue
        part = mask_of(HEX_BITS[name] for name in names)
        cluster = component_of(part, fog)
        if len(names) == 1:
            part = cluster
        if part == cluster:
            group = Text(Nn_("Whole cluster ({n} tile)", "Whole cluster ({n} tiles)"), n=cluster.bit_count())
        else:
            group = Text(N_("Only {hexes}"), hexes=" ".join(HEX_NAMES[index] for index in bits_of(part)))
        if removed:
            choice = Text(N_("then take away {hex}"), hex=removed)
        else:
            choice = Text(N_("slide {direction}"), direction=DIRECTION_WORDS[direction])
        path = (targets[names[0]], direction_target(direction))
        out.append(Gesture(move, path, choice, group))
    return out
