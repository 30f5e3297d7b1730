"""A task sent through Redis runs in a real worker process and its result comes back."""

import os

import pytest

from games.ai import RandomPlayer
from games.ai.match import play_game
from games.engines import all_engines
from games.gamelog import textform
from games.tasks import check_log, ping

pytestmark = pytest.mark.integration


def test_a_task_runs_in_another_process_and_stores_its_result(celery_app_on_redis, celery_worker_process):
    result = ping.apply_async(queue=celery_worker_process.queue)
    answer = result.get(timeout=60)
    assert answer["pong"] is True
    assert answer["pid"] == celery_worker_process.process.pid
    assert answer["pid"] != os.getpid()
    # The result lives in the Redis result store: a fresh handle reads it back.
    assert celery_app_on_redis.AsyncResult(result.id).get(timeout=10) == answer


def test_the_worker_validates_logs_of_every_registered_game(celery_app_on_redis, celery_worker_process):
    engines = all_engines()
    assert engines, "no game engine is registered"
    for engine in engines:
        seats = max(2, engine.info.min_seats) if engine.info.max_seats >= 2 else 1
        played = play_game(engine, [RandomPlayer() for _ in range(seats)], seed=1)
        verdict = check_log.apply_async((textform.dumps(played.log),), queue=celery_worker_process.queue).get(
            timeout=120
        )
        assert verdict["valid"] is True, (engine.info.slug, verdict)
        assert verdict["outcome"]["ranks"] == list(played.outcome.ranks)


def test_the_worker_answers_a_malformed_log_with_a_clear_error(celery_app_on_redis, celery_worker_process):
    verdict = check_log.apply_async(("not a log",), queue=celery_worker_process.queue).get(timeout=60)
    assert verdict == {
        "valid": False,
        "error": "not a Brume game log",
        "detail": "line 1: a Brume log starts with 'Brume log 1'",
    }
