"""The text form of a game log, for people: a header of ``Name: value`` lines, then the moves.

    Brume log 1
    Game: carnac
    Options: {"board": "medium"}
    Seat 1: Alice
    Player 1: user:42
    Seat 2: Bob
    Layout: null
    Result: 2 1
    Scores: 4 5
    Event: Autumn Open

    1. f4wn
    2. x {Bob declines the tilt}
    3. ...

Options and Layout are JSON (a Layout may run over several lines). Result gives each seat's
rank in seat order. Other headers are kept as meta. In the moves, ``N.`` numbers are optional
but checked, ``{...}`` and ``; ...`` are comments.
"""

from __future__ import annotations

import json
import re
from typing import Any

from games.gamelog.limits import N_, InputRefused, loads_bounded
from games.gamelog.model import (
    FORMAT_VERSION,
    MAX_LOG_BYTES,
    MAX_SETUP_DEPTH,
    ClaimedResult,
    GameLog,
    LogFormatError,
    Seat,
    check_move_text,
    decode_input,
)

_FIRST_LINE = re.compile(r"^Brume log (\d+)$", re.IGNORECASE)
_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9_]*(?: \d+)?):(?: (.*))?$")
_SEAT_KEY = re.compile(r"^(seat|player) (\d+)$")
_PLY_NUMBER = re.compile(r"^(\d+)\.$")


def _json_value(text: str, where: str) -> Any:
    try:
        return loads_bounded(text, max_bytes=MAX_LOG_BYTES * 4, max_depth=MAX_SETUP_DEPTH)
    except json.JSONDecodeError as exc:
        raise LogFormatError(N_("not valid JSON: %(error)s"), where=where, params={"error": exc.msg}) from None
    except InputRefused as exc:
        raise LogFormatError.refused(exc, where=where) from None


def _numbers(text: str, where: str, kind: str) -> list[Any]:
    values = []
    for token in text.split():
        try:
            value = json.loads(token)
        except json.JSONDecodeError:
            value = None
        if kind == "rank" and not (isinstance(value, int) and not isinstance(value, bool)):
            raise LogFormatError(
                N_("%(token)s is not a rank (give one whole number per seat, e.g. 'Result: 2 1')"),
                where=where,
                params={"token": repr(token)},
            )
        if kind == "score" and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise LogFormatError(
                N_("%(token)s is not a score (give one number per seat)"), where=where, params={"token": repr(token)}
            )
        values.append(value)
    if not values:
        raise LogFormatError(N_("no ranks given") if kind == "rank" else N_("no scores given"), where=where)
    return values


def _parse_header(lines: list[str], start: int) -> tuple[dict[str, Any], int]:
    """Read header lines from ``start``; return the fields and the index after the blank line."""
    fields: dict[str, Any] = {"seats": {}, "players": {}, "meta": {}}
    index = start
    while index < len(lines):
        line = lines[index].rstrip()
        lineno = index + 1
        index += 1
        if not line.strip():
            break
        if line.lstrip().startswith("#"):
            continue
        match = _HEADER.match(line)
        if not match:
            raise LogFormatError(
                N_("expected a header line 'Name: value' or a blank line before the moves"), where=f"line {lineno}"
            )
        key, value = match.group(1).lower(), (match.group(2) or "").strip()
        where = f"line {lineno} ({match.group(1)})"
        seat_key = _SEAT_KEY.match(key)
        if key in ("options", "layout"):
            # A JSON value may continue over the following lines until it parses.
            text = value
            while True:
                try:
                    fields[key] = json.loads(text)
                    break
                except json.JSONDecodeError:
                    if index >= len(lines) or not lines[index].strip() or not text.lstrip().startswith(("{", "[")):
                        fields[key] = _json_value(text, where)  # raises with the JSON error
                    text += "\n" + lines[index]
                    index += 1
                except RecursionError:
                    raise LogFormatError(N_("JSON nested too deeply"), where=where) from None
        elif key == "game":
            fields["game"] = value
        elif key == "result":
            fields["result"] = _numbers(value, where, "rank")
        elif key == "scores":
            fields["scores"] = _numbers(value, where, "score")
        elif key == "termination":
            fields["termination"] = value
        elif seat_key:
            kind, number = seat_key.group(1), int(seat_key.group(2))
            target = fields["seats" if kind == "seat" else "players"]
            if number in target:
                raise LogFormatError(
                    N_("seat %(number)d is given twice") if kind == "seat" else N_("player %(number)d is given twice"),
                    where=where,
                    params={"number": number},
                )
            target[number] = value
        elif " " in key:
            raise LogFormatError(N_("unknown header %(header)s"), where=where, params={"header": repr(match.group(1))})
        else:
            if key in fields["meta"]:
                raise LogFormatError(N_("%(header)s is given twice"), where=where, params={"header": match.group(1)})
            fields["meta"][key] = value
    return fields, index


