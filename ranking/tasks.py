"""Celery tasks of the ranking app: thin wrappers around services, idempotent."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="ranking.update_ratings_for_game", acks_late=True, reject_on_worker_lost=True, max_retries=2)
def update_ratings_for_game(game_id: int) -> list[str]:
    """Mirror one series game into its rating pool and replay what changed."""
    from ranking.services import rated_game_sync

    return [f"{pool.slug} from period {since}" for pool, since in rated_game_sync(game_id=game_id)]
