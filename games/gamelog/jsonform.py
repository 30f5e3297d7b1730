"""The JSON form of a game log: the canonical form for the API and for storage."""

from __future__ import annotations

import json
from typing import Any

from games.gamelog.limits import MAX_JSON_DEPTH, N_, InputRefused, check_json_strings, loads_bounded, value_depth
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


def _expect(value: Any, kind: type | tuple[type, ...], where: str, refusal: str) -> Any:
    """``value`` when it is of ``kind``; else the refusal (a whole sentence: "must be a list")."""
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise LogFormatError(refusal, where=where)
    return value


def _check_size(data: dict) -> None:
    """A log given as parsed JSON (an API body, a bulk item) obeys the same limits as its text:
    no deeper than MAX_JSON_DEPTH, storable strings, at most MAX_LOG_BYTES written out."""
    if value_depth(data, MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
        raise LogFormatError(
            N_("nested more than %(depth)d levels deep"), where="log", params={"depth": MAX_JSON_DEPTH}
        )
    try:
        check_json_strings(data)
    except InputRefused as exc:
        raise LogFormatError.refused(exc, where="log") from None
    try:
        size = len(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    except (TypeError, ValueError) as exc:
        raise LogFormatError(
            N_("is not plain JSON data (%(error)s)"), where="log", params={"error": str(exc)}
        ) from None
    if size > MAX_LOG_BYTES:
        raise LogFormatError(
            N_("the log is larger than %(size)d kB"), where="log", params={"size": MAX_LOG_BYTES // 1000}
        )


def log_from_dict(data: Any) -> GameLog:
    """Build a log from parsed JSON; every fault is a LogFormatError naming the field."""
    _expect(data, dict, "log", N_("must be a JSON object"))
    _check_size(data)
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise LogFormatError(N_("unknown field(s) %(fields)s"), where="log", params={"fields": ", ".join(unknown)})
    if "brume_log" not in data:
        raise LogFormatError(
            N_("missing the field brume_log (the format version, %(version)d)"),
            where="log",
            params={"version": FORMAT_VERSION},
        )
    version = _expect(data["brume_log"], int, "brume_log", N_("must be the format version, a whole number"))
    for required in ("game", "seats"):
        if required not in data:
            raise LogFormatError(N_("missing the field %(field)s"), where="log", params={"field": required})
    seats = []
    for index, entry in enumerate(_expect(data["seats"], list, "seats", N_("must be a list")), start=1):
        where = f"seat {index}"
        if isinstance(entry, str):
            entry = {"name": entry}
        _expect(entry, dict, where, N_("must be an object with a name"))
        extra = sorted(set(entry) - {"name", "player"})
        if extra:
            raise LogFormatError(N_("unknown field(s) %(fields)s"), where=where, params={"fields": ", ".join(extra)})
        seats.append(
            Seat(
                name=_expect(entry.get("name"), str, where, N_("must be named")),
                player=_expect(entry.get("player", ""), str, where, N_("must be text")),
            )
        )
    moves = _expect(data.get("moves", []), list, "moves", N_("must be a list of moves in the game's notation"))
    result = data.get("result")
    if result is not None:
        _expect(result, dict, "result", N_("must be an object with ranks"))
        extra = sorted(set(result) - {"ranks", "scores", "termination"})
        if extra:
            raise LogFormatError(N_("unknown field(s) %(fields)s"), where="result", params={"fields": ", ".join(extra)})
        ranks = _expect(result.get("ranks"), list, "result", N_("must be an object with a list of ranks"))
        scores = result.get("scores")
        if scores is not None:
            scores = tuple(_expect(scores, list, "result", N_("must be scores as a list")))
        result = ClaimedResult(
            ranks=tuple(ranks),
            scores=scores,
            termination=_expect(result.get("termination", "normal"), str, "result", N_("must be text")),
        )
    meta = data.get("meta", {})
    _expect(meta, dict, "meta", N_("must be an object"))
    return GameLog(
        version=version,
        game=data["game"],
        options=_expect(data.get("options", {}), dict, "options", N_("must be an object")),
        seats=tuple(seats),
        layout=data.get("layout"),
        moves=tuple(moves),
        result=result,
        meta=dict(meta),
    )


def loads(text: str | bytes) -> GameLog:
    text = decode_input(text)
    try:
        data = loads_bounded(text, max_bytes=MAX_LOG_BYTES * 4, what=N_("the log"))  # decode_input bounded the bytes
    except json.JSONDecodeError as exc:
        raise LogFormatError(
            N_("not valid JSON: %(error)s"), where=f"line {exc.lineno}, column {exc.colno}", params={"error": exc.msg}
        ) from None
    except InputRefused as exc:
        raise LogFormatError.refused(exc) from None
    return log_from_dict(data)
