"""Why a move is not allowed now, in players' words."""

from __future__ import annotations

from typing import Any

from games.engines.mists import board as geo
from games.engines.mists.notation import move_to_text
from games.engines.mists.state import COLOURS, MistsState
from games.engines.text import N_, Np_, Text

ASKING = {
    "place": N_("place the drawn tile"),
    "bury": N_("choose the meeple to bury in the closed cemetery"),
    "circle": N_("choose the neighbouring tile a spell circle draws its ghost from, and which of its ghosts"),
    "yard_check": N_("choose the open cemetery that gets the extra ghost"),
    "cat_check": N_("choose the meeple Eloise joins"),
    "meeple": N_("place a meeple on the new tile or pass"),
    "score": N_("score the finished feature or forgo it to calm ghosts (calm:x,y)"),
    "cat_move": N_("choose the meeple Eloise moves on to"),
    "hound": N_("choose the meeple the hound joins"),
    "chase": N_("choose a tile next to the hound to calm, or done"),
    "haunt": N_("choose where the face-down tile goes: around an open cemetery, sharing a side with a tile"),
}
# The meeple colours in players' words (the notation's names never change).
COLOUR_WORDS = {
    "red": Np_("meeple colour", "red"),
    "green": Np_("meeple colour", "green"),
    "blue": Np_("meeple colour", "blue"),
    "yellow": Np_("meeple colour", "yellow"),
    "black": Np_("meeple colour", "black"),
    "pink": Np_("meeple colour", "pink"),
}


def colour_word(name: str) -> str:
    return COLOUR_WORDS.get(name, name)


def _text(move: Any) -> str:
    try:
        return move_to_text(move)
    except (ValueError, TypeError, IndexError, KeyError):
        return repr(move)


def why_not(state: MistsState, move: Any) -> Text:
    phase = state.queue[0][0] if state.queue else "place"
    text = _text(move)
    if phase == "place" and isinstance(move, tuple) and move[:1] == ("P",) and len(move) == 4:
        _, x, y, rotation = move
        if not isinstance(rotation, int) or not 0 <= rotation < 4:
            return Text(N_("{move}: a tile turns by 0, 90, 180 or 270 degrees"), move=text)
        reason = geo.mismatch(state.board, state.tile, (x, y), rotation)
        if reason:
            return Text(
                N_("the tile {tile} cannot go to {x},{y} turned {degrees}°: {reason}"),
                tile=state.tile,
                x=x,
                y=y,
                degrees=rotation * 90,
                reason=reason,
            )
        return Text(
            N_("{move} places the tile the same way as another written move; use {other}"),
            move=text,
            other=_text(_same_look(state, move)),
        )
    if phase == "meeple" and isinstance(move, tuple) and move[:1] == ("M",):
        return _why_not_meeple(state, move)
    options = ", ".join(_text(m) for m in state.choices()[:8]) + (", ..." if len(state.choices()) > 8 else "")
    return Text(
        N_("{move} is not possible now: {asking} ({options})"),
        move=text,
        asking=ASKING.get(phase, N_("finish the turn")),
        options=options,
    )


def _same_look(state: MistsState, move: tuple) -> tuple:
    for legal in state.choices():
        if legal[1:3] == move[1:3]:
            return legal
    return move


def _why_not_meeple(state: MistsState, move: tuple) -> Text:
    colour = move[3]
    text = _text(move)
    if not 0 <= colour < len(COLOURS) or state.in_hand[colour] <= 0:
        return Text(
            N_("{move}: no {colour} meeple is in your supply"),
            move=text,
            colour=colour_word(COLOURS[colour]) if 0 <= colour < len(COLOURS) else str(colour),
        )
    if colour not in state.colours or all(move[:3] != m[:3] for m in state.choices() if m[0] == "M"):
        return Text(
            N_("{move}: that feature is not free on the new tile (taken, in mist, on a spell circle, or absent)"),
            move=text,
        )
    return Text(N_("{move}: that colour is not yours to place"), move=text)
