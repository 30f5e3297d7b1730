"""Brouillard by clicking: a piece, then the square it steps to; or "Probe", then a square.

- A step: click one of your pieces (its reachable squares light up), then the target square.
- A probe: click the "Probe a square" button under the board, then any square.
- The secret setup (23,940 placements) is typed (``Qd1,Wb2,Wc3,Wf2``): no gestures then.

Built from the seat's view only: the offered player-form moves and nothing else.
"""

from __future__ import annotations

from typing import Any

from games.engines.gestures import Gesture

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
            out.append(Gesture(move, (PROBE_TARGET, target(move[1:])), f"Probe {move[1:]}"))
        else:
            out.append(Gesture(move, (target(move[:2]), target(move[2:])), f"{move[:2]} to {move[2:]}"))
    return out
