"""Real positions for the rule tests: a game set up by the engine, then tiles laid by hand.

The starting tile's quarters lie on 0,0 (north-west), 1,0 (north-east, 2 ghosts in the mist on
its north side), 1,1 (south-east, 1 ghost in the mist on its east side) and 0,1 (south-west).
"""

from __future__ import annotations

from games.engines.mists import ENGINE
from games.engines.mists.levels import all_levels
from games.engines.mists.rules import all_tiles_for
from games.engines.mists.state import COLOURS, MistsState


def game(
    level: int = 1, *, spell: bool = False, seats: int = 1, first: tuple[str, ...] = (), options: dict | None = None
) -> MistsState:
    """A new game whose stack starts with ``first`` (the rest of the box follows in name order)."""
    tiles = all_tiles_for(all_levels()[level], spell)
    for tile in first:
        tiles.remove(tile)
    tiles = [*first, *tiles]
    count = all_levels()[level].piles
    size = len(tiles) // count
    layout = {"piles": [tiles[i * size : (i + 1) * size] for i in range(count)]}
    return ENGINE.setup({"level": level, "spell_circles": spell, **(options or {})}, seats=seats, layout=layout)


def put(state: MistsState, x: int, y: int, tile: str, rotation: int = 0) -> MistsState:
    """Lay a tile by hand (no ghosts, no scoring): the scenery of a test."""
    state.board[(x, y)] = (tile, rotation)
    return state


def hold(state: MistsState, tile: str) -> MistsState:
    """Make ``tile`` the drawn tile, at the start of a turn."""
    state.tile = tile
    state.queue = [("place",)]
    state.legal = None
    state.__dict__.pop("_placements", None)
    return state


def meeple(state: MistsState, x: int, y: int, kind: str, index: int, colour: str) -> MistsState:
    c = COLOURS.index(colour)
    state.meeples[(x, y, kind, index)] = c
    state.in_hand[c] -= 1
    return state


def play(state: MistsState, *texts: str) -> MistsState:
    for text in texts:
        state = ENGINE.play(state, ENGINE.parse_move(state, text))
    return state


def phase(state: MistsState) -> str | None:
    return state.queue[0][0] if state.queue and state.result is None else None


def texts(state: MistsState) -> list[str]:
    return [ENGINE.move_to_text(state, move) for move in ENGINE.legal_moves(state)]


def ghosts_at(state: MistsState, x: int, y: int) -> int:
    return sum(n for (gx, gy, _), n in state.ghosts.items() if (gx, gy) == (x, y))


def trapped_at(state: MistsState, x: int, y: int) -> int:
    return sum(n for (gx, gy, _), n in state.trapped.items() if (gx, gy) == (x, y))


def total_ghosts(state: MistsState) -> int:
    return state.ghosts_on_board() + state.supply + state.cat_supply
