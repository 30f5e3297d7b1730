"""The portable game log: one versioned record of a game, the same for every game.

A log holds what is needed to replay a game and nothing the engine can recompute: the game,
its options, the seats, the written-out setup layout, the moves in the game's notation and the
result the players claim. ``games.gamelog.jsonform`` and ``games.gamelog.textform`` read and
write it; ``games.gamelog.validator`` replays it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from games.gamelog.limits import N_, InputRefused, check_json_strings, hidden_character_found, value_depth

FORMAT_VERSION = 1
MAX_LOG_BYTES = 2_000_000  # per log, in every form: text, JSON text, JSON body, file, bulk item
MAX_MOVES = 20_000
MAX_SEATS = 12
MAX_NAME_LENGTH = 200
MAX_META = 32  # free headers per log; each value at most MAX_META_LENGTH characters
MAX_META_LENGTH = 500
MAX_SETUP_DEPTH = 16  # nesting of the options and the layout

TERMINATIONS = ("normal", "resignation", "timeout", "forfeit", "agreement", "abandoned")
_PLY_NUMBER = re.compile(r"^\d+\.$")
_META_KEY = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
# Header names the text form gives a meaning of its own; meta may not reuse them.
RESERVED_HEADERS = frozenset(
    {"brume", "game", "options", "layout", "result", "scores", "termination", "moves", "version"}
)


class LogFormatError(ValueError):
    """The input is not a Brume game log; ``where`` names the line or field at fault.

    ``message`` is a template when ``params`` are given (``message % params`` is the English);
    the site translates it for the reader (games/log_errors.py). Params named "what" or
    "problem" are marked texts as well (a Text: (template, params), or a plain string)."""

    def __init__(self, message: str, *, where: str | None = None, params: dict | None = None):
        self.template = message
        self.params = dict(params or {})
        text = message % {key: _english(value) for key, value in self.params.items()} if self.params else message
        super().__init__(f"{where}: {text}" if where else text)
        self.message = text
        self.where = where

    @classmethod
    def refused(cls, exc: InputRefused, *, where: str | None = None) -> LogFormatError:
        """An input limit's refusal as a log's fault."""
        return cls(exc.template, where=where, params=exc.params)


def _english(value: Any) -> Any:
    """A param in English: a (template, params) pair is filled in, anything else is as it is."""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], dict):
        return value[0] % value[1] if value[1] else value[0]
    return value


def hidden_problem(text: str) -> tuple[str, dict] | None:
    """The hidden character of ``text`` as a translatable text (see limits.hidden_character)."""
    found = hidden_character_found(text)
    if found is None:
        return None
    kind, code, name, position = found
    params = {"code": code, "name": name, "position": position}
    if kind == "control":
        return N_("a control character (%(code)s) at position %(position)d"), params
    if kind == "invisible":
        return N_("an invisible character (%(code)s, %(name)s) at position %(position)d"), params
    return N_("a lone surrogate (%(code)s), which is not text, at position %(position)d"), params


def decode_input(data: str | bytes) -> str:
    """Text from an upload: UTF-8 only, no larger than the limit, without a byte-order mark."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", errors="surrogatepass"))
    if size > MAX_LOG_BYTES:
        raise LogFormatError(N_("the log is larger than %(size)d kB"), params={"size": MAX_LOG_BYTES // 1000})
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LogFormatError(N_("not UTF-8 text (byte %(byte)d)"), params={"byte": exc.start}) from None
    return data.lstrip("\ufeff")


def _single_line(value: str, where: str, *, limit: int = MAX_NAME_LENGTH) -> str:
    if not isinstance(value, str):
        raise LogFormatError(N_("expected text, got %(type)s"), where=where, params={"type": type(value).__name__})
    if len(value.splitlines()) > 1 or value.endswith(("\n", "\r")):
        raise LogFormatError(N_("must fit on one line"), where=where)
    if value != value.strip():
        raise LogFormatError(N_("must not start or end with spaces"), where=where)
    if len(value) > limit:
        raise LogFormatError(N_("is longer than %(limit)d characters"), where=where, params={"limit": limit})
    problem = hidden_problem(value)
    if problem:
        raise LogFormatError(N_("contains %(problem)s"), where=where, params={"problem": problem})
    return value


def check_move_text(text: Any, where: str) -> str:
    if not isinstance(text, str) or not text:
        raise LogFormatError(N_("a move must be non-empty text"), where=where)
    if any(ch.isspace() for ch in text):
        raise LogFormatError(N_("a move has no spaces in it: %(text)s"), where=where, params={"text": repr(text[:40])})
    if text[0] == "#" or any(ch in "{};" for ch in text) or _PLY_NUMBER.match(text):
        raise LogFormatError(
            N_("%(text)s looks like a comment or a move number, not a move"),
            where=where,
            params={"text": repr(text[:40])},
        )
    if len(text) > 200:
        raise LogFormatError(N_("a move is at most 200 characters"), where=where)
    problem = hidden_problem(text)
    if problem:
        raise LogFormatError(N_("a move contains %(problem)s"), where=where, params={"problem": problem})
    return text


def _json_safe(value: Any, where: str) -> Any:
    if value_depth(value, MAX_SETUP_DEPTH) > MAX_SETUP_DEPTH:
        raise LogFormatError(
            N_("is nested more than %(depth)d levels deep"), where=where, params={"depth": MAX_SETUP_DEPTH}
        )
    try:
        check_json_strings(value)
    except InputRefused as exc:
        raise LogFormatError.refused(exc, where=where) from None
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise LogFormatError(
            N_("is not plain JSON data (%(error)s)"), where=where, params={"error": str(exc)}
        ) from None


@dataclass(frozen=True)
class Seat:
    name: str
    # Who sat there, when known: "user:42", "ai:carnac/mcts", free text for a paper game.
    player: str = ""

    def __post_init__(self) -> None:
        _single_line(self.name, "seat name")
        _single_line(self.player, "seat player")
        if not self.name:
            raise LogFormatError(N_("a seat needs a name"), where="seats")


@dataclass(frozen=True)
class ClaimedResult:
    """What the players say happened: a rank per seat (1 best, ties share), scores if given."""

    ranks: tuple[int, ...]
    scores: tuple[float, ...] | None = None
    termination: str = "normal"

    def __post_init__(self) -> None:
        if not self.ranks or any(
            not isinstance(r, int) or isinstance(r, bool) or r < 1 or r > len(self.ranks) for r in self.ranks
        ):
            raise LogFormatError(
                N_("ranks must be whole numbers from 1 to the seat count, got %(ranks)s"),
                where="result",
                params={"ranks": str(list(self.ranks))},
            )
        if self.scores is not None:
            if len(self.scores) != len(self.ranks):
                raise LogFormatError(N_("give one score per seat, or none"), where="result")
            for score in self.scores:
                if isinstance(score, bool) or not isinstance(score, (int, float)) or score != score:
                    raise LogFormatError(
                        N_("a score must be a number, got %(score)s"), where="result", params={"score": repr(score)}
                    )
        if self.termination not in TERMINATIONS:
            raise LogFormatError(
                N_("termination must be one of %(terminations)s, not %(termination)s"),
                where="result",
                params={"terminations": ", ".join(TERMINATIONS), "termination": repr(self.termination)},
            )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ranks": list(self.ranks)}
        if self.scores is not None:
            data["scores"] = list(self.scores)
        if self.termination != "normal":
            data["termination"] = self.termination
        return data


@dataclass(frozen=True)
class GameLog:
    game: str
    seats: tuple[Seat, ...]
    moves: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    layout: Any = None
    result: ClaimedResult | None = None
    # Free facts about the game (event, round, date, site, table...): short single-line texts.
    meta: dict[str, str] = field(default_factory=dict)
    version: int = FORMAT_VERSION

    def __post_init__(self) -> None:
        if self.version != FORMAT_VERSION:
            raise LogFormatError(
                N_("this is format version %(version)s; Brume reads version %(expected)d"),
                where="version",
                params={"version": repr(self.version), "expected": FORMAT_VERSION},
            )
        if not isinstance(self.game, str) or not re.fullmatch(r"[a-z][a-z0-9_-]{0,39}", self.game):
            raise LogFormatError(
                N_("%(game)s is not a game name (lowercase letters, digits, - and _)"),
                where="game",
                params={"game": repr(self.game)},
            )
        if not self.seats:
            raise LogFormatError(N_("a log needs at least one seat"), where="seats")
        if len(self.seats) > MAX_SEATS:
            raise LogFormatError(N_("at most %(count)d seats"), where="seats", params={"count": MAX_SEATS})
        if len(self.moves) > MAX_MOVES:
            raise LogFormatError(
                N_("at most %(count)d moves, got %(moves)d"),
                where="moves",
                params={"count": MAX_MOVES, "moves": len(self.moves)},
            )
        for number, text in enumerate(self.moves, start=1):
            check_move_text(text, f"move {number}")
        if not isinstance(self.options, dict) or not all(isinstance(k, str) for k in self.options):
            raise LogFormatError(N_("options must be an object with named options"), where="options")
        object.__setattr__(self, "options", _json_safe(self.options, "options"))
        object.__setattr__(self, "layout", _json_safe(self.layout, "layout"))
        if self.result is not None and len(self.result.ranks) != len(self.seats):
            raise LogFormatError(
                N_("the result ranks %(ranked)d seats but the log has %(seats)d"),
                where="result",
                params={"ranked": len(self.result.ranks), "seats": len(self.seats)},
            )
        if not isinstance(self.meta, dict):
            raise LogFormatError(N_("meta must be an object"), where="meta")
        if len(self.meta) > MAX_META:
            raise LogFormatError(
                N_("at most %(count)d meta headers, got %(headers)d"),
                where="meta",
                params={"count": MAX_META, "headers": len(self.meta)},
            )
        for key, value in self.meta.items():
            if not isinstance(key, str) or not _META_KEY.match(key):
                raise LogFormatError(
                    N_("%(key)s is not a header name (lowercase letters, digits, _)"),
                    where="meta",
                    params={"key": repr(key)},
                )
            if key in RESERVED_HEADERS:
                raise LogFormatError(
                    N_("%(key)s is a reserved header, not free meta"), where="meta", params={"key": repr(key)}
                )
            _single_line(value, f"meta {key}", limit=MAX_META_LENGTH)

    @property
    def seat_count(self) -> int:
        return len(self.seats)
