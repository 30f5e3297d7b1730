"""The FOG by clicking: which hexes and boat places make each move.

Built from the view, the moves it offers (``player_moves``) and what each costs in that view.

- Draft: click the islander.
- A movement: click the islander (its hex, or its boat place), then the hex or place where it
  goes. When the move displaces another islander (a Swap, a Push, pulling one back, a Drive
  Off), a third click says where that one goes: your own hex for a Swap or a pull, the hex the
  pushed islander is pushed onto, the place a driven-off islander takes. When several movement
  types reach the same hex (a Cross or a Squeeze, a Run or the free Run of Endurance, a Jump
  that sends the jumped islander back), a picker names each with its cost.
- Keeping mission cards and ending the turn are buttons.

Target ids are the notation's node names: hexes ``D7``, shore ``S3``, piers ``P1``, boat
places ``bAl`` and sterns ``bST``. An islander is clicked through the hex or place it stands on.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

from games.engines.fog import components as comp
from games.engines.fog import moves as notation
from games.engines.fog.board import Board
from games.engines.gestures import Gesture

KIND_WORDS = {
    notation.RUN: "Run",
    notation.FREE: "Free Run (ends the turn)",
    notation.SWAP: "Swap",
    notation.PULL: "Pull back",
    notation.PUSH: "Push",
    notation.JUMP: "Jump",
    notation.CROSS: "Cross",
    notation.SQUEEZE: "Squeeze",
    notation.DASH: "Run 3 hexes straight (Guardian of Speed)",
    "epush": "Enhanced Push",
    "ejump": "Enhanced Jump",
    "ecross": "Enhanced Cross",
    "esqueeze": "Enhanced Squeeze",
}
# Moves that put another islander somewhere: the third click says where it goes.
DISPLACING = (notation.SWAP, notation.PULL, notation.PUSH)


def _cost_words(cost: int | None) -> str:
    if cost is None:
        return ""
    return " · free" if cost == 0 else f" · {cost} MP"


def _displaced_to(move: notation.Move) -> int:
    """Where the islander a move displaces ends up (-1: the move displaces nobody, or the picker says)."""
    kind = notation.base_kind(move.kind)
    if kind in (notation.SWAP, notation.PULL):
        return move.extra if move.extra >= 0 else move.frm
    if kind == notation.PUSH:
        return move.via
    if move.kind == notation.RUN and move.extra_kind == "=":
        return move.extra
    return -1


def _label(board: Board, move: notation.Move, cost: int | None, third_clicked: bool, occupied: set[int]) -> str:
    names = board.names
    words = KIND_WORDS.get(move.kind, move.kind)
    if move.kind == "ejump" and move.via >= 0:
        words += f" over {names[move.via]}"
    kind = notation.base_kind(move.kind)
    if not third_clicked:
        if kind == notation.PUSH:
            words += f", pushed onto {names[move.via]}"
        elif move.extra_kind == "=":
            words += f", driving off to {names[move.extra]}"
    if move.extra_kind == "@" and not (third_clicked and kind in (notation.SWAP, notation.PULL)):
        passed = _passed(board, move, occupied)
        who = f"the islander on {names[passed]}" if passed >= 0 else "the islander"
        words += f", sending {who} back to {names[move.extra]}"
    return words + _cost_words(cost)


def _passed(board: Board, move: notation.Move, occupied: set[int]) -> int:
    """The hex of the islander a Jump or Squeeze passes and sends back (Guardian B), or -1."""
    nb = board.neighbours
    for s in nb[move.frm] if move.frm < board.hexes else ():
        if s in occupied and s in nb[move.to] and move.extra in (nb[s][4], nb[s][5]):
            return s
    return -1


def _keep_label(view: dict[str, Any], move: notation.Move) -> str:
    hand = view.get("hands", {}).get(view.get("colour"), [])
    picks = [move.frm] + ([2 + move.to] if move.to >= 0 else [])
    cards = [hand[i] for i in picks if i < len(hand)]
    if len(cards) != len(picks):
        return "Keep " + " and ".join(f"card {i + 1}" for i in picks)
    return "Keep: " + " + ".join(f"#{card} {comp.mission_text(card)}" for card in cards)


def move_gestures(
    view: dict[str, Any], board: Board, moves: dict[str, notation.Move], costs: dict[notation.Move, int]
) -> list:
    """One gesture per offered move (``moves``: each move's text to the move; ``costs``: each
    movement's MP cost)."""
    names = board.names
    occupied = {board.node(entry["at"]) for entry in view.get("islanders", []) if entry.get("at")}
    gestures = []
    movements: dict[tuple[str, str], list[notation.Move]] = defaultdict(list)
    texts = {}
    for text, move in moves.items():
        texts[move] = text
        if move.kind == notation.END:
            left = view.get("mp") or 0
            gestures.append(Gesture(text, (), "End the turn" + (f" ({left} MP unused)" if left else "")))
        elif move.kind == notation.KEEP:
            gestures.append(Gesture(text, (), _keep_label(view, move), "Missions"))
        elif move.kind == notation.DRAFT:
            gestures.append(Gesture(text, (names[move.frm],), "draft"))
        else:
            movements[(names[move.frm], names[move.to])].append(move)
    for base, group in movements.items():
        thirds = [_displaced_to(move) for move in group]
        clicked = all(third >= 0 for third in thirds)
        made = [
            Gesture(
                texts[move],
                (*base, names[third]) if clicked else base,
                _label(board, move, costs.get(move), clicked, occupied),
                f"{base[0]} to {base[1]}",
            )
            for move, third in zip(group, thirds)
        ]
        gestures += _distinct(made)
    return gestures


def _distinct(gestures: list) -> list:
    """Moves that share their clicks need different labels: add the notation where two agree."""
    count: dict[tuple, int] = defaultdict(int)
    for gesture in gestures:
        count[(gesture.path, gesture.choice)] += 1
    return [
        replace(gesture, choice=f"{gesture.choice} ({gesture.move})")
        if count[(gesture.path, gesture.choice)] > 1
        else gesture
        for gesture in gestures
    ]
