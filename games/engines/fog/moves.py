"""Moves and their notation.

A move is a small NamedTuple: its kind, the node it starts from, where it ends, and up to two
extra nodes (the first pushed islander's new hex, a jumped islander, a driven-off islander's new
place, an islander sent one hex back). Notation (see docs/games/fog.md):

    +D7         draft the islander on D7            k1 / k12   keep mission card 1 (deck 1 and 2)
    D7-E7       Run (also any water path: S3-bAl)   D7-E7!     free Run ending the turn (Endurance)
    D7xE8       Swap (on the beach, 3 MP) or pull back (water, 1 MP)
    D7>E8>F9    Push: into E8, the pushed islander(s) moving towards F9
    D7^F7       Jump                                 D7/F8      Cross        D7%F8     Squeeze
    D7*G7       Guardian of Speed (A): Run 3 hexes straight
    eD7^E8^F8   Enhanced movement (prefix e); a jump names the islander it jumps over
    ...=bBr     Drive Off (advanced): where the driven-off islander goes
    ...@C5      Guardian side B: the islander sent one hex back
    end         end the turn
"""

from __future__ import annotations

from typing import NamedTuple

from games.engines.base import NotationError
from games.engines.fog.board import Board
from games.engines.text import N_, Text

END, DRAFT, KEEP = "end", "draft", "keep"
RUN, SWAP, PULL, PUSH, JUMP, CROSS, SQUEEZE, DASH, FREE = (
    "run",
    "swap",
    "pull",
    "push",
    "jump",
    "cross",
    "squeeze",
    "dash",
    "free",
)
ENHANCED = {"epush": PUSH, "ejump": JUMP, "ecross": CROSS, "esqueeze": SQUEEZE}
SYMBOLS = {RUN: "-", SWAP: "x", PULL: "x", PUSH: ">", JUMP: "^", CROSS: "/", SQUEEZE: "%", DASH: "*", FREE: "-"}
_BY_SYMBOL = {">": PUSH, "^": JUMP, "/": CROSS, "%": SQUEEZE, "*": DASH}


class Move(NamedTuple):
    kind: str
    frm: int = -1
    to: int = -1
    via: int = -1  # push: the first pushed islander's new hex; enhanced jump: the islander jumped over
    extra: int = -1  # drive off: the driven-off islander's place; Guardian B: the hex one back
    extra_kind: str = ""  # "=" drive off, "@" sent back


END_MOVE = Move(END)


def base_kind(kind: str) -> str:
    return ENHANCED.get(kind, kind)


def to_text(board: Board, move: Move) -> str:
    names = board.names
    if move.kind == END:
        return "end"
    if move.kind == DRAFT:
        return "+" + names[move.frm]
    if move.kind == KEEP:
        return "k" + "".join(str(i + 1) for i in (move.frm, move.to) if i >= 0)
    kind = base_kind(move.kind)
    text = ("e" if move.kind in ENHANCED else "") + names[move.frm] + SYMBOLS[kind]
    if kind == PUSH:
        text += names[move.to] + ">" + names[move.via]
    elif kind == JUMP and move.via >= 0:
        text += names[move.via] + "^" + names[move.to]
    else:
        text += names[move.to]
    if move.kind == FREE:
        text += "!"
    if move.extra >= 0:
        text += move.extra_kind + names[move.extra]
    return text


def _node(board: Board, name: str, text: str) -> int:
    try:
        return board.node(name)
    except KeyError:
        raise NotationError(
            Text(
                N_("{text}: {name} is not a hex or boat place of the {board} beach"),
                text=repr(text),
                name=repr(name),
                board=board.name,
            ),
            move_text=text,
        ) from None


def parse(board: Board, text: str) -> Move:
    raw = text.strip()
    if not raw:
        raise NotationError(
            Text(N_("an empty move: write a movement like D7-E7, a draft like +D7, or end")), move_text=text
        )
    if raw == "end":
        return END_MOVE
    if raw.startswith("+"):
        return Move(DRAFT, _node(board, raw[1:], text))
    if raw[0] == "k" and raw[1:].isdigit() and 1 <= len(raw) - 1 <= 2 and set(raw[1:]) <= {"1", "2"}:
        picks = [int(c) - 1 for c in raw[1:]]
        return Move(KEEP, picks[0], picks[1] if len(picks) > 1 else -1)
    enhanced = raw.startswith("e")
    body = raw[1:] if enhanced else raw
    extra, extra_kind = -1, ""
    for mark in ("=", "@"):
        if mark in body:
            body, _, tail = body.partition(mark)
            extra, extra_kind = _node(board, tail, text), mark
    free = body.endswith("!")
    body = body.rstrip("!")
    for symbol in ("-", "x", ">", "^", "/", "%", "*"):
        if symbol in body:
            parts = body.split(symbol)
            break
    else:
        raise NotationError(
            Text(
                N_(
                    "{text} is not a move: write D7-E7 (run), D7xE8 (swap), D7>E8>F9 (push), D7^F7 (jump), "
                    "D7/F8 (cross), D7%F8 (squeeze) or end"
                ),
                text=repr(text),
            ),
            move_text=text,
        )
    nodes = [_node(board, p, text) for p in parts]
    if symbol == "-":
        kind = FREE if free else RUN
    elif symbol == "x":
        kind = (
            SWAP
            if all(board.kinds[n] != "shore" and board.kinds[n] != "pier" for n in nodes if n < board.hexes)
            and all(n < board.hexes for n in nodes)
            else PULL
        )
    else:
        kind = _BY_SYMBOL[symbol]
    if enhanced:
        if kind not in (PUSH, JUMP, CROSS, SQUEEZE):
            raise NotationError(
                Text(N_("{text}: only Push, Jump, Cross and Squeeze can be enhanced"), text=repr(text)), move_text=text
            )
        kind = "e" + kind
    expected = 3 if base_kind(kind) == PUSH or (kind == "ejump") else 2
    if len(nodes) != expected:
        raise NotationError(
            Text(
                N_("{text}: this movement names {expected} places, not {count}"),
                text=repr(text),
                expected=expected,
                count=len(nodes),
            ),
            move_text=text,
        )
    if base_kind(kind) == PUSH:
        return Move(kind, nodes[0], nodes[1], nodes[2], extra, extra_kind)
    if kind == "ejump":
        return Move(kind, nodes[0], nodes[2], nodes[1], extra, extra_kind)
    return Move(kind, nodes[0], nodes[1], -1, extra, extra_kind)
