"""A small JSON reader that remembers the line of every value, so a bad data file names its line.

The standard library parser gives positions only for syntax errors. Board and scenario files
are checked field by field after parsing, and an organiser who uploads a file wants to read
"line 14: rows[3].cells ..." rather than a bare path.
"""

from __future__ import annotations

import json
import re
from typing import Any

_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_WS = re.compile(r"[ \t\n\r]*")


class DataFileError(ValueError):
    """A board or scenario file that cannot be used; the message names the line and the field."""

    def __init__(self, message: str, *, line: int | None = None, field: str = ""):
        where = f"line {line}: " if line else ""
        what = f"{field}: " if field else ""
        super().__init__(f"{where}{what}{message}")
        self.line = line
        self.field = field


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


class _Reader:
    def __init__(self, text: str):
        self.text = text
        self.lines: dict[tuple, int] = {}
        self.decoder = json.JSONDecoder()

    def skip(self, pos: int) -> int:
        return _WS.match(self.text, pos).end()

    def fail(self, pos: int, message: str):
        raise DataFileError(message, line=_line(self.text, pos))

    def value(self, pos: int, path: tuple) -> tuple[Any, int]:
        pos = self.skip(pos)
        self.lines[path] = _line(self.text, pos)
        if pos >= len(self.text):
            self.fail(pos, "the file ends where a value was expected")
        char = self.text[pos]
        if char == "{":
            return self.obj(pos + 1, path)
        if char == "[":
            return self.array(pos + 1, path)
        if char == '"':
            return json.decoder.scanstring(self.text, pos + 1)
        number = _NUMBER.match(self.text, pos)
        if number:
            literal = number.group()
            return (float(literal) if any(c in literal for c in ".eE") else int(literal)), number.end()
        for word, value in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(word, pos):
                return value, pos + len(word)
        self.fail(pos, f"unexpected {char!r}: expected a value")

    def obj(self, pos: int, path: tuple) -> tuple[dict, int]:
        result: dict[str, Any] = {}
        pos = self.skip(pos)
        if self.text.startswith("}", pos):
            return result, pos + 1
        while True:
            pos = self.skip(pos)
            if not self.text.startswith('"', pos):
                self.fail(pos, "expected a quoted field name")
            key, pos = json.decoder.scanstring(self.text, pos + 1)
            if key in result:
                self.fail(pos, f"the field {key!r} appears twice")
            pos = self.skip(pos)
            if not self.text.startswith(":", pos):
                self.fail(pos, f"expected ':' after {key!r}")
            result[key], pos = self.value(pos + 1, (*path, key))
            pos = self.skip(pos)
            if self.text.startswith(",", pos):
                pos += 1
                continue
            if self.text.startswith("}", pos):
                return result, pos + 1
            self.fail(pos, "expected ',' or '}'")

    def array(self, pos: int, path: tuple) -> tuple[list, int]:
        result: list[Any] = []
        pos = self.skip(pos)
        if self.text.startswith("]", pos):
            return result, pos + 1
        while True:
            item, pos = self.value(pos, (*path, len(result)))
            result.append(item)
            pos = self.skip(pos)
            if self.text.startswith(",", pos):
                pos += 1
                continue
            if self.text.startswith("]", pos):
                return result, pos + 1
            self.fail(pos, "expected ',' or ']'")


def load(text: str) -> tuple[Any, dict[tuple, int]]:
    """The data in ``text`` and the line of each value, keyed by its path (("rows", 3, "cells"))."""
    reader = _Reader(text)
    try:
        value, pos = reader.value(0, ())
    except json.JSONDecodeError as exc:  # from scanstring: a broken string
        raise DataFileError(exc.msg, line=exc.lineno) from None
    pos = reader.skip(pos)
    if pos != len(text):
        reader.fail(pos, "extra text after the data")
    return value, reader.lines


def path_text(path: tuple) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class Located:
    """Data with the lines it came from: ``fail(path, message)`` raises with the nearest known line."""

    def __init__(self, data: Any, lines: dict[tuple, int] | None = None):
        self.data = data
        self.lines = lines or {}

    def fail(self, path: tuple, message: str):
        line = None
        probe = tuple(path)
        while probe or probe == ():
            if probe in self.lines:
                line = self.lines[probe]
                break
            if not probe:
                break
            probe = probe[:-1]
        raise DataFileError(message, line=line, field=path_text(path))
