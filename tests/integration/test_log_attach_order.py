"""A log attached to a series game takes effect whatever the order in which a real worker's
validation and the attachment commit."""

import dataclasses
import threading

import pytest

from games.ai import RandomPlayer
from games.ai.match import play_game
from games.engines import get_engine
from games.gamelog import Seat
from games.models import GameRecord
from games.services import record_upload
from tests.tournament.factories import make_event
from tournament.models import ResultEntry, SeriesGame
from tournament.services.logs import game_attach_record
from tournament.services.rounds import round_publish

from .test_record_pipeline import route_to, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def duel_and_log(seed):
    event, owner, _ = make_event(game="carnac", players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    players = [seat.participant.user for seat in match.seats.order_by("seat")]
    for attempt in range(seed, seed + 50):
        log = play_game(get_engine("carnac"), [RandomPlayer(), RandomPlayer()], seed=attempt).log
        if len(set(log.result.ranks)) == 2:
            seats = tuple(Seat(user.username, f"user:{user.pk}") for user in players)
            return owner, match.games.get(), dataclasses.replace(log, seats=seats)
    raise AssertionError("no decisive game")


def confirmed(game):
    return SeriesGame.objects.get(pk=game.pk).status == SeriesGame.Status.CONFIRMED


def test_a_log_validated_by_the_worker_before_it_is_attached_confirms(celery_app_on_redis, celery_worker_process):
    route_to(celery_app_on_redis, celery_worker_process.queue)
    owner, game, log = duel_and_log(11)
    stale = record_upload(data=log, by=owner).record
    wait_for(lambda: GameRecord.objects.get(pk=stale.pk).is_done, 60, "the worker's verdict")
    game_attach_record(game=game, by=owner, record=stale)  # holds the record from before its verdict
    wait_for(lambda: confirmed(game), 30, "the confirmation")
    assert ResultEntry.objects.filter(game=game, action=ResultEntry.Action.LOG_VALIDATED).count() == 1


def test_logs_attached_while_the_worker_validates_them_confirm_exactly_once(celery_app_on_redis, celery_worker_process):
    """Upload and attach race the worker: each game ends confirmed by one ledger entry."""
    route_to(celery_app_on_redis, celery_worker_process.queue)
    cases = [duel_and_log(20 + 60 * index) for index in range(6)]
    for owner, game, log in cases:
        record = record_upload(data=log, by=owner).record  # the worker starts at once
        if game.pk % 2:
            threading.Event().wait(0.05 * (game.pk % 3))  # vary who commits first
        game_attach_record(game=game, by=owner, record=record)

    def explain():
        rows = [
            (g.pk, g.status, g.record.status if g.record else None, g.record_reporter_id)
            for g in SeriesGame.objects.filter(pk__in=[game.pk for _, game, _ in cases]).select_related("record")
        ]
        return (
            f"games (pk, status, record status, reporter): {rows}\nworker log:\n{celery_worker_process.log()[-6000:]}"
        )

    for _, game, _ in cases:
        wait_for(lambda game=game: confirmed(game), 60, f"game {game.pk} confirmed", explain)
        assert ResultEntry.objects.filter(game=game, action=ResultEntry.Action.LOG_VALIDATED).count() == 1
