"""How confirmed games decide a series, and a series a match.

Two players: the first player alternates game by game; a best-of-N ends when one side has won
⌈N/2⌉ games (a drawn game counts half to each) or N games are played. A level series is decided
by the game's score summed over the series (Menhirs fog-tile points, Carnac dolmens); if still
level, it stays drawn, or in elimination the stage's rule decides: an extra game, or the higher
seed. Tables of three or more: placement points per game, then the score.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from ranking.cache import event_of_match, event_of_round, results_changed
from tournament import signals
from tournament.models import Match, MatchSeat, Round, SeriesGame, Stage
from tournament.signals import announce


@dataclass
class SeatTally:
    participant_id: int
    seed: int
    wins: Decimal = Decimal(0)
    score: float = 0.0
    placement: Decimal = Decimal(0)


def placement_points(stage: Stage, table_size: int, rank: int, tied: int) -> Decimal:
    """Points for finishing ``rank`` at a table, ties sharing the points of the places they span."""
    table = stage.settings.get("placement_points", {}).get(str(table_size))
    places = [Decimal(str(p)) for p in table] if table else [Decimal(table_size - r) for r in range(1, table_size + 1)]
    spanned = places[rank - 1 : rank - 1 + tied]
    return sum(spanned, Decimal(0)) / len(spanned)


def _rotated(order: list[int], by: int) -> list[int]:
    by %= len(order)
    return order[by:] + order[:by]


def _tally(match: Match, games: list[SeriesGame], stage: Stage) -> dict[int, SeatTally]:
    seats = list(match.seats.select_related("participant"))
    tally = {s.participant_id: SeatTally(s.participant_id, s.participant.seed or 10**6) for s in seats}
    for game in games:
        ranks = dict(zip(game.seat_order, game.ranks, strict=True))
        winners = [pid for pid, rank in ranks.items() if rank == 1]
        for pid, rank in ranks.items():
            if rank == 1:
                tally[pid].wins += Decimal(1) / len(winners)
            tied = sum(1 for other in ranks.values() if other == rank)
            tally[pid].placement += placement_points(stage, len(ranks), rank, tied)
        for pid, score in zip(game.seat_order, game.scores or [], strict=False):
            tally[pid].score += float(score)
    return tally


def _series_ranks(match: Match, stage: Stage, tally: dict[int, SeatTally], played: int) -> dict[int, int] | None:
    """Final ranks by participant, or None while the series goes on (or needs an extra game)."""
    ids = list(tally)
    if len(ids) == 2:
        a, b = (tally[i] for i in ids)
        needed = stage.games_to_win
        if a.wins >= needed or b.wins >= needed or played >= stage.series_length:
            key = {i: (tally[i].wins, tally[i].score) for i in ids}
            if key[ids[0]] != key[ids[1]]:
                best = max(ids, key=lambda i: key[i])
                return {i: 1 if i == best else 2 for i in ids}
            if stage.level_series == Stage.LevelSeries.EXTRA_GAME:
                return None
            if stage.level_series == Stage.LevelSeries.HIGHER_SEED:
                best = min(ids, key=lambda i: tally[i].seed)
                return {i: 1 if i == best else 2 for i in ids}
            return dict.fromkeys(ids, 1)
        return None
    if played < stage.series_length:
        return None
    keys = {i: (tally[i].placement, tally[i].score) for i in ids}
    return {i: 1 + sum(1 for j in ids if keys[j] > keys[i]) for i in ids}


def _match_points(stage: Stage, ranks: dict[int, int], tally: dict[int, SeatTally]) -> dict[int, Decimal]:
    if len(ranks) == 2:
        if len(set(ranks.values())) == 1:
            return dict.fromkeys(ranks, stage.points_draw)
        return {i: stage.points_win if r == 1 else stage.points_loss for i, r in ranks.items()}
    return {i: tally[i].placement for i in ranks}


@transaction.atomic
def settle_match(match: Match) -> Match:
    """Recompute a match from its confirmed games; create the next game when the series goes on.

    Idempotent: it derives everything from the games, so a correction to an earlier game simply
    settles the match again (reopening it when the series is no longer decided).
    """
    match = Match.objects.select_for_update().select_related("round__stage").get(pk=match.pk)
    if match.is_bye:
        return match
    stage = match.round.stage
    games = list(match.games.order_by("number"))
    confirmed = []
    for game in games:  # games count in order; a later game waits for the earlier ones
        if game.status != SeriesGame.Status.CONFIRMED:
            break
        confirmed.append(game)
    tally = _tally(match, confirmed, stage)
    ranks = _series_ranks(match, stage, tally, len(confirmed))
    seats = {seat.participant_id: seat for seat in match.seats.all()}
    if ranks is None:
        if len(confirmed) == len(games):
            first = games[0].seat_order
            SeriesGame.objects.get_or_create(
                match=match, number=len(games) + 1, defaults={"seat_order": _rotated(first, len(games))}
            )
        _reopen(match, seats)
        return match
    points = _match_points(stage, ranks, tally)
    for pid, seat in seats.items():
        seat.rank, seat.games_won, seat.score_total, seat.match_points = (
            ranks[pid],
            tally[pid].wins,
            tally[pid].score,
            points[pid],
        )
    MatchSeat.objects.bulk_update(seats.values(), ["rank", "games_won", "score_total", "match_points"])
    results_changed(event_of_match(match.pk))
    announce(signals.standings_changed, stage_id=stage.pk)
    if match.status != Match.Status.COMPLETED:
        match.status, match.completed_at = Match.Status.COMPLETED, timezone.now()
        match.save(update_fields=["status", "completed_at"])
    _update_round(match.round)
    return match


def _reopen(match: Match, seats: dict[int, MatchSeat]) -> None:
    if match.status == Match.Status.COMPLETED:
        for seat in seats.values():
            seat.rank = seat.match_points = None
        MatchSeat.objects.bulk_update(seats.values(), ["rank", "match_points"])
        results_changed(event_of_match(match.pk))
        announce(signals.standings_changed, stage_id=match.round.stage_id)
        match.status, match.completed_at = Match.Status.PENDING, None
        match.save(update_fields=["status", "completed_at"])
        _update_round(match.round)


def _update_round(round_: Round) -> None:
    done = not round_.matches.filter(status=Match.Status.PENDING).exists()
    status = Round.Status.CLOSED if done else Round.Status.PUBLISHED
    if round_.status != status:
        Round.objects.filter(pk=round_.pk).update(status=status)
        results_changed(event_of_round(round_.pk))
        round_.status = status
        if (round_.stage.settings or {}).get("silent"):
            # A silent round's games were kept out of the ratings while it ran (or go back out).
            from ranking.signals import schedule_rating_update

            for game_id in SeriesGame.objects.filter(match__round=round_).values_list("pk", flat=True):
                schedule_rating_update(game_id)
