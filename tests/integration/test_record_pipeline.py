"""Game records validated end to end by real worker processes on Redis, exactly once even when
a worker is killed in the middle of a validation."""

import signal
import time

import pytest

from games.ai import RandomPlayer
from games.ai.match import play_game
from games.engines import get_engine
from games.gamelog import Seat
from games.models import GameRecord
from games.services import record_upload
from tests.tournament.factories import make_event
from tournament.models import ResultEntry
from tournament.services.logs import game_attach_record
from tournament.services.rounds import round_publish

from .conftest import reset_router, start_worker, stop_worker

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def wait_for(predicate, timeout: float, what: str, explain=None):
    """Wait for a condition; on a timeout, ``explain()`` (the worker's log, the rows' states)
    says what was seen instead, so that a failure in CI can be read without a rerun."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"timed out waiting for {what}" + (f"\n{explain()}" if explain else ""))


def route_to(app, queue):
    """Send the tasks under test to this test's own worker queue."""
    app.conf.task_routes = {"games.*": {"queue": queue}, "tournament.*": {"queue": queue}}
    reset_router(app)


def carnac_log(seed):
    return play_game(get_engine("carnac"), [RandomPlayer(), RandomPlayer()], seed=seed).log


def test_uploaded_logs_are_validated_by_a_worker(celery_app_on_redis, celery_worker_process):
    route_to(celery_app_on_redis, celery_worker_process.queue)
    good = record_upload(data=carnac_log(1)).record
    bad_log = carnac_log(2)
    bad = record_upload(data=bad_log.__class__(**{**bad_log.__dict__, "moves": ("zz99",), "result": None})).record
    wait_for(
        lambda: GameRecord.objects.get(pk=good.pk).is_done and GameRecord.objects.get(pk=bad.pk).is_done, 60, "verdicts"
    )
    assert GameRecord.objects.get(pk=good.pk).status == GameRecord.Status.VALID
    bad = GameRecord.objects.get(pk=bad.pk)
    assert bad.status == GameRecord.Status.INVALID and bad.bad_move_ply == 1
    assert "games.validate_record[" in celery_worker_process.log()


def test_a_worker_killed_mid_validation_and_the_record_still_validated_exactly_once(
    celery_app_on_redis, redis_url, tmp_path, worker_queue
):
    route_to(celery_app_on_redis, worker_queue)
    fast_redelivery = {"CELERY_VISIBILITY_TIMEOUT": "4", "BRUME_VALIDATION_LEASE": "2"}
    slow = start_worker(
        redis_url, tmp_path / "slow.log", worker_queue, module="tests.integration.slow_worker",
        extra_env={**fast_redelivery, "BRUME_TEST_SLOW_SECONDS": "120"},
    )  # fmt: skip
    event, owner, _ = make_event(game="carnac", players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    players = [seat.participant.user for seat in match.seats.order_by("seat")]
    log = carnac_log(3)
    log = log.__class__(**{**log.__dict__, "seats": tuple(Seat(u.username, f"user:{u.pk}") for u in players)})
    record = record_upload(data=log).record
    game_attach_record(game=game, by=owner, record=record)
    wait_for(
        lambda: GameRecord.objects.get(pk=record.pk).status == GameRecord.Status.VALIDATING,
        60,
        "the slow worker's claim",
    )
    slow.process.send_signal(signal.SIGKILL)
    slow.process.wait(timeout=10)
    assert GameRecord.objects.get(pk=record.pk).status == GameRecord.Status.VALIDATING  # killed mid-task
    rescuer = start_worker(redis_url, tmp_path / "rescuer.log", worker_queue, extra_env=fast_redelivery)
    try:
        wait_for(lambda: GameRecord.objects.get(pk=record.pk).is_done, 90, "the redelivered validation")
    finally:
        stop_worker(rescuer)
    record.refresh_from_db()
    assert record.status == GameRecord.Status.VALID
    assert record.attempts == 2  # claimed by the killed worker, then by the rescuer
    entries = ResultEntry.objects.filter(game=game, action=ResultEntry.Action.LOG_VALIDATED)
    assert entries.count() == 1  # the verdict took effect exactly once
