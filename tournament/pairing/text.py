"""How the pure core (tie-breaks, pairing) speaks: it never imports Django, so its texts are marked
here and translated by whatever the site installs.

``N_("...")`` marks a text kept as data (a tie-break's name, a class attribute): it stays English
and the site translates it where it leaves for a page or the API (``gettext(tiebreak.name)``).
``_("...")`` translates at once, in the language active where it runs: the identity until the
site's apps install Django's ``gettext`` (``tournament.apps``), so the core alone and its tests speak
English. (Both are extracted by ``make messages``; ``games/engines/text.py`` has the engines' N_.)
"""

from __future__ import annotations

from collections.abc import Callable


def N_(message: str) -> str:
    """A text marked for translation, returned untouched."""
    return message


_translate: Callable[[str], str] = N_
_translate_plural: Callable[[str, str, int], str] = lambda one, many, n: one if n == 1 else many  # noqa: E731


def _(message: str) -> str:
    """``message`` in the active language (once the site installed its gettext)."""
    return _translate(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translate_plural(singular, plural, count)


def install(translate: Callable[[str], str], translate_plural: Callable[[str, str, int], str]) -> None:
    """The site's gettext and ngettext: called once when the apps are ready."""
    global _translate, _translate_plural
    _translate, _translate_plural = translate, translate_plural
