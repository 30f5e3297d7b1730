"""Head-to-head: two players' rated games against each other, per game, as a viewer may see them.

Read from the rated games (confirmed results only, as ratings are), keeping out the games of
events the viewer may not open. For a table game "against each other" compares the two seats:
the better place wins, the same place is a draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.db.models import QuerySet

from ranking.models import Player, RatedGame, RatingPool

SCANNED = 5_000  # rated games of the player read at most (newest first) to find the meetings
LISTED = 50  # meetings listed one by one (the totals count every one found)


@dataclass
class PoolTally:
    pool: RatingPool
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score_for: float = 0.0
    score_against: float = 0.0
    scored: bool = False


@dataclass(frozen=True)
class Meeting:
    played_on: date
    pool: RatingPool
    event_name: str
    event_url: str
    result: str  # "won", "drew", "lost", from the first player's side
    place: int
    other_place: int
    seats: int
    score: float | None
    other_score: float | None


@dataclass
class HeadToHead:
    player: Player
    other: Player
    pools: list[PoolTally] = field(default_factory=list)
    meetings: list[Meeting] = field(default_factory=list)

    @property
    def games(self) -> int:
        return sum(tally.games for tally in self.pools)


def _games_of(player: Player, viewer) -> QuerySet[RatedGame]:
    from django.db import connection

    from tournament.selectors import events_hidden_from

    games = (
        RatedGame.objects.filter(players__contains=[player.pk])
        if connection.features.supports_json_field_contains
        else RatedGame.objects.filter(pool__ratings__player=player).distinct()
    )
    return games.exclude(series_game__match__round__stage__event__in=events_hidden_from(viewer)).order_by(
        "-period", "-id"
    )


def head_to_head(player: Player, other: Player, viewer) -> HeadToHead:
    """``player``'s games against ``other`` that ``viewer`` may see, totals per pool."""
    found = HeadToHead(player, other)
    if player.pk is None or other.pk is None or player.pk == other.pk:
        return found
    games = _games_of(player, viewer).select_related("pool", "series_game__match__round__stage__event")
    tallies: dict[int, PoolTally] = {}
    for game in games[:SCANNED]:
        if player.pk not in game.players or other.pk not in game.players:
            continue
        mine, theirs = game.players.index(player.pk), game.players.index(other.pk)
        place, other_place = game.ranks[mine], game.ranks[theirs]
        tally = tallies.setdefault(game.pool_id, PoolTally(game.pool))
        tally.games += 1
        result = "won" if place < other_place else "lost" if place > other_place else "drew"
        tally.wins += result == "won"
        tally.draws += result == "drew"
        tally.losses += result == "lost"
        score = other_score = None
        if game.scores:
            score, other_score = game.scores[mine], game.scores[theirs]
            if score is not None and other_score is not None:
                tally.scored = True
                tally.score_for += score
                tally.score_against += other_score
        if len(found.meetings) < LISTED:
            event = game.series_game.match.round.stage.event
            found.meetings.append(
                Meeting(
                    game.played_on, game.pool, event.name, event.get_absolute_url(), result,
                    place, other_place, len(game.players), score, other_score,
                )
            )  # fmt: skip
    found.pools = sorted(tallies.values(), key=lambda tally: (tally.pool.game, tally.pool.slug))
    return found


def opponents_of(player: Player, viewer, *, limit: int = 100) -> list[Player]:
    """The people ``player`` met most recently in rated games the viewer may see (for the
    head-to-head choice), by name."""
    if player.pk is None:
        return []
    met: list[int] = []
    for players in _games_of(player, viewer).values_list("players", flat=True)[:SCANNED]:
        if player.pk not in players:
            continue
        for pk in players:
            if pk != player.pk and pk not in met:
                met.append(pk)
        if len(met) >= limit:
            break
    people = Player.objects.filter(pk__in=met, user__isnull=False).select_related("user")
    return sorted(people, key=lambda found: found.name.lower())
