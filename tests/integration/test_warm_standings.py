"""A worker computes an event's new standings as soon as a result commits, before anyone reads."""

import time

import pytest

from ranking import cache, selectors
from tests.ranking.events import confirm
from tests.tournament.factories import make_event
from tournament.services.rounds import round_publish

from .conftest import reset_router, start_worker, stop_worker

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def _warm_standings(event, stage):
    version = cache.event_version(event.pk)
    return cache.cache.get(f"{cache._ns()}:event:{event.pk}:standings:en:{stage.pk}:v{version}")


def test_a_confirmed_result_is_in_the_standings_a_worker_computed_before_the_first_reader(
    celery_app_on_redis, redis_url, tmp_path, worker_queue, settings, client, monkeypatch
):
    # The web side and the worker share one cache (Redis) and one namespace, as a site's do.
    settings.CACHES = {"default": {"BACKEND": "config.cache.ResilientRedisCache", "LOCATION": redis_url}}
    celery_app_on_redis.conf.task_routes = {"ranking.*": {"queue": worker_queue}, "games.*": {"queue": worker_queue}}
    reset_router(celery_app_on_redis)
    worker = start_worker(
        redis_url, tmp_path / "worker.log", worker_queue,
        extra_env={"BRUME_DERIVED_CACHE_NAMESPACE": settings.BRUME_DERIVED_CACHE_NAMESPACE, "BRUME_WARM_DELAY": "0"},
    )  # fmt: skip
    try:
        event, owner, _ = make_event(game="carnac", players=4, stage={"tiebreaks": ["match_points", "buchholz"]})
        stage = event.stages.get()
        round_ = round_publish(stage=stage, by=owner)
        confirm(round_.matches.order_by("table").first().games.order_by("number").first(), [1, 2])
        deadline = time.monotonic() + 60
        while _warm_standings(event, stage) is None:
            if time.monotonic() > deadline:
                pytest.fail(f"no warm standings for the new version:\n{worker.log()}")
            time.sleep(0.2)
        assert "ranking.warm_event[" in worker.log()
        computed = []
        real = selectors.compute_standings
        monkeypatch.setattr(selectors, "compute_standings", lambda *a, **k: computed.append(1) or real(*a, **k))
        body = client.get(f"/events/{event.slug}/stages/1/standings/")
        assert body.status_code == 200
        assert computed == []  # the reader was served what the worker computed
        warmed = _warm_standings(event, stage)[0]
        assert sum(1 for row in warmed.rows if row.points == "1") >= 1  # the confirmed game's win
    finally:
        stop_worker(worker)
