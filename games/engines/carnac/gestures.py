"""Carnac by clicking: a square and then its megalith's colours; a tilt by its direction.

- A placement: click the empty square, then pick the colours in the picker (grouped by the top
  colour; each choice says what a tilt north/south and east/west would show).
- A tilt: click the megalith just placed, then the square next to it where it should fall.
- A decline: the button "Leave it standing".

Built from the seat's view only (``player_moves(view)`` and the board's geometry).
"""

from __future__ import annotations

from typing import Any

from games.engines.carnac.board import DIRECTION_LETTERS, DIRECTION_NAMES, board_named
from games.engines.gestures import Gesture
from games.engines.text import N_, Np_, Text

COLOUR_WORDS = {"r": Np_("colour", "red"), "w": Np_("colour", "white")}
ON_TOP = {"r": N_("Red on top"), "w": N_("White on top")}
DECLINE_LABEL = N_("Leave it standing")


def target(square: str) -> str:
    """The ``data-target`` id of a square of the board picture."""
    return f"c-{square}"


def placement_choice(top: str, axis: str) -> tuple[str, str]:
    """(group, label) of a placement variant: the top colour, then what each tilt would show."""
    other = "w" if top == "r" else "r"
    north_south = top if axis == "n" else other
    east_west = other if axis == "n" else top
    group = ON_TOP[top]
    return group, Text(
        N_("{north_south} north–south, {east_west} east–west"),
        north_south=COLOUR_WORDS[north_south],
        east_west=COLOUR_WORDS[east_west],
    )


def gestures(view: dict[str, Any], moves: list[str]) -> list[Gesture]:
    if not moves:
        return []
    board = board_named(view["board"])
    out = []
    for move in moves:
        if move == "x":
            out.append(Gesture(move, (), DECLINE_LABEL))
        elif len(move) == 2 and move[0] == "t":
            out.append(_tilt(board, view["last_square"], move))
        else:
            group, label = placement_choice(move[-2], move[-1])
            out.append(Gesture(move, (target(move[:-2]),), label, group))
    return out


def _tilt(board, last_square: str, move: str) -> Gesture:
    square = board.parse_square(last_square)
    direction = DIRECTION_LETTERS.index(move[1])
    first, _second = board.tilt_targets[square][direction]
    return Gesture(
        move,
        (target(last_square), target(board.square_names[first])),
        Text(N_("Tilt {direction}"), direction=DIRECTION_NAMES[direction]),
    )
