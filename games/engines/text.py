"""Texts the engines write for people, kept translatable without Django.

The engines never import Django. They mark each English text with ``N_("...")`` (an identity
function that makemessages extracts into ``games/engines/locale``) and build sentences with
parameters as ``Text(N_("the square {square} is taken"), square="e4")``. A ``Text`` *is* its
English rendering (a ``str``), so logs, tests, stored verdicts and every ``str(exc)`` stay exactly
as they were; it also keeps its template and parameters, so the site can translate it where it
leaves for a person (``games.engine_texts.translated``).

- ``N_(s)``: marks a msgid; returns ``s``.
- ``Nn_(singular, plural)``: marks a plural pair for ``Text``; the count is the ``n`` parameter.
- ``Np_(context, s)``: marks a msgid with a context (a short word that is ambiguous on its own).
- ``Text(template, **params)``: ``{name}`` placeholders; a parameter that is itself a ``Text`` (or a
  marked word such as a direction) is translated too.

Notation, square names and other symbols are parameters: they are never translated.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any


def N_(message: str) -> str:
    """Mark ``message`` for extraction into the engines' catalogue; returns it unchanged."""
    return message


class Plural(tuple):
    """A marked (singular, plural) pair: ``Text(Nn_("{n} dolmen", "{n} dolmens"), n=2)``."""

    __slots__ = ()

    def __new__(cls, singular: str, plural: str):
        return super().__new__(cls, (singular, plural))

    @property
    def singular(self) -> str:
        return self[0]

    @property
    def plural(self) -> str:
        return self[1]


def Nn_(singular: str, plural: str) -> Plural:
    """Mark a plural pair for extraction; the Text that uses it chooses by its ``n`` parameter."""
    return Plural(singular, plural)


class Contextual(str):
    """A marked msgid with a context (``pgettext``); it is the English word itself."""

    def __new__(cls, context: str, message: str):
        value = super().__new__(cls, message)
        value.__dict__["context"] = context
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Contextual is immutable")

    def __reduce__(self):
        return (Contextual, (self.context, str(self)))


def Np_(context: str, message: str) -> Contextual:
    """Mark ``message`` with ``context`` for extraction; it renders as ``message``."""
    return Contextual(context, message)


Translate = Callable[[Any], str]


def identity(value: Any) -> str:
    """The ``translate`` of the engines' own drawings: English, as written."""
    return str(value)


class Text(str):
    """An English sentence with its msgid template and parameters: ``str(text)`` is the English.

    Immutable, hashable and equal to its English rendering (it is that string). ``template`` is a
    marked msgid (a str, a ``Plural`` from ``Nn_`` or a ``Contextual`` from ``Np_``); ``params``
    fill its ``{name}`` placeholders.
    """

    def __new__(cls, template: str | Plural, /, *args: Any, **params: Any) -> Text:
        if isinstance(template, Plural):
            n = params.get("n")
            if not isinstance(n, int):
                raise TypeError(f"a plural Text needs an int parameter n, not {n!r}")
            pattern = template.singular if n == 1 else template.plural
        else:
            pattern = str(template)
        value = super().__new__(cls, pattern.format(*args, **params))
        value.__dict__["template"] = template
        value.__dict__["args"] = tuple(args)  # for "{}" templates such as an option's label
        value.__dict__["params"] = dict(params)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Text is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a Text is immutable")

    def __reduce__(self):
        return (_rebuild, (self.template, self.args, self.params))

    def render(self, translate: Translate) -> str:
        """This text in the language of ``translate`` (a callable such as the site's ``translated``)."""
        return translate(self)


def _rebuild(template: Any, args: tuple, params: Mapping[str, Any]) -> Text:
    return Text(template, *args, **params)


def join(separator: str, parts: list[Any]) -> Text:
    """Several texts joined: ``join(" · ", [a, b])`` renders each part in the reader's language."""
    names = [f"p{index}" for index in range(len(parts))]
    template = separator.join("{" + name + "}" for name in names)
    return Text(Verbatim(template), **dict(zip(names, parts)))


class Verbatim(str):
    """A template that is not a msgid (punctuation only): never looked up in a catalogue."""


# --- the pure cores' own hook (tie-breaks, pairing): translated at once, where they run ---------

_translate: Callable[[str], str] = N_
_translate_plural: Callable[[str, str, int], str] = lambda one, many, n: one if n == 1 else many  # noqa: E731
_language: Callable[[], str | None] = lambda: None  # noqa: E731
# Each message translated once per language and process: the tie-breaks of a 1,000-entrant Swiss
# say about 10,000 of them per computation, always the same few dozen templates. Bounded (a message
# is a marked literal, but a caller could pass another text).
_said: dict[tuple[str | None, str], str] = {}
SAID_AT_MOST = 4096


# Inside ``one_language()`` (a whole standings computation or pairing) the hook also remembers
# what it said there, without reading the active language again (a context-local lookup in
# Django, ~1.5 µs, 10,000 times per 1,000-entrant table). Per thread and per task.
_said_here: ContextVar[dict | None] = ContextVar("pure_core_texts_said_here", default=None)


@contextmanager
def one_language() -> Iterator[None]:
    """A computation that speaks one language throughout (the active one does not change inside
    it): each message is translated once in it."""
    token = _said_here.set({})
    try:
        yield
    finally:
        _said_here.reset(token)


def _(message: str) -> str:
    """``message`` in the active language once the site installed its gettext (``install``); the
    identity before, so the pure cores alone and their tests speak English."""
    here = _said_here.get()
    if here is None:
        return _in_active_language(message)
    found = here.get(message)
    if found is None:
        found = here[message] = _in_active_language(message)
    return found


def _in_active_language(message: str) -> str:
    key = (_language(), message)
    found = _said.get(key)
    if found is None:
        if len(_said) >= SAID_AT_MOST:
            _said.clear()
        found = _said[key] = _translate(message)
    return found


def ngettext(singular: str, plural: str, count: int) -> str:
    here = _said_here.get()
    if here is None:
        return _translate_plural(singular, plural, count)
    key = (singular, plural, count)
    found = here.get(key)
    if found is None:
        found = here[key] = _translate_plural(singular, plural, count)
    return found


def install(
    translate: Callable[[str], str],
    translate_plural: Callable[[str, str, int], str],
    language: Callable[[], str | None] | None = None,
) -> None:
    """The site's gettext and ngettext (and how to read the active language, which keys the
    memory of translations): called once when the apps are ready."""
    global _translate, _translate_plural, _language
    _translate, _translate_plural = translate, translate_plural
    if language is not None:
        _language = language
    _said.clear()
