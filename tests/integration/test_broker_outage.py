"""Chaos: Redis goes down while logs are uploaded and a result is confirmed. Every answer comes
fast, nothing is lost, and once Redis is back the beat's sweep gets every record validated and
every rating update made by a real worker."""

import json
import subprocess
import sys
import time

import pytest
import redis
from django.urls import reverse

from games.gamelog import jsonform
from games.models import GameRecord
from ranking.models import RatedGame, RatingUpdate
from tests.broker import closed_port
from tests.ranking.events import confirm
from tests.records.helpers import as_text, random_log
from tests.tournament.factories import make_event, make_user
from tournament.services.rounds import round_publish

from .conftest import ROOT, reconnect, start_worker, stop_worker

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

FAST = 3.0  # seconds an answer may take with the broker down


class PrivateRedis:
    """A redis-server of this test's own on a loopback port, to stop and start at will."""

    def __init__(self, port: int, log_path):
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.log_path = log_path
        self.process = None

    def start(self) -> None:
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while True:
            try:
                redis.Redis.from_url(self.url, socket_connect_timeout=1).ping()
                return
            except redis.RedisError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    pytest.fail(f"redis-server did not start on port {self.port}")
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)


@pytest.fixture
def private_redis(tmp_path):
    server = PrivateRedis(closed_port(), tmp_path / "redis.log")
    server.start()
    yield server
    server.stop()


def start_beat(redis_url, tmp_path, env):
    import os

    from .conftest import database_url

    log_path = tmp_path / "beat.log"
    command = [
        sys.executable, "-m", "celery", "-A", "config", "beat", "--loglevel=INFO",
        "-s", str(tmp_path / "beat-schedule"), "--max-interval", "1",
    ]  # fmt: skip
    full_env = {
        **os.environ, "REDIS_URL": redis_url, "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONUNBUFFERED": "1", **env,
    }  # fmt: skip
    with open(log_path, "wb") as log:
        return subprocess.Popen(command, cwd=ROOT, env=full_env, stdout=log, stderr=subprocess.STDOUT), log_path


def stop_process(process) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def wait_until(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.2)


def timed(action):
    started = time.monotonic()
    result = action()
    return result, time.monotonic() - started


def test_with_redis_down_answers_are_fast_and_once_it_is_back_every_record_and_rating_update_is_done(
    client, private_redis, tmp_path, settings
):
    from config.celery import app

    sweep_env = {"BRUME_SWEEP_AFTER": "1", "BRUME_SWEEP_INTERVAL": "2"}
    settings.BRUME_SWEEP_AFTER = 1  # the outbox rows written here fall due after a second too
    saved = {key: app.conf[key] for key in ("broker_url", "result_backend", "task_always_eager", "task_routes")}
    app.conf.update(
        broker_url=private_redis.url, result_backend=private_redis.url, task_always_eager=False, task_routes=None
    )
    reconnect(app)
    # The whole Redis is this test's: the worker takes the default queue, where beat sends.
    worker = start_worker(private_redis.url, tmp_path / "worker.log", "celery", extra_env=sweep_env)
    beat, beat_log = start_beat(private_redis.url, tmp_path, sweep_env)
    try:
        event, owner, _ = make_event(game="carnac", players=2)
        game = round_publish(stage=event.stages.get(), by=owner).matches.get().games.get()
        client.force_login(make_user())

        text = as_text(random_log(seed=801))
        logs = [jsonform.log_to_dict(random_log(seed=810 + i)) for i in range(3)]
        page_text = as_text(random_log(seed=820))

        # Redis up: an upload is validated by the worker (and the request path is warm).
        warm = client.post(reverse("api-record-list"), as_text(random_log(seed=800)), content_type="text/plain")
        assert warm.status_code == 201
        wait_until(lambda: GameRecord.objects.get(public_id=warm.json()["id"]).is_done, 60, "the first validation")

        private_redis.stop()
        single, single_time = timed(lambda: client.post(reverse("api-record-list"), text, content_type="text/plain"))
        bulk, bulk_time = timed(
            lambda: client.post(reverse("api-record-bulk"), json.dumps({"logs": logs}), content_type="application/json")
        )
        page, page_time = timed(lambda: client.post(reverse("record-upload"), {"text": page_text}))
        _, confirm_time = timed(lambda: confirm(game, [1, 2]))
        print(
            f"\nwith Redis down: upload {single_time:.2f} s, bulk of 3 {bulk_time:.2f} s, "
            f"upload page {page_time:.2f} s, result confirmed {confirm_time:.2f} s"
        )
        assert (single.status_code, bulk.status_code, page.status_code) == (201, 207, 302)
        assert max(single_time, bulk_time, page_time, confirm_time) < FAST
        assert GameRecord.objects.filter(status="pending").count() == 5
        assert RatingUpdate.objects.filter(game_id=game.pk).exists()

        private_redis.start()
        back = time.monotonic()
        deadline = back + 90
        while GameRecord.objects.exclude(status="valid").exists() or RatingUpdate.objects.exists():
            if time.monotonic() > deadline:
                pytest.fail(
                    "not everything was done after Redis came back:\n"
                    f"{list(GameRecord.objects.values_list('pk', 'status'))}, "
                    f"{RatingUpdate.objects.count()} rating updates waiting\n"
                    f"--- worker\n{worker.log()[-3000:]}\n--- beat\n{beat_log.read_text()[-2000:]}"
                )
            time.sleep(0.2)
        print(f"from Redis back to everything done: {time.monotonic() - back:.1f} s (sweep every 2 s)")
        assert RatedGame.objects.filter(series_game=game).exists()
        assert set(GameRecord.objects.values_list("attempts", flat=True)) == {1}  # each validated once
    finally:
        stop_process(beat)
        stop_worker(worker)
        app.conf.update(saved)
        reconnect(app)
