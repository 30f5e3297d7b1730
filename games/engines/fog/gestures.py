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
from games.engines.text import N_, Np_, Text, Verbatim, join

KIND_WORDS = {
    notation.RUN: Np_("FOG movement", "Run"),
    notation.FREE: N_("Free Run (ends the turn)"),
    notation.SWAP: Np_("FOG movement", "Swap"),
    notation.PULL: Np_("FOG movement", "Pull back"),
    notation.PUSH: Np_("FOG movement", "Push"),
    notation.JUMP: Np_("FOG movement", "Jump"),
    notation.CROSS: Np_("FOG movement", "Cross"),
    notation.SQUEEZE: Np_("FOG movement", "Squeeze"),
    notation.DASH: N_("Run 3 hexes straight (Guardian of Speed)"),
    "epush": N_("Enhanced Push"),
    "ejump": N_("Enhanced Jump"),
    "ecross": N_("Enhanced Cross"),
    "esqueeze": N_("Enhanced Squeeze"),
}
# Moves that put another islander somewhere: the third click says where it goes.
DISPLACING = (notation.SWAP, notation.PULL, notation.PUSH)


def _cost_words(cost: int | None) -> Text | None:
    if cost is None:
        return None
    return Text(Np_("MP cost", "free")) if cost == 0 else Text(N_("{cost} MP"), cost=cost)


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


def _label(board: Board, move: notation.Move, cost: int | None, third_clicked: bool, occupied: set[int]) -> Text:
    names = board.names
    words = KIND_WORDS.get(move.kind, move.kind)
    if move.kind == "ejump" and move.via >= 0:
        words = Text(N_("Enhanced Jump over {hex}"), hex=names[move.via])
    clauses = [words]
    kind = notation.base_kind(move.kind)
    if not third_clicked:
        if kind == notation.PUSH:
            clauses.append(Text(N_("pushed onto {hex}"), hex=names[move.via]))
        elif move.extra_kind == "=":
            clauses.append(Text(N_("driving off to {hex}"), hex=names[move.extra]))
    if move.extra_kind == "@" and not (third_clicked and kind in (notation.SWAP, notation.PULL)):
        passed = _passed(board, move, occupied)
        if passed >= 0:
            clauses.append(
                Text(N_("sending the islander on {hex} back to {to}"), hex=names[passed], to=names[move.extra])
            )
        else:
            clauses.append(Text(N_("sending the islander back to {to}"), to=names[move.extra]))
    label = join(", ", clauses)
    cost_words = _cost_words(cost)
    return label if cost_words is None else join(" · ", [label, cost_words])


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
        if len(picks) == 1:
            return Text(N_("Keep card {card}"), card=picks[0] + 1)
        return Text(N_("Keep card {first} and card {second}"), first=picks[0] + 1, second=picks[1] + 1)
    said = [Text(Verbatim("#{card} {text}"), card=card, text=comp.mission_text(card)) for card in cards]
    return Text(N_("Keep: {cards}"), cards=join(" + ", said))


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
            label = Text(N_("End the turn ({mp} MP unused)"), mp=left) if left else Text(N_("End the turn"))
            gestures.append(Gesture(text, (), label))
        elif move.kind == notation.KEEP:
            gestures.append(Gesture(text, (), _keep_label(view, move), N_("Missions")))
        elif move.kind == notation.DRAFT:
            gestures.append(Gesture(text, (names[move.frm],), Np_("FOG gesture", "draft")))
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
                Text(N_("{origin} to {target}"), origin=base[0], target=base[1]),
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
        replace(gesture, choice=Text(Verbatim("{choice} ({move})"), choice=gesture.choice, move=gesture.move))
        if count[(gesture.path, gesture.choice)] > 1
        else gesture
        for gesture in gestures
    ]
