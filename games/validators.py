"""Validators for form and serializer fields (Django's ValidationError; DRF accepts them too).

The rules themselves are plain Python in ``games.gamelog.limits``, shared with the game log
parser: no control characters, no invisible formatting characters (right-to-left overrides,
zero-width spaces…), no lone surrogates. See docs/limits.md.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError

from games.gamelog.limits import hidden_character


def visible_text(value) -> None:
    """One line of text a person can read as it is: names, places, keys."""
    problem = hidden_character(str(value))
    if problem:
        raise ValidationError(f"contains {problem}: retype it without that character", code="hidden_character")


def visible_multiline_text(value) -> None:
    """Like ``visible_text``, with tabs and line ends allowed: descriptions, reasons, pasted logs."""
    problem = hidden_character(str(value), multiline=True)
    if problem:
        raise ValidationError(f"contains {problem}: retype it without that character", code="hidden_character")
