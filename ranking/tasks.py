"""Celery tasks of the ranking app: thin wrappers around services, idempotent."""

from __future__ import annotations

from celery import shared_task
from django.db import IntegrityError, InterfaceError, OperationalError


@shared_task(
    name="ranking.update_ratings_for_game",
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    # the database, not the game, failed: a lock wait, a deadlock, a race on a unique row
    autoretry_for=(OperationalError, InterfaceError, IntegrityError),
    retry_backoff=True,
    retry_backoff_max=60,
    max_retries=5,
)
def update_ratings_for_game(game_id: int) -> list[str]:
    """Mirror one series game into its rating pool, replay what changed and clear its outbox
    row. Safe to run twice: a game already in step changes nothing."""
    from ranking.services import rating_update_process

    return [f"{pool.slug} from period {since}" for pool, since in rating_update_process(game_id=game_id)]


@shared_task(name="ranking.warm_event", ignore_result=True, acks_late=True, reject_on_worker_lost=True)
def warm_event(event_id: int) -> list[str]:
    """An event's standings and round tables computed for its new version (ranking/warming.py).
    Safe to run twice or never: a reader computes whatever is not warm."""
    from ranking.warming import warm_event as warm

    return warm(event_id)
