"""/metrics: closed to strangers (the 404 of any unknown path), open to the bearer of the token or
an allowed address; every family there, counted where its thing happens, with bounded labels."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
import redis
from django.urls import reverse
from django.utils import timezone

from config import metrics
from config.cache import ResilientRedisCache
from games.models import GameRecord
from tests import private_redis
from tests.live.conftest import carnac_between, people  # noqa: F401  (a fixture)
from tests.observability.helpers import TOKEN, samples, scrape, value


@pytest.fixture(autouse=True)
def scraper_known(settings):
    settings.BRUME_METRICS_TOKEN = TOKEN
    settings.BRUME_METRICS_ALLOW = []


def test_without_a_token_or_allow_list_the_endpoint_is_off(client, settings):
    settings.BRUME_METRICS_TOKEN = ""
    assert client.get("/metrics").status_code == 404
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer ").status_code == 404


def page_of(answer, path: str) -> str:
    """The page with what changes at each request (its path, the CSRF token) set aside."""
    return re.sub(r"[A-Za-z0-9]{64}", "<csrf>", answer.content.decode()).replace(path, "<path>")


@pytest.mark.django_db
def test_a_stranger_gets_the_404_of_any_unknown_path(client):
    unknown = page_of(client.get("/no-such-page"), "/no-such-page")
    for headers in ({}, {"HTTP_AUTHORIZATION": "Bearer wrong"}, {"HTTP_AUTHORIZATION": f"Token {TOKEN}"}):
        answer = client.get("/metrics", **headers)
        assert answer.status_code == 404
        assert page_of(answer, "/metrics") == unknown


@pytest.mark.django_db
def test_the_bearer_of_the_token_reads_the_metrics(client):
    answer = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/plain; version=")
    assert "# TYPE brume_http_request_seconds histogram" in answer.content.decode()
    assert "no-cache" in answer["Cache-Control"] or "max-age=0" in answer["Cache-Control"]


@pytest.mark.django_db
def test_an_allowed_address_reads_the_metrics_without_the_token(client, settings):
    settings.BRUME_METRICS_TOKEN = ""
    settings.BRUME_METRICS_ALLOW = ["10.0.0.0/8"]
    assert client.get("/metrics", REMOTE_ADDR="10.1.2.3").status_code == 200
    assert client.get("/metrics", REMOTE_ADDR="192.0.2.7").status_code == 404


@pytest.mark.django_db
def test_a_request_is_timed_under_its_url_name_and_status_class(client):
    before = value(scrape(client), "brume_http_request_seconds_count", view="status", status="2xx")
    assert client.get(reverse("status")).status_code == 200
    after = value(scrape(client), "brume_http_request_seconds_count", view="status", status="2xx")
    assert after == before + 1


@pytest.mark.django_db
def test_two_paths_of_one_view_make_one_label_never_the_path(client):
    view = "record-detail"
    before = value(scrape(client), "brume_http_request_seconds_count", view=view, status="4xx")
    for public_id in ("a" * 16, "b" * 16):  # no such records: 404 from the view
        assert client.get(f"/records/{public_id}/").status_code == 404
    text = scrape(client)
    views = {s.labels["view"] for s in samples(text, "brume_http_request_seconds_count")}
    assert not [view for view in views if "aaaa" in view or "bbbb" in view or "/" in view]
    assert value(text, "brume_http_request_seconds_count", view=view, status="4xx") == before + 2
    # an unknown path is "unmatched", whatever it is
    before = value(text, "brume_http_request_seconds_count", view="unmatched", status="4xx")
    client.get("/nothing/here/1")
    client.get("/nothing/there/2")
    after = value(scrape(client), "brume_http_request_seconds_count", view="unmatched", status="4xx")
    assert after == before + 2


@pytest.mark.django_db
def test_a_stored_live_move_is_counted_by_game(client, people):  # noqa: F811
    from games.live import live_view

    live = carnac_between(people)
    mover = people[0]
    move = live_view(live, mover).moves[0]
    before = value(scrape(client), "brume_live_moves_total", game="carnac")
    client.force_login(mover)
    answer = client.post(reverse("live-game", args=[live.public_id]), {"move": move, "version": 0})
    assert answer.status_code == 200
    assert value(scrape(client), "brume_live_moves_total", game="carnac") == before + 1


@pytest.mark.django_db
def test_a_task_is_timed_by_name(client):
    from games.tasks import ping

    text = scrape(client)
    before = value(text, "brume_task_seconds_count", task="games.ping")
    succeeded = value(text, "brume_tasks_total", task="games.ping", state="SUCCESS")
    ping.delay()  # in-process here: the same signals as in a worker
    text = scrape(client)
    assert value(text, "brume_task_seconds_count", task="games.ping") == before + 1
    assert value(text, "brume_tasks_total", task="games.ping", state="SUCCESS") == succeeded + 1


def redis_or_fail() -> str:
    url = private_redis.url()
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.RedisError as exc:
        pytest.fail(f"this test needs Redis at {url}: {exc}")
    return url


@pytest.mark.django_db
def test_cache_reads_count_hits_and_misses(client):
    cache = ResilientRedisCache(redis_or_fail(), {"KEY_PREFIX": f"metrics-{time.monotonic_ns()}"})
    text = scrape(client)
    hits, misses = value(text, "brume_cache_hits_total"), value(text, "brume_cache_misses_total")
    assert cache.get("absent") is None
    cache.set("present", None)  # a stored None is a hit, told apart from a missing key
    assert cache.get("present", "default") is None
    assert cache.get_many(["present", "absent", "also-absent"]) == {"present": None}
    text = scrape(client)
    assert value(text, "brume_cache_hits_total") == hits + 2
    assert value(text, "brume_cache_misses_total") == misses + 3


@pytest.mark.django_db
def test_queue_lengths_and_the_oldest_pending_record_are_read_at_scrape_time(client, settings, monkeypatch):
    url = redis_or_fail()
    queue = f"brume-metrics-{time.monotonic_ns()}"
    settings.CELERY_BROKER_URL = url
    monkeypatch.setattr(metrics, "_queue_names", lambda: [queue])
    server = redis.Redis.from_url(url)
    server.rpush(queue, "a", "b", "c")
    server.rpush(queue + "\x06\x166", "d")  # a message sent with a priority
    old = GameRecord.objects.create(game="carnac", log={}, content_hash="1" * 64)
    GameRecord.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(minutes=5))
    GameRecord.objects.create(game="carnac", log={}, content_hash="2" * 64)
    try:
        text = scrape(client)
    finally:
        server.delete(queue, queue + "\x06\x166")
    assert value(text, "brume_celery_queue_length", queue=queue) == 4
    assert 300 <= value(text, "brume_records_pending_oldest_seconds") < 400
    assert value(text, "brume_records_pending") == 2


@pytest.mark.django_db
def test_with_the_broker_down_a_scrape_still_answers_without_the_queues(client, settings):
    from tests.broker import closed_port

    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port()}/0"
    text = scrape(client)
    assert not samples(text, "brume_celery_queue_length")
    assert samples(text, "brume_records_pending")
