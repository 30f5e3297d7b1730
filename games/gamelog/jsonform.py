"""The JSON form of a game log: the canonical form for the API and for storage."""

from __future__ import annotations

import json
from typing import Any

from games.gamelog.limits import MAX_JSON_DEPTH, InputRefused, check_json_strings, loads_bounded, value_depth
from games.gamelog.model import (
    FORMAT_VERSION,
    MAX_LOG_BYTES,
    ClaimedResult,
    GameLog,
    LogFormatError,
    Seat,
    decode_input,
)

_TOP_KEYS = {"brume_log", "game", "options", "seats", "layout", "moves", "result", "meta"}


def log_to_dict(log: GameLog) -> dict[str, Any]:
    data: dict[str, Any] = {
        "brume_log": log.version,
        "game": log.game,
        "options": log.options,
        "seats": [{"name": s.name, **({"player": s.player} if s.player else {})} for s in log.seats],
        "layout": log.layout,
        "moves": list(log.moves),
    }
    if log.result is not None:
        data["result"] = log.result.to_json()
    if log.meta:
        data["meta"] = dict(log.meta)
    return data


def dumps(log: GameLog, *, indent: int | None = None) -> str:
    return json.dumps(log_to_dict(log), ensure_ascii=False, indent=indent)


def _expect(value: Any, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise LogFormatError(f"must be {what}", where=where)
    return value


def _check_size(data: dict) -> None:
    """A log given as parsed JSON (an API body, a bulk item) obeys the same limits as its text:
    no deeper than MAX_JSON_DEPTH, storable strings, at most MAX_LOG_BYTES written out."""
    if value_depth(data, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise LogFormatError(f"nested more than {MAX_JSON_DEPTH} levels deep", where="log")
    try:
        check_json_strings(data)
    except InputRefused as exc:
        raise LogFormatError(str(exc), where="log") from None
    try:
        size = len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    except (TypeError, ValueError) as exc:
        raise LogFormatError(f"is not plain JSON data ({exc})", where="log") from None
    if size > MAX_LOG_BYTES:
        raise LogFormatError(f"the log is larger than {MAX_LOG_BYTES // 1000} kB", where="log")


def log_from_dict(data: Any) -> GameLog:
    """Build a log from parsed JSON; every fault is a LogFormatError naming the field."""
    _expect(data, dict, "log", "a JSON object")
    _check_size(data)
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise LogFormatError(f"unknown field(s) {', '.join(unknown)}", where="log")
    if "brume_log" not in data:
        raise LogFormatError(f"missing the field brume_log (the format version, {FORMAT_VERSION})", where="log")
    version = _expect(data["brume_log"], int, "brume_log", "the format version, a whole number")
    for required in ("game", "seats"):
        if required not in data:
            raise LogFormatError(f"missing the field {required}", where="log")
    seats = []
    for index, entry in enumerate(_expect(data["seats"], list, "seats", "a list"), start=1):
        where = f"seat {index}"
        if isinstance(entry, str):
            entry = {"name": entry}
        _expect(entry, dict, where, "an object with a name")
        extra = sorted(set(entry) - {"name", "player"})
        if extra:
            raise LogFormatError(f"unknown field(s) {', '.join(extra)}", where=where)
        seats.append(
            Seat(
                name=_expect(entry.get("name"), str, where, "named"),
                player=_expect(entry.get("player", ""), str, where, "text"),
            )
        )
    moves = _expect(data.get("moves", []), list, "moves", "a list of moves in the game's notation")
    result = data.get("result")
    if result is not None:
        _expect(result, dict, "result", "an object with ranks")
        extra = sorted(set(result) - {"ranks", "scores", "termination"})
        if extra:
            raise LogFormatError(f"unknown field(s) {', '.join(extra)}", where="result")
        ranks = _expect(result.get("ranks"), list, "result", "an object with a list of ranks")
        scores = result.get("scores")
        if scores is not None:
            scores = tuple(_expect(scores, list, "result", "scores as a list"))
        result = ClaimedResult(
            ranks=tuple(ranks),
            scores=scores,
            termination=_expect(result.get("termination", "normal"), str, "result", "text"),
        )
    meta = data.get("meta", {})
    _expect(meta, dict, "meta", "an object")
    return GameLog(
        version=version,
        game=data["game"],
        options=_expect(data.get("options", {}), dict, "options", "an object"),
        seats=tuple(seats),
        layout=data.get("layout"),
        moves=tuple(moves),
        result=result,
        meta=dict(meta),
    )


def loads(text: str | bytes) -> GameLog:
    text = decode_input(text)
    try:
        data = loads_bounded(text, max_bytes=MAX_LOG_BYTES * 4, what="the log")  # decode_input bounded the bytes
    except json.JSONDecodeError as exc:
        raise LogFormatError(f"not valid JSON: {exc.msg}", where=f"line {exc.lineno}, column {exc.colno}") from None
    except InputRefused as exc:
        raise LogFormatError(str(exc)) from None
    return log_from_dict(data)
