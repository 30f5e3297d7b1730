"""Live pushes through Redis (production: the move may land in another process), and with the
broker down: the move is stored, the stream degrades to a slow poll, nothing breaks."""

from __future__ import annotations

import asyncio
import os

import pytest

from bench.sse import open_stream
from games.models import LiveGame
from games.push import transport
from tests import private_redis
from tests.async_runner import run_async
from tests.push.conftest import session_cookie
from tests.push.test_push_over_asgi import carnac_between, events_path, first_legal_move, play
from tests.tournament.factories import make_user

# Redis is needed: marked like the other tests on Redis (make test runs them, test-fast does not).
pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]
REDIS_URL = private_redis.url()
NOBODY_LISTENS = "redis://127.0.0.1:1/0"  # port 1: refused at once


@pytest.fixture(autouse=True)
def fresh_listener():
    transport.LISTENER.stop()
    transport.LISTENER._failed_at = 0.0
    yield
    transport.LISTENER.stop()
    transport.LISTENER._failed_at = 0.0


def test_a_move_published_on_redis_reaches_the_other_seats_stream(asgi_server, client, settings):
    settings.BRUME_PUSH_URL = REDIS_URL
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    move = first_legal_move(live, ann)
    cookie = session_cookie(client, bo)

    async def scenario():
        stream = await open_stream(asgi_server.host, asgi_server.port, events_path(live), cookie)
        await stream.next_block()
        first = await stream.next_event()
        assert await asyncio.to_thread(play, client, ann, live, move, 0) == 200
        second = await stream.next_event(timeout=5)
        stream.close()
        return first, second

    assert run_async(scenario()) == (
        {"version": 0, "status": "playing", "id": "0"},
        {"version": 1, "status": "playing", "id": "1"},
    )


def test_with_the_broker_down_moves_land_and_the_stream_degrades_to_a_slow_poll(asgi_server, client, settings):
    settings.BRUME_PUSH_URL = NOBODY_LISTENS
    settings.BRUME_PUSH_TIMEOUT = 0.3
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    move = first_legal_move(live, ann)
    cookie = session_cookie(client, bo)

    async def scenario():
        assert await asyncio.to_thread(play, client, ann, live, move, 0) == 200  # the push fails quietly
        stream = await open_stream(asgi_server.host, asgi_server.port, events_path(live), cookie)
        return stream.status, await stream.rest(timeout=5)

    status, blocks = run_async(scenario())
    assert LiveGame.objects.get(pk=live.pk).version == 1
    assert status == 200
    assert blocks == [{"retry": "10000"}, {"id": "1", "data": '{"version":1,"status":"playing"}'}]


def kill_listener_connection() -> None:
    import redis

    admin = redis.Redis.from_url(REDIS_URL)
    mine = [c for c in admin.client_list() if c.get("name") == f"brume-push-{os.getpid()}"]
    assert mine, "the listener's connection is not there"
    for connection in mine:
        admin.client_kill_filter(_id=connection["id"])


def test_a_broker_lost_while_streaming_ends_the_stream_for_a_resync(asgi_server, client, settings):
    settings.BRUME_PUSH_URL = REDIS_URL
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    cookie = session_cookie(client, bo)

    async def scenario():
        stream = await open_stream(asgi_server.host, asgi_server.port, events_path(live), cookie)
        await stream.next_block()
        await stream.next_event()
        await asyncio.to_thread(kill_listener_connection)
        return await stream.rest(timeout=5)

    assert run_async(scenario()) == []  # ended cleanly: the page reconnects after 3 s
