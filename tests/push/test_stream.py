"""The event stream's text, without a server: heartbeats, lifetime, newest-only, and the
database connection it leaves closed."""

from __future__ import annotations

import threading

import pytest

from games.push.events import LiveEvent
from games.push.hub import Hub
from games.push.stream import degraded_stream, live_stream
from tests.async_runner import run_async


async def collect(stream, limit: int = 20) -> list[str]:
    parts = []
    async for part in stream:
        parts.append(part)
        if len(parts) >= limit:
            break
    return parts


def test_an_idle_stream_sends_heartbeats_and_ends_at_its_lifetime_releasing_its_slot():
    hub = Hub()
    closed = []

    async def scenario():
        watcher = hub.join("g")
        stream = live_stream(
            watcher, LiveEvent("g", 2, "playing"), 2, lifetime=0.35, heartbeat=0.1, on_close=lambda: closed.append(1)
        )
        return await collect(stream)

    parts = run_async(scenario())
    assert parts[0] == "retry: 3000\n\n"
    assert 2 <= parts.count(": keep-alive\n\n") <= 4 and len(parts) == 1 + parts.count(": keep-alive\n\n")
    assert closed == [1]


def test_a_stream_relays_newer_versions_only_and_ends_on_a_finished_game():
    hub = Hub()

    async def scenario():
        watcher = hub.join("g")
        stream = live_stream(watcher, LiveEvent("g", 3, "playing"), None, lifetime=5, heartbeat=5)
        parts = [await stream.__anext__(), await stream.__anext__()]  # retry, the opening
        hub.deliver(LiveEvent("g", 3, "playing"))  # already seen: dropped
        hub.deliver(LiveEvent("g", 4, "playing"))
        parts.append(await stream.__anext__())
        hub.deliver(LiveEvent("g", 5, "finished"))
        parts += await collect(stream)
        return parts

    assert run_async(scenario()) == [
        "retry: 3000\n\n",
        'id: 3\ndata: {"version":3,"status":"playing"}\n\n',
        'id: 4\ndata: {"version":4,"status":"playing"}\n\n',
        'id: 5\ndata: {"version":5,"status":"finished"}\n\n',
    ]


def test_a_degraded_stream_asks_for_a_slow_retry_and_ends():
    async def scenario():
        return await collect(degraded_stream(LiveEvent("g", 1, "playing"), 1))

    assert run_async(scenario()) == ["retry: 10000\n\n"]


@pytest.mark.django_db(transaction=True)
def test_opening_a_stream_leaves_no_database_connection_open():
    from django.db import connections
    from django.test import RequestFactory

    from games.live import live_create
    from games.push.viewer import identify

    live = live_create(game="carnac", seats=[{"name": "A"}, {"name": "B"}], options={"board": "small"}, seed=1)
    request = RequestFactory().get("/")  # no session cookie: an anonymous spectator
    seen = {}

    def in_a_stream_thread():
        viewer = identify(request, live.public_id)
        seen["event"] = viewer.event
        seen["user"] = request.user.is_authenticated
        seen["open"] = connections["default"].connection is not None

    thread = threading.Thread(target=in_a_stream_thread)
    thread.start()
    thread.join()
    assert seen == {"event": LiveEvent(live.public_id, 0, "playing"), "user": False, "open": False}
