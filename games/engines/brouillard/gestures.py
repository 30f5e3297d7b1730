"""Brouillard by clicking: a piece, then the square it steps to; or "Probe", then a square.

- A step: click one of your pieces (its reachable squares light up), then the target square.
- A probe: click the "Probe a square" button under the board, then any square.
- The secret setup (23,940 placements, too many to offer one by one) is a ``Placement``: click
  the Queen's square, then the three Watchers' squares, all in your three home rows; the page
  writes ``Qd1,Wb2,Wc3,Wf2`` from them.

Built from the seat's view only: the offered player-form moves and nothing else.
"""

from __future__ import annotations

from typing import Any

from games.engines.brouillard.board import HOME_SQUARES, name
from games.engines.gestures import Gesture, Placement, PlacementStep
from games.engines.text import N_, Text

PROBE_TARGET = "probe"


def target(square: str) -> str:
    """The ``data-target`` id of a square of the board picture."""
    return f"s-{square}"


def gestures(view: dict[str, Any], moves: list[str]) -> list[Gesture]:
    if not moves or view.get("phase") != "play":
        return []
    out = []
    for move in moves:
        if move.startswith("?"):
            out.append(Gesture(move, (PROBE_TARGET, target(move[1:])), Text(N_("Probe {square}"), square=move[1:])))
        else:
            out.append(
                Gesture(
                    move,
                    (target(move[:2]), target(move[2:])),
                    Text(N_("{origin} to {target}"), origin=move[:2], target=move[2:]),
                )
            )
    return out


def setup_placement(view: dict[str, Any]) -> Placement | None:
    """The seat's secret setup by clicking: its Queen, then its three Watchers, in its home rows."""
    seat = view.get("seat")
    if seat is None or view.get("phase") != "setup" or view.get("to_move") != seat:
        return None
    home = tuple(target(name(square)) for square in HOME_SQUARES[seat])
    return Placement(
        steps=(PlacementStep("Q", N_("your Queen"), 1, home), PlacementStep("W", N_("your three Watchers"), 3, home)),
        names={target(name(square)): name(square) for square in HOME_SQUARES[seat]},
        template="Q{Q0},W{W0},W{W1},W{W2}",
    )
