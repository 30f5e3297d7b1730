"""The notation of a turn: one short word, written as a player would say it out loud.

- ``c3``: place a fog tile on c3 (placement rounds; ``+c3`` is read too).
- ``d2N``: move the whole cluster that holds d2 one hex north. Any tile of the cluster names
  it; we write its first tile (column by column from the west, each from the north).
- ``d2d3d4NE``: move exactly the tiles on d2, d3 and d4 (a split of a larger cluster) north-east.
- ``…xa1``: in the clearing phase, then take away the fog tile on a1 (``d2Nxa1``).

Directions are N, NE, SE, S, SW and NW. Reading ignores case (``D2ne`` is ``d2NE``).
"""

from __future__ import annotations

import re

from games.engines.menhirs.board import (
    COLUMN_HEIGHTS,
    COLUMN_LETTERS,
    DIRECTIONS,
    HEX_BITS,
    HEX_NAMES,
    bits_of,
    component_of,
    mask_of,
)
from games.engines.menhirs.rules import MenhirsState, Place, Slide, Turn
from games.engines.text import N_, Text

_TURN = re.compile(r"^\+?((?:[a-z]\d+)+)(ne|nw|se|sw|n|s)?(?:x([a-z]\d+))?$", re.IGNORECASE)
_HEX = re.compile(r"[a-z]\d+", re.IGNORECASE)
_DIRECTION_INDEX = {name.lower(): index for index, name in enumerate(DIRECTIONS)}


class NotationProblem(ValueError):
    """Text that names no turn; the message tells the player how to write one."""


def turn_to_text(turn: Turn) -> str:
    if isinstance(turn, Place):
        return HEX_NAMES[turn.hex]
    hexes = bits_of(turn.part)
    text = "".join(HEX_NAMES[index] for index in hexes) + DIRECTIONS[turn.direction]
    if turn.removed is not None:
        text += "x" + HEX_NAMES[turn.removed]
    return text


def slide_to_text(state: MenhirsState, turn: Slide) -> str:
    """Like ``turn_to_text`` but a whole cluster is named by its first tile only."""
    if turn.part == component_of(turn.part & -turn.part, state.fog):
        turn = turn._replace(part=turn.part & -turn.part)
    return turn_to_text(turn)


def to_text(state: MenhirsState, turn: Turn) -> str:
    return slide_to_text(state, turn) if isinstance(turn, Slide) else turn_to_text(turn)


def hex_index(name: str) -> int:
    key = name.lower()
    if key in HEX_BITS:
        return HEX_BITS[key]
    column = COLUMN_LETTERS.find(key[0])
    if column < 0:
        raise NotationProblem(Text(N_("{name} is not a hex: columns go from a (west) to g (east)"), name=repr(name)))
    raise NotationProblem(
        Text(
            N_("{name} is not a hex: column {column} has positions 1 to {last}"),
            name=repr(name),
            column=key[0],
            last=COLUMN_HEIGHTS[column],
        )
    )


def parse_turn(state: MenhirsState, text: str) -> Turn:
    match = _TURN.match(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise NotationProblem(
            Text(
                N_(
                    "{text} is not a turn: write a hex to place fog (c3), tiles and a direction to move fog "
                    "(d2N, d2d3d4NE), and x and a hex to take a tile away (d2Nxa1)"
                ),
                text=repr(text),
            )
        )
    hexes_text, direction, removed = match.groups()
    hexes = [hex_index(name) for name in _HEX.findall(hexes_text)]
    if direction is None:
        if len(hexes) != 1 or removed is not None:
            raise NotationProblem(
                Text(N_("{text} names tiles but no direction: add N, NE, SE, S, SW or NW"), text=repr(text))
            )
        return Place(hexes[0])
    if len(set(hexes)) != len(hexes):
        raise NotationProblem(Text(N_("{text} names a hex twice"), text=repr(text)))
    part = mask_of(hexes)
    if len(hexes) == 1:
        if not state.fog & part:
            raise NotationProblem(Text(N_("there is no fog on {hex} to move"), hex=HEX_NAMES[hexes[0]]))
        part = component_of(part, state.fog)
    return Slide(part, _DIRECTION_INDEX[direction.lower()], None if removed is None else hex_index(removed))
