"""Reads for the site's front pages: what is happening now (the home page) and a game's events.

Every list is bounded and costs a fixed number of queries, whatever the number of events; every
list goes through the same visibility rules as the event list (``visible_events``, listing) and
the live-game rules of the games app (``live_games_visible_to``, listing): a private event's game
never appears to someone who has no part in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Prefetch, QuerySet

from games.models import LiveGame
from games.selectors import live_games_visible_to
from tournament.match_summary import MatchSummary, score_label_of, summarize
from tournament.models import Event, Match, MatchSeat, SeriesGame
from tournament.selectors import visible_events

SHOWN = 8  # rows per list on the home page


@dataclass(frozen=True)
class GameEvents:
    running: list[Event]
    upcoming: list[Event]
    finished: list[Event]

    def __bool__(self) -> bool:
        return bool(self.running or self.upcoming or self.finished)


def _listed(user, game: str | None = None) -> QuerySet[Event]:
    events = visible_events(user).annotate(participant_count=Count("participants", distinct=True))
    return events.filter(game=game) if game else events


def game_events(user, game: str, *, limit: int = 10) -> GameEvents:
    """A game's events this user may see listed: running, upcoming (registration open), finished (latest first). Three queries."""
    events = _listed(user, game)
    return GameEvents(
        running=list(events.filter(status=Event.Status.RUNNING).order_by("-starts_on", "-created_at")[:limit]),
        upcoming=list(events.filter(status=Event.Status.REGISTRATION).order_by("starts_on", "created_at")[:limit]),
        finished=list(events.filter(status=Event.Status.FINISHED).order_by("-starts_on", "-created_at")[:limit]),
    )


@dataclass(frozen=True)
class RecentResult:
    match: Match
    event: Event
    summary: MatchSummary


@dataclass
class WhatsOn:
    running: list[Event] = field(default_factory=list)
    upcoming: list[Event] = field(default_factory=list)
    live_games: list[LiveGame] = field(default_factory=list)
    results: list[RecentResult] = field(default_factory=list)


def whats_on(user) -> WhatsOn:
    """The home page: running events, games being played online that this user may watch,
    the latest confirmed results, and events open for registration. About ten queries."""
    events = _listed(user)
    running = list(events.filter(status=Event.Status.RUNNING).order_by("-starts_on", "-created_at")[:SHOWN])
    upcoming = list(events.filter(status=Event.Status.REGISTRATION).order_by("starts_on", "created_at")[:SHOWN])
    live = list(
        live_games_visible_to(user, listing=True)
        .filter(status=LiveGame.Status.PLAYING)
        .order_by("-updated_at", "-pk")[:SHOWN]
    )
    seats = MatchSeat.objects.select_related("participant__user").order_by("seat")
    games = SeriesGame.objects.select_related("record")
    matches = list(
        Match.objects.filter(
            status=Match.Status.COMPLETED,
            is_bye=False,
            round__stage__event__in=visible_events(user).values("pk"),
        )
        .select_related("round__stage__event")
        .prefetch_related(Prefetch("seats", queryset=seats), Prefetch("games", queryset=games))
        .order_by("-completed_at", "-pk")[:SHOWN]
    )
    from ranking.models import Forfeit

    forfeits = dict(Forfeit.objects.filter(match__in=[m.pk for m in matches]).values_list("match_id", "absent"))
    results = [
        RecentResult(
            match,
            match.round.stage.event,
            summarize(match, match.round.stage, score_label_of(match.round.stage.event.game), forfeits.get(match.pk)),
        )
        for match in matches
    ]
    return WhatsOn(running, upcoming, live, results)
