"""Build real Carnac positions by playing legal moves, from a list of the megaliths wanted.

A megalith is written ``"e4 w"`` (left standing on e4 with white on top) or ``"e4 w n"``
(placed on e4 and tilted north, showing white on the two squares it then covers). The
builder places each one in turn with whichever seat is to move, then tilts it, or declines
when a tilt was possible and it should stay standing, so every position is reached by the
rules and nothing is set by hand.
"""

from __future__ import annotations

from games.engines import get_engine
from games.engines.carnac.moves import cell_colour
from games.engines.carnac.state import CarnacState

ENGINE = get_engine("carnac")


def placement_text(spec: str) -> tuple[str, str | None]:
    """The placement notation for a megalith spec, and the tilt notation (None to stay standing)."""
    parts = spec.split()
    square, colour = parts[0], parts[1]
    if len(parts) == 2:
        return f"{square}{colour}n", None
    direction = parts[2]
    # Put the wanted colour on the faces that end up on top after tilting that way.
    axis = "n" if direction in "ns" else "e"
    return f"{square}{colour}{axis}", f"t{direction}"


def moves_for(specs: list[str], state: CarnacState | None = None) -> list[str]:
    """The move texts that build ``specs`` in order from ``state`` (a fresh medium board by default)."""
    state = state or ENGINE.setup({})
    texts = []
    for spec in specs:
        placement, tilt = placement_text(spec)
        texts.append(placement)
        state = ENGINE.play_text(state, placement)
        if tilt is None and state.pending:
            tilt = "x"  # it could be tilted, but it should stay standing
        if tilt is not None:
            texts.append(tilt)
            state = ENGINE.play_text(state, tilt)
    return texts


def build(specs: list[str], options: dict | None = None) -> CarnacState:
    """The position after placing (and tilting) ``specs`` from the start, through the engine."""
    state = ENGINE.setup(options or {})
    for text in moves_for(specs, state):
        state = ENGINE.play_text(state, text)
    return state


def play_texts(state: CarnacState, texts: list[str]) -> CarnacState:
    for text in texts:
        state = ENGINE.play_text(state, text)
    return state


def picture(state: CarnacState) -> list[str]:
    """The board from above, north row first: R or W for a symbol, . for an empty square."""
    board = state.board
    rows = []
    for row in reversed(range(board.height)):
        colours = [cell_colour(state.cells[board.square(col, row)]) for col in range(board.width)]
        rows.append("".join("." if colour is None else "RW"[colour] for colour in colours))
    return rows
