"""How the pure core speaks: it never imports Django, so its texts are marked with ``N_`` (kept
as data, translated where they leave for a page or the API) or said with ``_``/``ngettext``
(translated at once in the active language, once ``ranking.apps`` installed Django's gettext). One hook
for every pure core: ``games/engines/text.py`` (a standings computation runs in its ``one_language``:
each message translated once in it)."""

from games.engines.text import N_, _, install, ngettext, one_language

__all__ = ["N_", "_", "install", "ngettext", "one_language"]
