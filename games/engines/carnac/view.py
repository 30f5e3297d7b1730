"""What a seat sees (everything: Carnac has no hidden information) and the way back to a state.

The view carries the exact cell codes, so ``state_from_view`` rebuilds the very state that was
observed (search players rely on that), and a readable list of megaliths and dolmens for pages
and pictures.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import InvalidSetup
from games.engines.carnac import moves as notation
from games.engines.carnac import play, scoring
from games.engines.carnac.board import EAST, NORTH, board_named
from games.engines.carnac.moves import COLOUR_NAMES, DECLINE, EMPTY, LYING, STANDING, TILT, tilt_colour
from games.engines.carnac.state import CarnacState


def megaliths(state: CarnacState) -> list[dict[str, Any]]:
    """Every megalith on the board: standing ones with their face colours, lying ones once each."""
    board, names = state.board, state.board.square_names
    found: list[dict[str, Any]] = []
    for square, code in enumerate(state.cells):
        if code == EMPTY:
            continue
        if code < LYING:
            variant = code - STANDING
            found.append(
                {
                    "square": names[square],
                    "standing": True,
                    "top": COLOUR_NAMES[variant >> 1],
                    "north_south": COLOUR_NAMES[tilt_colour(variant, NORTH)],
                    "east_west": COLOUR_NAMES[tilt_colour(variant, EAST)],
                }
            )
            continue
        colour, partner_direction = divmod(code - LYING, 4)
        if partner_direction in (NORTH, EAST):  # list each lying megalith from its south or west half
            partner = board.step(square, partner_direction)
            found.append(
                {"squares": [names[square], names[partner]], "standing": False, "colour": COLOUR_NAMES[colour]}
            )
    return found


def last_squares(state: CarnacState) -> list[int]:
    """The squares the last move touched: the placed or declined megalith, or where a tilt laid it."""
    if state.last_move < 0:
        return []
    if TILT <= state.last_move < DECLINE:
        return list(state.board.tilt_targets[state.last_square][state.last_move - TILT])
    return [state.last_square]


def phase_of(state: CarnacState) -> str:
    if state.to_move is None:
        return "over"
    return "decide" if state.pending else "place"


def observe(slug: str, state: CarnacState, seat: int | None) -> dict[str, Any]:
    board, names = state.board, state.board.square_names
    return {
        "game": slug,
        "seat": seat,
        "to_move": state.to_move,
        "over": state.to_move is None,
        "board": board.name,
        "width": board.width,
        "height": board.height,
        "colours": [COLOUR_NAMES[state.colour_of(s)] for s in (0, 1)],
        "phase": phase_of(state),
        "stock": state.stock,
        "ply": state.ply,
        "cells": list(state.cells),
        "megaliths": megaliths(state),
        "last_square": names[state.last_square] if state.last_square >= 0 else None,
        "last_move": notation.move_to_text(board, state.last_move) if state.last_move >= 0 else None,
        "last_squares": [names[sq] for sq in last_squares(state)],
        "pending": [notation.move_to_text(board, move) for move in state.pending],
        "dolmens": [
            {"colour": COLOUR_NAMES[d.colour], "size": d.size, "squares": [names[sq] for sq in d.squares]}
            for d in scoring.dolmens(board, state.cells)
        ],
    }


def state_from_view(view: dict[str, Any]) -> CarnacState:
    """The exact state a view was taken from; raises InvalidSetup for a view that is not one."""
    try:
        board = board_named(view["board"])
        cells = bytes(view["cells"])
        if len(cells) != board.size or max(cells, default=0) >= LYING + 8:
            raise ValueError("cells do not fit the board")
        last_square = board.parse_square(view["last_square"]) if view["last_square"] else -1
        last_move = notation.parse_move(board, view["last_move"]) if view["last_move"] else -1
        deciding = view["phase"] == "decide"
        pending = play.pending_after_placement(board, cells, last_square) if deciding else ()
        return CarnacState(
            board=board,
            cells=cells,
            placements=tuple(sq * 4 + v for sq in range(board.size) if cells[sq] == EMPTY for v in range(4)),
            to_move=view["to_move"],
            pending=pending,
            last_square=-1 if last_square is None else last_square,
            last_move=last_move,
            stock=int(view["stock"]),
            first_colour=COLOUR_NAMES.index(view["colours"][0]),
            ply=int(view["ply"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidSetup(f"this is not a Carnac view: {exc}") from None
