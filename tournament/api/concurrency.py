"""Optimistic concurrency on series games: an ETag per result version, checked with If-Match.

The ETag names the game and its ledger version, ``"game-12-v3"``. A write sent with
``If-Match`` only goes through if the game is still at that version; the service compares on
the locked row, so the check and the write cannot be separated by another request.

Weak tags (``W/"game-12-v3"``) are accepted as well: the tag stands for the ledger version,
not for the bytes of a representation, and proxies that compress responses weaken ETags.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from tournament.errors import StaleVersion
from tournament.models import SeriesGame

_TAG = re.compile(r'^(?:W/)?"game-(\d+)-v(\d+)"$')


def etag_for(game_id: int, version: int) -> str:
    return f'"game-{game_id}-v{version}"'


def game_etag(game: SeriesGame) -> str:
    return etag_for(game.pk, game.version)


def _tags(header: str) -> list[str]:
    return [tag.strip() for tag in header.split(",") if tag.strip()]


def expected_version(header: str | None, game: SeriesGame) -> int | None:
    """The version an ``If-Match`` header asks for; None when the header is absent or ``*``.

    A header naming no version of this game cannot match: that is a 412 with the current version,
    as for a stale tag.
    """
    if header is None or not header.strip() or header.strip() == "*":
        return None
    versions = []
    for tag in _tags(header):
        found = _TAG.match(tag)
        if found and int(found[1]) == game.pk:
            versions.append(int(found[2]))
    if not versions:
        error = StaleVersion(
            _("If-Match names no version of this game; its ETag is %(value)s") % {"value": game_etag(game)},
            current_version=game.version,
        )
        error.game_id = game.pk
        raise error
    # Several tags: any of them may match; the service decides on the locked row.
    return game.version if game.version in versions else versions[0]


def none_match(header: str | None, game: SeriesGame) -> bool:
    """True when ``If-None-Match`` already holds the current ETag (the client's copy is fresh)."""
    if not header:
        return False
    if header.strip() == "*":
        return True
    current = game_etag(game)
    return any(tag.removeprefix("W/") == current for tag in _tags(header))
