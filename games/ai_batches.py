"""Batches of AI games: played by workers, each game stored as a record, with win rates."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext

from games.ai.base import Budget
from games.ai.match import play_game
from games.ai.registry import get_player, levels
from games.ai.tally import rotate, score_games
from games.engines import get_engine
from games.models import AIBatch, GameRecord
from games.services import RecordRejected, record_upload


def batch_create(
    *, game: str, players: Sequence[str], games: int, by=None, seed: int | None = None, move_seconds=0.2, options=None
) -> AIBatch:
    engine = get_engine(game)
    available = levels(game)
    unknown = [level for level in players if level not in available]
    if unknown:
        raise RecordRejected(
            gettext("%(game)s has no AI level %(unknown)s (levels: %(levels)s)")
            % {"game": game, "unknown": ", ".join(unknown), "levels": ", ".join(available)}
        )
    engine.check_seats(len(players), engine.normalize_options(options))
    batch = AIBatch.objects.create(
        game=game,
        options=engine.normalize_options(options),
        players=list(players),
        games_requested=games,
        seed=seed if seed is not None else random.SystemRandom().randrange(2**62),
        move_seconds=move_seconds,
        requested_by=by if by is not None and by.is_authenticated else None,
    )
    transaction.on_commit(lambda: _send(batch.pk))
    return batch


def _send(batch_id: int) -> bool:
    """A failed send (broker down) leaves the batch queued for ``batches_requeue``."""
    from games.tasks import play_ai_batch, publish

    return publish(play_ai_batch, batch_id, what=f"AI batch {batch_id}")


def batches_requeue(*, older_than: float | None = None, limit: int = 100) -> list[int]:
    """Send again the batches still queued (never started) ``older_than`` seconds after their
    creation (``BRUME_SWEEP_AFTER`` by default). A batch sent twice is played once: its games
    are counted with a conditional update and each game's log is stored once."""
    from django.conf import settings
    from django.utils import timezone

    after = timedelta(seconds=settings.BRUME_SWEEP_AFTER if older_than is None else older_than)
    queued = AIBatch.objects.filter(status=AIBatch.Status.QUEUED, created_at__lte=timezone.now() - after)
    sent = []
    for batch_id in queued.order_by("created_at", "pk").values_list("pk", flat=True)[:limit]:
        if not _send(batch_id):
            break
        sent.append(batch_id)
    return sent


def batch_play(*, batch_id: int) -> AIBatch:
    """Play the batch's remaining games (resumable: a redelivered task continues where it stopped)."""
    AIBatch.objects.filter(pk=batch_id, status=AIBatch.Status.QUEUED).update(status=AIBatch.Status.RUNNING)
    batch = AIBatch.objects.get(pk=batch_id)
    engine = get_engine(batch.game)
    budget = Budget(seconds=batch.move_seconds)
    while batch.games_played < batch.games_requested:
        index = batch.games_played
        seated = rotate(batch.players, index)
        players = [get_player(batch.game, level) for level in seated]
        played = play_game(
            engine,
            players,
            options=batch.options,
            seed=random.Random(f"{batch.seed}:{index}").randrange(2**62),
            budget=budget,
            meta={"batch": str(batch.pk), "game_number": str(index + 1)},
        )
        upload = record_upload(data=played.log, source=GameRecord.Source.AI)
        with transaction.atomic():
            updated = AIBatch.objects.filter(pk=batch.pk, games_played=index).update(games_played=F("games_played") + 1)
            if updated:
                batch.records.add(upload.record)
        batch.refresh_from_db()
    outcomes = []
    for record in batch.records.all():
        if "result" not in record.log:
            continue  # stopped by the ply limit: no result to count
        seated = [seat["player"].split("/", 1)[-1] for seat in record.log["seats"]]
        outcomes.append((seated, record.log["result"]["ranks"]))
    summary = [
        {"level": s.level, "games": s.games, "points": s.points, "rate": s.rate, "interval": s.interval()}
        for s in score_games(batch.players, outcomes)
    ]
    AIBatch.objects.filter(pk=batch.pk).update(status=AIBatch.Status.DONE, summary=summary)
    batch.refresh_from_db()
    return batch
