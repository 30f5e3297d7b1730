"""The cache's Redis going down takes nothing else down: rate-limited requests (uploads, sign-in,
the API) still answer, counting in local memory until Redis answers again."""

import asyncio
import json
import threading
import time

import pytest
import redis
from django.core.cache import caches
from django.test import override_settings
from django.urls import reverse

from config import cache as resilient
from tests import private_redis
from tests.broker import closed_port
from tests.records.helpers import random_log
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db

REDIS_TEST_URL = private_redis.url()


def resilient_cache(url: str) -> dict:
    return {
        "default": {
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": url,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 1.0},
        }
    }


@pytest.fixture
def redis_down():
    with override_settings(CACHES=resilient_cache(f"redis://127.0.0.1:{closed_port()}/0")):
        yield caches["default"]


def test_with_redis_down_the_cache_still_counts_in_local_memory(redis_down):
    started = time.monotonic()
    assert redis_down.add("tries", 0, 60)
    assert [redis_down.incr("tries") for _ in range(3)] == [1, 2, 3]
    assert redis_down.get("tries") == 3
    assert time.monotonic() - started < 2  # one failed connect, then local memory at once


def test_with_redis_down_an_upload_through_the_rate_limited_api_still_answers(client, redis_down):
    from games.services import canonical_json

    client.force_login(make_user())
    body = canonical_json(random_log(seed=41))
    started = time.monotonic()
    response = client.post(reverse("api-record-list"), body, content_type="application/json")
    assert response.status_code == 201, response.content
    assert json.loads(response.content)["status"] in ("pending", "valid")
    assert time.monotonic() - started < 3


def test_with_redis_down_sign_in_is_still_limited(client, redis_down, settings):
    make_user("guarded")
    codes = [
        client.post(reverse("login"), {"username": "guarded", "password": "wrong"}).status_code
        for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT + 1)
    ]
    assert codes[-1] == 429


def test_the_cache_goes_back_to_redis_once_it_answers(monkeypatch):
    try:
        redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=1).ping()
    except redis.RedisError as exc:
        pytest.fail(f"this test needs Redis at {REDIS_TEST_URL}: {exc}")
    with override_settings(CACHES=resilient_cache(REDIS_TEST_URL)):
        cache = caches["default"]
        cache._redis_skipped_until = time.monotonic() + 60  # as after a failure
        cache.set("where", "local", 60)
        assert redis.Redis.from_url(REDIS_TEST_URL).exists(cache.make_key("where")) == 0
        monkeypatch.setattr(resilient, "RETRY_AFTER", 0)
        cache._redis_skipped_until = 0.0  # the retry time has come
        cache.set("where", "redis", 60)
        assert redis.Redis.from_url(REDIS_TEST_URL).exists(cache.make_key("where")) == 1
        cache.delete("where")


def _cache_of_another_request():
    """The cache object another request gets: Django makes one per thread and per ASGI request."""
    seen = []
    worker = threading.Thread(target=lambda: seen.append(caches["default"]))
    worker.start()
    worker.join()
    return seen[0]


def test_with_redis_down_every_request_counts_in_one_fallback(redis_down):
    other = _cache_of_another_request()
    assert other is not redis_down
    assert redis_down.add("tries", 0, 60)
    redis_down.incr("tries")
    assert other.falling_back  # the breaker tripped for the process, not for one request
    assert other.incr("tries") == 2  # a limit counted across requests is still a limit


def test_requests_served_under_asgi_share_one_connection_to_redis():
    try:
        redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=1).ping()
    except redis.RedisError as exc:
        pytest.fail(f"this test needs Redis at {REDIS_TEST_URL}: {exc}")
    server = redis.Redis.from_url(REDIS_TEST_URL)

    async def post(application, path: str) -> int:
        """One request through the ASGI application as a server sends it (each in its own task)."""
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST"}
        scope |= {"scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b""}
        headers = [(b"host", b"testserver"), (b"content-type", b"application/json"), (b"content-length", b"2")]
        scope |= {"headers": headers, "server": ("testserver", 80), "client": ("127.0.0.1", 1)}
        sent, messages = [], [{"type": "http.request", "body": b"{}", "more_body": False}]
        answered = asyncio.Event()

        async def receive():
            if messages:
                return messages.pop()
            await answered.wait()
            return {"type": "http.disconnect"}

        async def send(message):
            sent.append(message)
            if message["type"] == "http.response.body" and not message.get("more_body"):
                answered.set()

        await asyncio.create_task(application(scope, receive, send))
        return sent[0]["status"]

    async def eleven_requests():
        from config.asgi import application

        await post(application, "/api/v1/logs/validate/")  # the first request connects
        before = server.info("stats")["total_connections_received"]
        for _ in range(10):
            assert await post(application, "/api/v1/logs/validate/") == 400  # counted by its throttle
        return server.info("stats")["total_connections_received"] - before

    with override_settings(CACHES=resilient_cache(REDIS_TEST_URL)):
        assert asyncio.run(eleven_requests()) <= 1  # not one new connection per request
