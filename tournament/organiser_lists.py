"""The organiser's list of the matches that need something: a ruling, a result, a confirmation.

Reached from the Next panel ("Rule on 1 dispute" → the disputed matches). Reads only; the bulk
confirmation it offers is ``tournament.services.bulk_results``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.utils.translation import gettext_lazy

from tournament.models import Event, Match, MatchSeat, SeriesGame

# What a list can be filtered on, in the organiser's words.
MATCH_NEEDS = {
    "dispute": gettext_lazy("a ruling"),
    "confirmation": gettext_lazy("a confirmation"),
    "result": gettext_lazy("a result"),
}
MAX_SHOWN = 500  # matches on one page: an event's open matches fit (a 1,000-entrant Swiss round has 500)


@dataclass(frozen=True)
class OpenMatch:
    match: Match
    games: list[SeriesGame]  # its open games (not confirmed), in order
    disputed: list[SeriesGame]
    reported: list[SeriesGame]  # reported by one side, not disputed: what bulk confirm confirms


def matches_needing(event: Event, needs: str | None) -> list[OpenMatch]:
    """The event's open matches (every stage), filtered by what they need; ``needs`` outside
    MATCH_NEEDS lists every open match. Four queries."""
    seats = MatchSeat.objects.select_related("participant__user").order_by("seat")
    games = SeriesGame.objects.exclude(status=SeriesGame.Status.CONFIRMED).order_by("number")
    matches = Match.objects.filter(round__stage__event=event, status=Match.Status.PENDING, is_bye=False)
    if needs == "dispute":
        matches = matches.filter(games__status=SeriesGame.Status.DISPUTED)
    elif needs == "confirmation":
        matches = matches.filter(games__status=SeriesGame.Status.REPORTED)
    found = (
        matches.distinct()
        .select_related("round__stage__event")
        .prefetch_related(Prefetch("seats", queryset=seats), Prefetch("games", queryset=games))
        .order_by("round__stage__number", "round__number", "table")[:MAX_SHOWN]
    )
    rows = []
    for match in found:
        open_games = list(match.games.all())
        rows.append(
            OpenMatch(
                match,
                open_games,
                [g for g in open_games if g.status == SeriesGame.Status.DISPUTED],
                [g for g in open_games if g.status == SeriesGame.Status.REPORTED],
            )
        )
    return rows
