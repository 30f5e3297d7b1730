"""The edge where the engines' texts leave for people: translated into the reader's language.

The engines write English ``Text`` values and ``N_``-marked strings (``games.engines.text``); this
module translates them with Django's gettext (the engines' catalogue is
``games/engines/locale``). Everything else passes through: notation, names, numbers.

- ``translated(value)``: a ``Text`` → its template translated and formatted with its (translated)
  parameters; a marked string → ``gettext``; anything else unchanged.
- ``reason_of(exc)``: the player's reason of an engine error, translated.
- ``render_svg(engine, view)``: an engine's picture with its labels in the reader's language.
"""

from __future__ import annotations

import inspect
import logging
from typing import Any

from django.utils.translation import gettext, ngettext, npgettext, pgettext

from games.engines.text import Contextual, Plural, Text, Verbatim

logger = logging.getLogger(__name__)


def _message(template: Any, n: int | None) -> str:
    if isinstance(template, Verbatim):
        return str(template)
    if isinstance(template, Plural):
        if isinstance(template.singular, Contextual):
            return npgettext(template.singular.context, template.singular, template.plural, n)
        return ngettext(template.singular, template.plural, n)
    if isinstance(template, Contextual):
        return pgettext(template.context, str(template))
    return gettext(template) if template else ""


def translated(value: Any, *, strict: bool = False) -> Any:
    """``value`` in the active language when it is an engine text; otherwise ``value`` itself.

    A translation whose placeholders do not fit its text falls back on the English (and logs a
    warning); ``strict`` raises instead (the tests' check of the catalogue)."""
    if isinstance(value, Text):
        args = [translated(arg, strict=strict) for arg in value.args]
        params = {name: translated(param, strict=strict) for name, param in value.params.items()}
        message = _message(value.template, value.params.get("n"))
        try:
            return message.format(*args, **params)
        except (KeyError, IndexError, ValueError):
            if strict:
                raise
            # A translation whose placeholders do not match its msgid: say it in English.
            logger.warning("engine text %r: the translation %r does not format", value.template, message)
            return str(Text(value.template, *args, **params))
    if isinstance(value, Contextual):
        return pgettext(value.context, str(value))
    if isinstance(value, str):
        return gettext(value) if value else value
    return value


def reason_of(exc: BaseException) -> str:
    """The translated reason of an engine error (``IllegalMove.reason`` or the exception's text)."""
    reason = getattr(exc, "reason", None)
    if isinstance(reason, str):
        return translated(reason)
    return translated(exc.args[0]) if exc.args and isinstance(exc.args[0], str) else str(exc)


def render_svg(engine, view: dict) -> str:
    """The engine's picture of ``view`` with its labels in the active language."""
    if "translate" in inspect.signature(engine.render_svg).parameters:
        return engine.render_svg(view, translate=translated)
    return engine.render_svg(view)  # an engine (a test's toy game) that draws no words
