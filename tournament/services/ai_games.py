"""Games between AI entrants are played by Brume itself, in a worker, and recorded as verified."""

from __future__ import annotations

import dataclasses
import hashlib
import logging
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from games.ai.base import Budget
from games.ai.match import play_game
from games.ai.registry import get_player
from games.engines import get_engine
from games.gamelog import Seat
from games.models import GameRecord
from games.services import record_upload
from ranking.cache import event_of_game, results_changed
from tournament.models import Match, Participant, Round, SeriesGame
from tournament.services.results import game_record_verified

AI_MOVE_BUDGET = Budget(seconds=0.5)
logger = logging.getLogger(__name__)


def _all_ai(match: Match) -> bool:
    seats = list(match.seats.select_related("participant"))
    return bool(seats) and all(seat.participant.is_ai for seat in seats)


def _lease_key(match_id: int) -> str:
    return f"brume:ai-match:{match_id}"


def _send(match: Match, game: SeriesGame) -> bool:
    """Send the task that plays this AI-only series; once sent, hold a lease on it for the
    task's time limit so that the sweep does not send it again while a worker plays it."""
    from games.tasks import publish
    from tournament.tasks import play_ai_series_game

    if not publish(play_ai_series_game, game.pk, what=f"the AI games of match {match.pk}"):
        return False
    try:
        cache.set(_lease_key(match.pk), 1, timeout=settings.CELERY_TASK_TIME_LIMIT)
    except Exception:  # a cache outage: the sweep may send it twice, which plays it once
        logger.warning("could not hold the lease of match %s", match.pk)
    return True


def schedule_ai_games(*, round_id: int) -> list[int]:
    """Enqueue the first game of every match where only AI entrants sit. Called after commit.
    A send that fails (broker down) is left to the sweep (``ai_matches_requeue``)."""
    scheduled = []
    for match in Match.objects.filter(round_id=round_id, is_bye=False).prefetch_related("games"):
        if _all_ai(match):
            game = match.games.filter(status=SeriesGame.Status.AWAITING).order_by("number").first()
            if game is not None:
                if not _send(match, game):
                    break
                scheduled.append(game.pk)
    return scheduled


def ai_matches_requeue(*, older_than: float | None = None, limit: int = 100) -> list[int]:
    """Send again the AI-only series of published rounds still waiting for a game
    ``older_than`` seconds after publication (``BRUME_SWEEP_AFTER`` by default), unless one was
    sent within the task's time limit. Playing is deterministic and the ledger ignores a result
    it already has, so a series sent twice is recorded once."""
    after = settings.BRUME_SWEEP_AFTER if older_than is None else older_than
    waiting = (
        Match.objects.filter(
            status=Match.Status.PENDING,
            is_bye=False,
            round__status=Round.Status.PUBLISHED,
            round__published_at__lte=timezone.now() - timedelta(seconds=after),
        )
        .exclude(seats__participant__ai_level="")
        .order_by("pk")
    )
    sent = []
    for match in waiting[:limit]:
        game = match.games.filter(status=SeriesGame.Status.AWAITING).order_by("number").first()
        if game is None or not _all_ai(match) or cache.get(_lease_key(match.pk)) is not None:
            continue
        if not _send(match, game):
            break
        sent.append(match.pk)
    return sent


def _game_seed(game: SeriesGame) -> int:
    event = game.match.round.stage.event
    digest = hashlib.sha256(f"{event.seed}:ai:{game.match_id}:{game.number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def ai_series_game_play(*, game_id: int, budget: Budget = AI_MOVE_BUDGET) -> SeriesGame | None:
    """Play one awaiting game between AI entrants and record it; None if there is nothing to do.

    Deterministic for a game (seeded from the event's seed), so a duplicate delivery records the
    same result, which the ledger then ignores.
    """
    game = SeriesGame.objects.select_related("match__round__stage__event").get(pk=game_id)
    if game.status != SeriesGame.Status.AWAITING or not _all_ai(game.match):
        return None
    event = game.match.round.stage.event
    engine = get_engine(event.game)
    participants = Participant.objects.in_bulk(game.seat_order)
    players = [get_player(event.game, participants[pid].ai_level) for pid in game.seat_order]
    played = play_game(
        engine,
        players,
        options=event.options,
        seed=_game_seed(game),
        budget=budget,
        layout_seed=game.match.setup_seed,  # a duplicate round: every table plays this setup
        meta={"event": event.name, "round": str(game.match.round.number), "table": str(game.match.table)},
    )
    if played.outcome is None:
        return None
    # The log's seats carry the entrants' names (the AI's level stays in the player id).
    seats = tuple(
        Seat(name=participants[pid].name, player=f"ai:{event.game}/{participants[pid].ai_level}")
        for pid in game.seat_order
    )
    played = dataclasses.replace(played, log=dataclasses.replace(played.log, seats=seats))
    # The game is kept as a record (its replay, and the engine's tie-breaks for the standings).
    record = record_upload(data=played.log, source=GameRecord.Source.AI).record
    SeriesGame.objects.filter(pk=game.pk, record__isnull=True).update(record=record)
    results_changed(event_of_game(game.pk))
    names = ", ".join(f"{participants[pid].name} ({participants[pid].ai_level})" for pid in game.seat_order)
    return game_record_verified(
        game=game,
        ranks=list(played.outcome.ranks),
        scores=list(played.outcome.scores),
        note=f"played by Brume between {names}: {played.outcome.reason}",
    )


def ai_match_play(*, match_id: int, budget: Budget = AI_MOVE_BUDGET) -> Match:
    """Play every game an AI-only series needs, one after another."""
    match = Match.objects.get(pk=match_id)
    while (game := match.games.filter(status=SeriesGame.Status.AWAITING).order_by("number").first()) is not None:
        if ai_series_game_play(game_id=game.pk, budget=budget) is None:
            break
    match.refresh_from_db()
    return match
