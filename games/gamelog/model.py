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

from games.gamelog.limits import InputRefused, check_json_strings, hidden_character, value_depth

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
    """The input is not a Brume game log; ``where`` names the line or field at fault."""

    def __init__(self, message: str, *, where: str | None = None):
        super().__init__(f"{where}: {message}" if where else message)
        self.message = message
        self.where = where


def decode_input(data: str | bytes) -> str:
    """Text from an upload: UTF-8 only, no larger than the limit, without a byte-order mark."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", errors="surrogatepass"))
    if size > MAX_LOG_BYTES:
        raise LogFormatError(f"the log is larger than {MAX_LOG_BYTES // 1000} kB")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LogFormatError(f"not UTF-8 text (byte {exc.start})") from None
    return data.lstrip("\ufeff")


def _single_line(value: str, where: str, *, limit: int = MAX_NAME_LENGTH) -> str:
    if not isinstance(value, str):
        raise LogFormatError(f"expected text, got {type(value).__name__}", where=where)
    if len(value.splitlines()) > 1 or value.endswith(("\n", "\r")):
        raise LogFormatError("must fit on one line", where=where)
    if value != value.strip():
        raise LogFormatError("must not start or end with spaces", where=where)
    if len(value) > limit:
        raise LogFormatError(f"is longer than {limit} characters", where=where)
    problem = hidden_character(value)
    if problem:
        raise LogFormatError(f"contains {problem}", where=where)
    return value


def check_move_text(text: Any, where: str) -> str:
    if not isinstance(text, str) or not text:
        raise LogFormatError("a move must be non-empty text", where=where)
    if any(ch.isspace() for ch in text):
        raise LogFormatError(f"a move has no spaces in it: {text[:40]!r}", where=where)
    if text[0] == "#" or any(ch in "{};" for ch in text) or _PLY_NUMBER.match(text):
        raise LogFormatError(f"{text[:40]!r} looks like a comment or a move number, not a move", where=where)
    if len(text) > 200:
        raise LogFormatError("a move is at most 200 characters", where=where)
    problem = hidden_character(text)
    if problem:
        raise LogFormatError(f"a move contains {problem}", where=where)
    return text


def _json_safe(value: Any, where: str) -> Any:
    if value_depth(value, MAX_SETUP_DEPTH) > MAX_SETUP_DEPTH:
        raise LogFormatError(f"is nested more than {MAX_SETUP_DEPTH} levels deep", where=where)
    try:
        check_json_strings(value)
    except InputRefused as exc:
        raise LogFormatError(str(exc), where=where) from None
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as exc:
        raise LogFormatError(f"is not plain JSON data ({exc})", where=where) from None


@dataclass(frozen=True)
class Seat:
    name: str
    # Who sat there, when known: "user:42", "ai:carnac/mcts", free text for a paper game.
    player: str = ""

    def __post_init__(self) -> None:
        _single_line(self.name, "seat name")
        _single_line(self.player, "seat player")
        if not self.name:
            raise LogFormatError("a seat needs a name", where="seats")


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
                f"ranks must be whole numbers from 1 to the seat count, got {list(self.ranks)}", where="result"
            )
        if self.scores is not None:
            if len(self.scores) != len(self.ranks):
                raise LogFormatError("give one score per seat, or none", where="result")
            for score in self.scores:
                if isinstance(score, bool) or not isinstance(score, (int, float)) or score != score:
                    raise LogFormatError(f"a score must be a number, got {score!r}", where="result")
        if self.termination not in TERMINATIONS:
            raise LogFormatError(
                f"termination must be one of {', '.join(TERMINATIONS)}, not {self.termination!r}", where="result"
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
                f"this is format version {self.version!r}; Brume reads version {FORMAT_VERSION}", where="version"
            )
        if not isinstance(self.game, str) or not re.fullmatch(r"[a-z][a-z0-9_-]{0,39}", self.game):
            raise LogFormatError(f"{self.game!r} is not a game name (lowercase letters, digits, - and _)", where="game")
        if not self.seats:
            raise LogFormatError("a log needs at least one seat", where="seats")
        if len(self.seats) > MAX_SEATS:
            raise LogFormatError(f"at most {MAX_SEATS} seats", where="seats")
        if len(self.moves) > MAX_MOVES:
            raise LogFormatError(f"at most {MAX_MOVES} moves, got {len(self.moves)}", where="moves")
        for number, text in enumerate(self.moves, start=1):
            check_move_text(text, f"move {number}")
        if not isinstance(self.options, dict) or not all(isinstance(k, str) for k in self.options):
            raise LogFormatError("options must be an object with named options", where="options")
        object.__setattr__(self, "options", _json_safe(self.options, "options"))
        object.__setattr__(self, "layout", _json_safe(self.layout, "layout"))
        if self.result is not None and len(self.result.ranks) != len(self.seats):
            raise LogFormatError(
                f"the result ranks {len(self.result.ranks)} seats but the log has {len(self.seats)}", where="result"
            )
        if not isinstance(self.meta, dict):
            raise LogFormatError("meta must be an object", where="meta")
        if len(self.meta) > MAX_META:
            raise LogFormatError(f"at most {MAX_META} meta headers, got {len(self.meta)}", where="meta")
        for key, value in self.meta.items():
            if not isinstance(key, str) or not _META_KEY.match(key):
                raise LogFormatError(f"{key!r} is not a header name (lowercase letters, digits, _)", where="meta")
            if key in RESERVED_HEADERS:
                raise LogFormatError(f"{key!r} is a reserved header, not free meta", where="meta")
            _single_line(value, f"meta {key}", limit=MAX_META_LENGTH)

    @property
    def seat_count(self) -> int:
        return len(self.seats)
