"""Validators for form and serializer fields (Django's ValidationError; DRF accepts them too).

The rules themselves are plain Python in ``games.gamelog.limits``, shared with the game log
parser: no control characters, no invisible formatting characters (right-to-left overrides,
zero-width spaces…), no lone surrogates. See docs/limits.md. The refusal is in the page's language.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from games.gamelog.limits import hidden_character_found


def hidden_character_text(text: str, *, multiline: bool = False) -> str | None:
    """What is wrong with ``text``, in the active language (None when it is clean)."""
    found = hidden_character_found(text, multiline=multiline)
    if found is None:
        return None
    kind, code, name, position = found
    params = {"code": code, "name": name, "position": position}
    if kind == "control":
        return gettext("a control character (%(code)s) at position %(position)d") % params
    if kind == "invisible":
        return gettext("an invisible character (%(code)s, %(name)s) at position %(position)d") % params
    return gettext("a lone surrogate (%(code)s), which is not text, at position %(position)d") % params


def hidden_character_refusal(text: str, *, multiline: bool = False) -> str | None:
    """The refusal of ``text`` for a person, in the active language (None when it is clean):
    what services that collect errors field by field give back."""
    problem = hidden_character_text(str(text), multiline=multiline)
    if problem is None:
        return None
    return gettext("contains %(problem)s: retype it without that character") % {"problem": problem}


def _refuse(text, *, multiline: bool = False) -> None:
    refusal = hidden_character_refusal(text, multiline=multiline)
    if refusal:
        raise ValidationError(refusal, code="hidden_character")


def visible_text(value) -> None:
    """One line of text a person can read as it is: names, places, keys."""
    _refuse(value)


def visible_multiline_text(value) -> None:
    """Like ``visible_text``, with tabs and line ends allowed: descriptions, reasons, pasted logs."""
    _refuse(value, multiline=True)