def _parse_moves(lines: list[str], start: int) -> list[str]:
    moves: list[str] = []
    in_comment = False
    for index in range(start, len(lines)):
        line = lines[index]
        lineno = index + 1
        position = 0
        while position < len(line):
            if in_comment:
                end = line.find("}", position)
                if end < 0:
                    position = len(line)
                    continue
                in_comment = False
                position = end + 1
                continue
            char = line[position]
            if char.isspace():
                position += 1
                continue
            if char == "{":
                in_comment = True
                position += 1
                continue
            if char == ";":
                break
            if char == "}":
                raise LogFormatError(N_("a '}' closes no comment"), where=f"line {lineno}")
            end = position
            while end < len(line) and not line[end].isspace() and line[end] not in "{};":
                end += 1
            token = line[position:end]
            position = end
            number = _PLY_NUMBER.match(token)
            if number:
                if int(number.group(1)) != len(moves) + 1:
                    raise LogFormatError(
                        N_("move number %(number)s. where move %(expected)d was expected"),
                        where=f"line {lineno}",
                        params={"number": number.group(1), "expected": len(moves) + 1},
                    )
                continue
            moves.append(check_move_text(token, f"line {lineno}"))
    if in_comment:
        raise LogFormatError(N_("a '{' comment is never closed"), where="end of log")
    return moves


def _numbered(table: dict[int, str], what: str) -> list[str]:
    expected = list(range(1, len(table) + 1))
    if sorted(table) != expected:
        raise LogFormatError(
            N_("%(header)s lines must be numbered 1 to %(count)d, got %(numbers)s"),
            where="header",
            params={"header": what, "count": len(table), "numbers": str(sorted(table))},
        )
    return [table[n] for n in expected]


def loads(text: str | bytes) -> GameLog:
    text = decode_input(text)
    lines = text.lstrip("\ufeff").splitlines()
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    if first >= len(lines):
        raise LogFormatError(N_("the log is empty"))
    match = _FIRST_LINE.match(lines[first].strip())
    if not match:
        raise LogFormatError(
            N_("a Brume log starts with 'Brume log %(version)d'"),
            where=f"line {first + 1}",
            params={"version": FORMAT_VERSION},
        )
    fields, moves_start = _parse_header(lines, first + 1)
    if "game" not in fields:
        raise LogFormatError(N_("the header has no 'Game:' line"), where="header")
    seats = _numbered(fields["seats"], "Seat")
    players = fields["players"]
    if any(n > len(seats) for n in players):
        raise LogFormatError(N_("a Player line names a seat that has no Seat line"), where="header")
    result = None
    if "result" in fields:
        result = ClaimedResult(
            ranks=tuple(fields["result"]),
            scores=tuple(fields["scores"]) if "scores" in fields else None,
            termination=fields.get("termination", "normal"),
        )
    elif "scores" in fields or "termination" in fields:
        raise LogFormatError(N_("Scores and Termination go with a Result line"), where="header")
    return GameLog(
        version=int(match.group(1)),
        game=fields["game"],
        options=fields.get("options", {}),
        seats=tuple(Seat(name=name, player=players.get(n, "")) for n, name in enumerate(seats, start=1)),
        layout=fields.get("layout"),
        moves=tuple(_parse_moves(lines, moves_start)),
        result=result,
        meta=fields["meta"],
    )


def dumps(log: GameLog) -> str:
    lines = [f"Brume log {log.version}", f"Game: {log.game}"]
    if log.options:
        lines.append(f"Options: {json.dumps(log.options, sort_keys=True)}")
    for number, seat in enumerate(log.seats, start=1):
        lines.append(f"Seat {number}: {seat.name}")
        if seat.player:
            lines.append(f"Player {number}: {seat.player}")
    lines.append(f"Layout: {json.dumps(log.layout)}")
    if log.result is not None:
        lines.append("Result: " + " ".join(str(r) for r in log.result.ranks))
        if log.result.scores is not None:
            lines.append("Scores: " + " ".join(json.dumps(s) for s in log.result.scores))
        if log.result.termination != "normal":
            lines.append(f"Termination: {log.result.termination}")
    for key, value in log.meta.items():
        lines.append(f"{key[0].upper()}{key[1:]}: {value}")
    lines.append("")
    lines.extend(f"{number}. {move}" for number, move in enumerate(log.moves, start=1))
    return "\n".join(lines) + "\n"
