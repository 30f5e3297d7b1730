"""Bulk confirmation of reported results by an organiser: one click for every result one side
reported and nobody disputed.

Each game is confirmed on its own, through ``game_confirm`` with the version the organiser saw
(the same guard as a single confirmation): a game that changed since (reported again, disputed,
confirmed by the opponent) is refused with its reason, and the others still go through. Ids of
another event's games are refused as unknown, without saying anything about them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournament.errors import ServiceError
from tournament.models import Event, SeriesGame
from tournament.services.events import check_organiser
from tournament.services.results import game_confirm

MAX_GAMES = 500  # games in one bulk confirmation


@dataclass(frozen=True)
class Refused:
    game_id: int
    reason: str
    game: SeriesGame | None = None  # None when the id names no game of this event


@dataclass
class BulkConfirmation:
    confirmed: list[SeriesGame] = field(default_factory=list)
    refused: list[Refused] = field(default_factory=list)


def games_confirm_reported(*, event: Event, by, items: Iterable[tuple[int, int]]) -> BulkConfirmation:
    """Confirm each ``(game id, version seen)`` of ``event``; refusals are listed, not raised.
    Raises NotAllowed (before reading anything) for anyone but the event's organisers."""
    check_organiser(by, event)
    items = list(dict(items).items())  # one entry per game id, the last version given wins
    if len(items) > MAX_GAMES:
        raise ServiceError(_("confirm at most %(MAX_GAMES)s games at once") % {"MAX_GAMES": MAX_GAMES})
    games = (
        SeriesGame.objects.select_related("match__round")
        .filter(pk__in=[pk for pk, __ in items], match__round__stage__event=event)
        .in_bulk()
    )
    done = BulkConfirmation()
    for pk, version in items:
        game = games.get(pk)
        if game is None:
            done.refused.append(Refused(pk, _("no such game in this event")))
            continue
        if game.status != SeriesGame.Status.REPORTED:
            done.refused.append(
                Refused(pk, _("it is %(status)s") % {"status": game.get_status_display().lower()}, game)
            )
            continue
        try:
            done.confirmed.append(game_confirm(game=game, by=by, expected_version=version))
        except ServiceError as error:
            done.refused.append(Refused(pk, error.message, game))
    return done
