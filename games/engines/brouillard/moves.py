"""The three actions of Brouillard and their notation.

- ``Setup``: a seat's secret first action, ``Qd1,Wb2,Wc3,Wf2`` (the Queen, then the Watchers).
- ``Step``: move a piece, ``c2c4`` as a player types it; the referee's log adds the answer:
  ``c2-c4`` (nothing captured), ``c2xd3=W`` or ``c2xd3=Q`` (an enemy Watcher or Queen taken).
- ``Probe``: ``?d4`` as typed; ``?d4=2`` in the log (two enemy pieces around d4).

The recorded answer rides along on the move but takes no part in equality or hashing, so the
typed and the logged forms name the same move, and ``play`` checks a recorded answer against
the truth.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.engines.base import NotationError
from games.engines.brouillard.board import name, parse_square
from games.engines.text import N_, Text

QUEEN = "Q"
WATCHER = "W"
NOTHING = ""  # a recorded step that captured nothing


@dataclass(frozen=True)
class Setup:
    queen: int
    watchers: tuple[int, int, int]  # sorted, so one placement has one value


@dataclass(frozen=True)
class Step:
    origin: int
    target: int
    # None: not recorded; NOTHING: recorded as no capture; QUEEN/WATCHER: recorded capture.
    captured: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Probe:
    square: int
    count: int | None = field(default=None, compare=False)  # None: not recorded


Action = Setup | Step | Probe


def make_setup(queen: int, watchers) -> Setup:
    return Setup(queen, tuple(sorted(watchers)))


def to_text(move: Action) -> str:
    """The notation of a move with whatever answer it carries."""
    if isinstance(move, Setup):
        return ",".join([f"Q{name(move.queen)}", *(f"W{name(w)}" for w in move.watchers)])
    if isinstance(move, Step):
        origin, target = name(move.origin), name(move.target)
        if move.captured is None:
            return f"{origin}{target}"
        if move.captured == NOTHING:
            return f"{origin}-{target}"
        return f"{origin}x{target}={move.captured}"
    if isinstance(move, Probe):
        text = f"?{name(move.square)}"
        return text if move.count is None else f"{text}={move.count}"
    raise TypeError(f"not a Brouillard move: {move!r}")


_STEP = re.compile(r"^([a-gA-G][1-7])([-x]?)([a-gA-G][1-7])(?:=([QWqw]))?$")
_PROBE = re.compile(r"^\?([a-gA-G][1-7])(?:=(\d))?$")
_PLACED = re.compile(r"^([QWqw])([a-gA-G][1-7])$")

HELP = Text(
    N_("write a move as c2c4 (or c2-c4, c2xc4=W in a log), a probe as ?d4 (or ?d4=2), a setup as Qd1,Wb2,Wc3,Wf2")
)


def not_a_move(text: object) -> Text:
    """The refusal of a text that is no Brouillard move at all, with the notation's help."""
    return Text(N_("{text} is not a move: {help}"), text=repr(text), help=HELP)


def parse(text: str) -> Action:
    """The move ``text`` names; raises NotationError with an example of the notation."""
    if not isinstance(text, str):
        raise NotationError(not_a_move(text))
    step = _STEP.match(text)
    if step:
        return _parse_step(text, step)
    probe = _PROBE.match(text)
    if probe:
        count = None if probe.group(2) is None else int(probe.group(2))
        if count is not None and count > 8:
            raise NotationError(Text(N_("{text}: a probe counts at most 8 pieces"), text=repr(text)), move_text=text)
        return Probe(parse_square(probe.group(1)), count)
    if "," in text:
        return _parse_setup(text)
    raise NotationError(not_a_move(text), move_text=text)


def _parse_step(text: str, match: re.Match) -> Step:
    origin, mark, target, kind = match.groups()
    if mark == "x":
        if kind is None:
            raise NotationError(
                Text(
                    N_("{text}: a recorded capture names what it took, e.g. {example}=W"), text=repr(text), example=text
                ),
                move_text=text,
            )
        captured = kind.upper()
    elif kind is not None:
        raise NotationError(Text(N_("{text}: only a capture (with x) names a piece"), text=repr(text)), move_text=text)
    else:
        captured = NOTHING if mark == "-" else None
    return Step(parse_square(origin), parse_square(target), captured)


def _parse_setup(text: str) -> Setup:
    queens, watchers = [], []
    for token in text.split(","):
        placed = _PLACED.match(token)
        if not placed:
            raise NotationError(
                Text(
                    N_("{text}: {token} is not a placed piece; write a setup as Qd1,Wb2,Wc3,Wf2"),
                    text=repr(text),
                    token=repr(token),
                ),
                move_text=text,
            )
        square = parse_square(placed.group(2))
        (queens if placed.group(1).upper() == QUEEN else watchers).append(square)
    if len(queens) != 1 or len(watchers) != 3:
        raise NotationError(
            Text(N_("{text}: a setup places one Queen and three Watchers, e.g. Qd1,Wb2,Wc3,Wf2"), text=repr(text)),
            move_text=text,
        )
    if len({*queens, *watchers}) != 4:
        raise NotationError(Text(N_("{text}: two pieces cannot share a square"), text=repr(text)), move_text=text)
    return make_setup(queens[0], watchers)
