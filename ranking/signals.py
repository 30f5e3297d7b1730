"""Keep ratings in step with results: every ledger entry, recorded detail or forfeit reschedules
the rating update of the games it touches, after the transaction commits."""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from ranking.models import Forfeit, GameDetail
from tournament.models import ResultEntry, SeriesGame


def schedule_rating_update(game_id: int) -> None:
    """Write the outbox row now, in the change's own transaction, and send the task after the
    commit. If the send fails (broker down) or the task does, the row stays and the sweep
    sends it again: a rating update is late, never lost. Ratings are derived data, so nothing
    here fails the result that was just saved."""
    from ranking.services import rating_update_request

    rating_update_request(game_id=game_id)
    transaction.on_commit(lambda: _enqueue(game_id))


def _enqueue(game_id: int) -> None:
    from games.sweep import sweep_if_due
    from games.tasks import publish
    from ranking.tasks import update_ratings_for_game

    publish(update_ratings_for_game, game_id, what=f"the rating update of series game {game_id}")
    sweep_if_due()


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
