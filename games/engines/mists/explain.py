"""Why a move is not allowed now, in players' words."""

from __future__ import annotations

from typing import Any

from games.engines.mists import board as geo
from games.engines.mists.notation import move_to_text
from games.engines.mists.state import COLOURS, MistsState

ASKING = {
    "place": "place the drawn tile",
    "bury": "choose the meeple to bury in the closed cemetery",
    "circle": "choose the neighbouring tile a spell circle draws its ghost from, and which of its ghosts",
    "yard_check": "choose the open cemetery that gets the extra ghost",
    "cat_check": "choose the meeple Eloise joins",
    "meeple": "place a meeple on the new tile or pass",
    "score": "score the finished feature or forgo it to calm ghosts (calm:x,y)",
    "cat_move": "choose the meeple Eloise moves on to",
    "hound": "choose the meeple the hound joins",
    "chase": "choose a tile next to the hound to calm, or done",
    "haunt": "choose where the face-down tile goes: around an open cemetery, sharing a side with a tile",
}


def _text(move: Any) -> str:
    try:
        return move_to_text(move)
    except (ValueError, TypeError, IndexError, KeyError):
        return repr(move)


def why_not(state: MistsState, move: Any) -> str:
    phase = state.queue[0][0] if state.queue else "place"
    text = _text(move)
    if phase == "place" and isinstance(move, tuple) and move[:1] == ("P",) and len(move) == 4:
        _, x, y, rotation = move
        if not isinstance(rotation, int) or not 0 <= rotation < 4:
            return f"{text}: a tile turns by 0, 90, 180 or 270 degrees"
        reason = geo.mismatch(state.board, state.tile, (x, y), rotation)
        if reason:
            return f"the tile {state.tile} cannot go to {x},{y} turned {rotation * 90}°: {reason}"
        return f"{text} places the tile the same way as another written move; use {_text(_same_look(state, move))}"
    if phase == "meeple" and isinstance(move, tuple) and move[:1] == ("M",):
        return _why_not_meeple(state, move)
    options = ", ".join(_text(m) for m in state.choices()[:8]) + (", ..." if len(state.choices()) > 8 else "")
    return f"{text} is not possible now: {ASKING.get(phase, 'finish the turn')} ({options})"


def _same_look(state: MistsState, move: tuple) -> tuple:
    for legal in state.choices():
        if legal[1:3] == move[1:3]:
            return legal
    return move


def _why_not_meeple(state: MistsState, move: tuple) -> str:
    colour = move[3]
    text = _text(move)
    if not 0 <= colour < len(COLOURS) or state.in_hand[colour] <= 0:
        return f"{text}: no {COLOURS[colour] if 0 <= colour < len(COLOURS) else colour} meeple is in your supply"
    if colour not in state.colours or all(move[:3] != m[:3] for m in state.choices() if m[0] == "M"):
        return f"{text}: that feature is not free on the new tile (taken, in mist, on a spell circle, or absent)"
    return f"{text}: that colour is not yours to place"
