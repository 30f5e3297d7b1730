"""The edge where the engines' texts leave for people: translated into the reader's language.

The engines write English ``Text`` values and ``N_``-marked strings (``games.engines.text``); this
module translates them with Django's gettext (the engines' catalogue is
``games/engines/locale``). Everything else passes through: notation, names, numbers.

- ``translated(value)``: a ``Text`` → its template translated and formatted with its (translated)
  parameters; a marked string → ``gettext``; anything else unchanged.
- ``reason_of(exc)``: the player's reason of an engine error, translated.
- ``render_svg(engine, view)``: an engine's picture with its labels in the reader's language.
- ``Translator()``: ``translated`` for one picture or list, each message looked up once.
"""

from __future__ import annotations

import functools
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


def _word(value: str) -> str:
    if isinstance(value, Contextual):
        return pgettext(value.context, str(value))
    return gettext(value) if value else value


def translated(value: Any, *, strict: bool = False) -> Any:
    """``value`` in the active language when it is an engine text; otherwise ``value`` itself.

    A translation whose placeholders do not fit its text falls back on the English (and logs a
    warning); ``strict`` raises instead (the tests' check of the catalogue)."""
    return _translated(value, strict, _message, _word)


def _translated(value: Any, strict: bool, message_of, word_of) -> Any:
    if isinstance(value, Text):
        args = [_translated(arg, strict, message_of, word_of) for arg in value.args]
        params = {name: _translated(param, strict, message_of, word_of) for name, param in value.params.items()}
        message = message_of(value.template, value.params.get("n"))
        try:
            return message.format(*args, **params)
        except (KeyError, IndexError, ValueError):
            if strict:
                raise
            # A translation whose placeholders do not match its msgid: say it in English.
            logger.warning("engine text %r: the translation %r does not format", value.template, message)
            return str(Text(value.template, *args, **params))
    if isinstance(value, str):
        return word_of(value)
    return value


class Translator:
    """``translated`` for one piece of work in the active language (a board picture, a seat's
    gestures), with each message looked up in the catalogue once.

    Django's gettext finds the active language's catalogue anew at every call (~10 µs), and a
    board names the same few things hundreds of times (a FOG board: ~800 texts). A message is
    kept under its exact msgid, kind and context (a ``Text`` equals its English, so it is never a
    key itself); the parameters are filled in at every call. Made for one use, in one language:
    not kept across requests."""

    def __init__(self):
        self._messages: dict[tuple, str] = {}

    def __call__(self, value: Any, *, strict: bool = False) -> Any:
        return _translated(value, strict, self._message, self._word)

    def _message(self, template: Any, n: int | None) -> str:
        plural = isinstance(template, Plural)
        context = getattr(template.singular if plural else template, "context", None)
        key = (type(template), template, context, n if plural else None)
        found = self._messages.get(key)
        if found is None:
            found = self._messages[key] = _message(template, n)
        return found

    def _word(self, value: str) -> str:
        key = (type(value), value, getattr(value, "context", None))
        found = self._messages.get(key)
        if found is None:
            found = self._messages[key] = _word(value)
        return found


def reason_of(exc: BaseException) -> str:
    """The translated reason of an engine error (``IllegalMove.reason`` or the exception's text)."""
    reason = getattr(exc, "reason", None)
    if isinstance(reason, str):
        return translated(reason)
    return translated(exc.args[0]) if exc.args and isinstance(exc.args[0], str) else str(exc)


@functools.cache
def _draws_words(draw) -> bool:
    return "translate" in inspect.signature(draw).parameters


def render_svg(engine, view: dict) -> str:
    """The engine's picture of ``view`` with its labels in the active language."""
    if _draws_words(getattr(engine.render_svg, "__func__", engine.render_svg)):
        return engine.render_svg(view, translate=Translator())
    return engine.render_svg(view)  # an engine (a test's toy game) that draws no words
