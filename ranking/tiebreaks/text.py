"""How the pure core speaks: it never imports Django, so its texts are marked with ``N_`` (kept
as data, translated where they leave for a page or the API) or said with ``_``/``ngettext``
(translated at once in the active language, once ``ranking.apps`` installed Django's gettext). One hook
for every pure core: ``games/engines/text.py``.

Inside ``one_language()`` (a whole standings computation), ``_`` and ``ngettext`` also remember
what they said there: a 1,000-entrant table says the same few dozen messages thousands of times,
and asking the hook reads the active language each time (a context-local lookup in Django)."""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from games.engines import text as hook
from games.engines.text import N_, install

__all__ = ["N_", "_", "install", "ngettext", "one_language"]

# What was said inside the current ``one_language()`` block (None outside any): per thread and
# per task, so two computations in two languages never share it.
_said_here: ContextVar[dict | None] = ContextVar("tiebreak_texts_said_here", default=None)


def _(message: str) -> str:
    said = _said_here.get()
    if said is None:
        return hook._(message)
    found = said.get(message)
    if found is None:
        found = said[message] = hook._(message)
    return found


def ngettext(singular: str, plural: str, count: int) -> str:
    said = _said_here.get()
    if said is None:
        return hook.ngettext(singular, plural, count)
    key = (singular, plural, count)
    found = said.get(key)
    if found is None:
        found = said[key] = hook.ngettext(singular, plural, count)
    return found


@contextmanager
def one_language() -> Iterator[None]:
    """A computation that speaks one language throughout (the active one does not change inside
    it): each message is translated once in it."""
    token = _said_here.set({})
    try:
        yield
    finally:
        _said_here.reset(token)
