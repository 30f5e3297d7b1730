"""A live game's flag falls by the workers' hand, with nobody on the page: the clock task
scheduled for the flag time ends the game and stores its record."""

import pytest

from games.live import live_create
from games.models import GameRecord, LiveGame
from tests.tournament.factories import make_user

from .test_record_pipeline import route_to, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_flag_falls_with_nobody_watching(celery_app_on_redis, celery_worker_process):
    route_to(celery_app_on_redis, celery_worker_process.queue)
    users = make_user(), make_user()
    live = live_create(
        game="carnac",
        seats=[{"name": f"P{i}", "player": f"user:{u.pk}"} for i, u in enumerate(users)],
        options={"board": "small"},
        seed=4,
        time_control={"base": 2, "increment": 0},  # two seconds each
    )
    wait_for(lambda: LiveGame.objects.get(pk=live.pk).status == LiveGame.Status.FINISHED, 60, "the flag")
    live.refresh_from_db()
    assert live.termination == "timeout" and live.moves == []
    assert "games.live_clock_flag[" in celery_worker_process.log()
    # The record is stored with its termination (its validation goes to the worker's own default
    # queue, which this test does not serve).
    record = GameRecord.objects.get(pk=live.record_id)
    assert record.log["result"] == {"ranks": [2, 1], "termination": "timeout"}
