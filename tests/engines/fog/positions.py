"""Build FOG positions for tests from a few words: who stands where, owned by which colour."""

from __future__ import annotations

import dataclasses

from games.engines import get_engine
from games.engines.fog import movegen
from games.engines.fog.setup import islander_code
from games.engines.fog.state import EMPTY, MOVE, OBSTACLE, OVER, WOODS_CELL, FogState

ENGINE = get_engine("fog")


def codes(state: FogState) -> dict[str, int]:
    board = state.rules.board
    return {islander_code(board, i): i for i in range(len(board.islanders))}


def arrange(
    pieces: dict[str, tuple[str, str]],
    obstacles: tuple[str, ...] | dict[str, str] = (),
    *,
    aboard: dict[str, list[tuple[str, str]]] | None = None,
    options: dict | None = None,
    seats: int = 4,
    colour: str = "black",
    mp: int | None = None,
    fog: int | None = None,
    swallowed: int = 0,
    layout: dict | None = None,
    lost: dict[str, tuple[str, str]] | None = None,
) -> FogState:
    """A phase-2 position with only the given islanders on the board (the others are out of play).

    ``pieces`` maps a hex to (islander code, owning colour); ``aboard`` maps a boat place to its
    islanders, bottom first; ``lost`` maps an islander code to (the row the FOG took it in, colour).
    """
    # The positions were drawn on the open Standard beach (the default board until the packed one);
    # a given layout names its own board.
    board = {} if layout is not None else {"board": "standard"}
    start = ENGINE.setup({**board, **(options or {})}, seats=seats, seed=0, layout=layout)
    rules = start.rules
    board = rules.board
    index = codes(start)
    cells = [WOODS_CELL if kind == "woods" else EMPTY for kind in board.kinds]
    obstacle_kinds = dict.fromkeys(obstacles, "rock") if not isinstance(obstacles, dict) else obstacles
    placed_obstacles = {}
    for name, kind in obstacle_kinds.items():
        cells[board.node(name)] = OBSTACLE
        placed_obstacles[board.node(name)] = kind
    n = len(board.islanders)
    where, owner = [-1] * n, [-1] * n
    colours = rules.colour_names
    for hex_name, (code, who) in pieces.items():
        i = index[code]
        cells[board.node(hex_name)] = i
        where[i] = board.node(hex_name)
        owner[i] = colours.index(who)
    places = [()] * len(board.places)
    for place_name, members in (aboard or {}).items():
        node = board.node(place_name)
        ids = []
        for code, who in members:
            i = index[code]
            where[i] = node
            owner[i] = colours.index(who)
            ids.append(i)
        places[node - board.hexes] = tuple(ids)
    lost_row = [-1] * n
    for code, (row, who) in (lost or {}).items():
        lost_row[index[code]] = board.row_names.index(row)
        owner[index[code]] = colours.index(who)
    rules = dataclasses.replace(rules, obstacles=placed_obstacles)
    acting = colours.index(colour)
    order = tuple(range(rules.colours))
    state = start._replace(
        rules=rules,
        phase=MOVE,
        cells=tuple(cells),
        where=tuple(where),
        owner=tuple(owner),
        lost_row=tuple(lost_row),
        aboard=tuple(places),
        colour=acting,
        order=order,
        turn=order.index(acting),
        mp=rules.turn_mp[acting] if mp is None else mp,
        fog=rules.fog_start if fog is None else fog,
        swallowed=swallowed,
        hands=tuple(() for _ in colours),
        missions=tuple(() for _ in colours),
        picks=n,
    )
    return state


def texts(state: FogState) -> set[str]:
    return {ENGINE.move_to_text(state, m) for m in ENGINE.legal_moves(state)}


def play(state: FogState, *moves: str) -> FogState:
    for text in moves:
        state = ENGINE.play_text(state, text)
    return state


def at(state: FogState, hex_name: str) -> str | None:
    """The code of the islander on a hex (None when empty)."""
    board = state.rules.board
    i = state.cells[board.node(hex_name)]
    return islander_code(board, i) if i >= 0 else None


def on(state: FogState, place: str) -> list[str]:
    board = state.rules.board
    return [islander_code(board, i) for i in state.aboard[board.node(place) - board.hexes]]


def trait_islander(state: FogState, trait: str, nation: str = "blue", kind: str | None = None) -> str:
    """The code of an islander with this characteristic (and type)."""
    board = state.rules.board
    for i, chip in enumerate(board.islanders):
        if chip.trait == trait and chip.nation == nation and (kind is None or chip.type == kind):
            return islander_code(board, i)
    raise LookupError(trait)


# The solo scenario's Boat Scorings by area, for final positions built by hand.
SCORING = {"A": 6, "B": 5, "C": 4, "D": 2}


def costs_of(state):
    """Each legal movement of the position, in notation, with its MP cost."""
    return {ENGINE.move_to_text(state, m): c for m, c in movegen.movement_costs(state).items()}


def free_runs(state):
    """The free Runs on offer (Endurance, Guardian B "+1"), written with a trailing "!"."""
    return {t for t in texts(state) if t.endswith("!")}


def final(state, **changes):
    """The outcome of ``state`` taken as the end of the game."""
    return ENGINE.outcome(state._replace(phase=OVER, colour=-1, **changes))
