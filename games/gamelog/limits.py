"""Input limits shared by every way data comes in: JSON depth and size, and text free of
characters that hide or disguise what it says. Plain Python (no Django), so that the game log
parser, the API's JSON parser and the forms all apply the same rules.

- JSON larger than its limit is refused before it is parsed, and JSON nested deeper than
  ``MAX_JSON_DEPTH`` is refused whether ``json.loads`` itself gives up (a RecursionError past
  the interpreter's recursion limit) or the parsed value is measured too deep.
- Text may not hold control characters (category Cc; tab and line ends only where the text may
  span lines), format characters (Cf: right-to-left overrides such as U+202E, zero-width
  characters such as U+200B, byte-order marks) or lone surrogates (Cs, which no database can
  store as UTF-8).
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

MAX_JSON_DEPTH = 64
_MULTILINE_OK = frozenset("\t\n\r")


def N_(text: str) -> str:
    """Marks a text for the translators (``make messages`` extracts ``N_``): the site shows it in
    the reader's language (games/log_errors.py). The game log code never imports Django."""
    return text


class InputRefused(ValueError):
    """Input outside a limit; the message says which, for a person. ``template`` % ``params`` is
    the message; a page translates the template (params named "what" are marked texts too)."""

    def __init__(self, template: str, params: dict | None = None):
        self.template = template
        self.params = dict(params or {})
        super().__init__(template % self.params if self.params else template)


def loads_bounded(
    text: str | bytes, *, max_bytes: int, max_depth: int = MAX_JSON_DEPTH, what: str = N_("the JSON"), **loads_options
):
    """Parse JSON text no larger than ``max_bytes`` and no deeper than ``max_depth``.

    ``json.loads`` (its C scanner) stops at the interpreter's recursion limit with a
    RecursionError; that is turned into a refusal, and the depth of what did parse is then
    measured without recursion. Raises ``InputRefused`` (too large, too deep) or
    ``json.JSONDecodeError`` / ``UnicodeDecodeError`` (not JSON, not UTF-8).
    """
    if len(text) > max_bytes:
        raise InputRefused(N_("%(what)s is larger than %(size)d kB"), {"what": what, "size": max_bytes // 1000})
    try:
        value = json.loads(text, **loads_options)
    except RecursionError:
        raise InputRefused(
            N_("%(what)s is nested more than %(depth)d levels deep"), {"what": what, "depth": max_depth}
        ) from None
    if value_depth(value, max_depth) > max_depth:
        raise InputRefused(N_("%(what)s is nested more than %(depth)d levels deep"), {"what": what, "depth": max_depth})
    return value


def value_depth(value: Any, limit: int = MAX_JSON_DEPTH) -> int:
    """The nesting depth of parsed JSON data, walked without recursion (stops past ``limit``)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list | tuple):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def hidden_character_found(text: str, *, multiline: bool = False) -> tuple[str, str, str, int] | None:
    """The first character that text may not hold, as (kind, "U+XXXX", its name, position):
    kind is "control", "invisible" or "surrogate"; None when the text is clean."""
    for position, char in enumerate(text, start=1):
        category = unicodedata.category(char)
        code = f"U+{ord(char):04X}"
        if category == "Cc" and not (multiline and char in _MULTILINE_OK):
            return "control", code, "", position
        if category == "Cf":
            return "invisible", code, unicodedata.name(char, "a format character").lower(), position
        if category == "Cs":
            return "surrogate", code, "", position
    return None


def hidden_character(text: str, *, multiline: bool = False) -> str | None:
    """A description of the first character that text may not hold, or None when it is clean."""
    found = hidden_character_found(text, multiline=multiline)
    if found is None:
        return None
    kind, code, name, position = found
    if kind == "control":
        return f"a control character ({code}) at position {position}"
    if kind == "invisible":
        return f"an invisible character ({code}, {name}) at position {position}"
    return f"a lone surrogate ({code}), which is not text, at position {position}"


def check_text(text: str, *, multiline: bool = False, what: str = "the text") -> str:
    problem = hidden_character(text, multiline=multiline)
    if problem:
        raise InputRefused(f"{what} contains {problem}: retype it without that character")
    return text


def check_json_strings(value: Any) -> None:
    """Every key and string in parsed JSON is storable text: no NUL and no lone surrogate (a
    PostgreSQL JSON column refuses the first, UTF-8 cannot encode the second)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            for char in item:
                if char == "\x00" or "\ud800" <= char <= "\udfff":
                    raise InputRefused(
                        N_("a text contains %(code)s, which cannot be stored"), {"code": f"U+{ord(char):04X}"}
                    )
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
