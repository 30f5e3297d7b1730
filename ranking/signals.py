"""Keep ratings in step with results: every ledger entry, recorded detail or forfeit reschedules
the rating update of the games it touches, after the transaction commits."""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from ranking.models import Forfeit, GameDetail
from tournament.models import ResultEntry, SeriesGame

logger = logging.getLogger(__name__)


def schedule_rating_update(game_id: int) -> None:
    transaction.on_commit(lambda: _enqueue(game_id))


def _enqueue(game_id: int) -> None:
    """Ratings are derived data: a failure here must not fail the result that was just saved
    (tasks run in-process without a broker); ``recompute_ratings`` rebuilds them."""
    from ranking.tasks import update_ratings_for_game

    try:
        update_ratings_for_game.delay(game_id)
    except Exception:
        logger.exception("the rating update of series game %s failed; run recompute_ratings", game_id)


@receiver(post_save, sender=ResultEntry, dispatch_uid="ranking-result-entry")
def result_changed(sender, instance: ResultEntry, created: bool, **kwargs) -> None:
    if created:
        schedule_rating_update(instance.game_id)


@receiver(post_save, sender=GameDetail, dispatch_uid="ranking-game-detail")
def detail_changed(sender, instance: GameDetail, **kwargs) -> None:
    schedule_rating_update(instance.game_id)


@receiver(post_save, sender=Forfeit, dispatch_uid="ranking-forfeit-saved")
@receiver(post_delete, sender=Forfeit, dispatch_uid="ranking-forfeit-deleted")
def forfeit_changed(sender, instance: Forfeit, **kwargs) -> None:
    for game_id in SeriesGame.objects.filter(match_id=instance.match_id).values_list("pk", flat=True):
        schedule_rating_update(game_id)
