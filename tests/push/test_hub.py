"""The process-local fan-out: events from any thread reach the watchers of their game only,
a slow watcher keeps only the newest, and a lost broker ends every watch."""

from __future__ import annotations

import asyncio
import threading

from games.push.events import LiveEvent, sse_event
from games.push.hub import Hub
from games.push.limits import StreamLimits
from tests.async_runner import in_thread, run_async


def test_an_event_sent_from_another_thread_reaches_only_its_games_watchers():
    hub = Hub()

    async def scenario():
        mine, other = hub.join("g1"), hub.join("g2")
        thread = threading.Thread(target=hub.deliver, args=(LiveEvent("g1", 3, "playing"),))
        thread.start()
        thread.join()
        return await mine.wait(1), await other.wait(0.05)

    assert run_async(scenario()) == (LiveEvent("g1", 3, "playing"), None)


def test_a_slow_watcher_keeps_only_the_newest_event():
    hub = Hub()

    async def scenario():
        watcher = hub.join("g")
        for version in (4, 6, 5):
            hub.deliver(LiveEvent("g", version, "playing"))
        await asyncio.sleep(0)  # the calls scheduled on the loop run
        return await watcher.wait(1), await watcher.wait(0.05)

    assert run_async(scenario()) == (LiveEvent("g", 6, "playing"), None)


def test_a_watcher_that_left_is_not_counted_or_woken():
    hub = Hub()

    async def scenario():
        watcher = hub.join("g")
        hub.leave(watcher)
        return hub.deliver(LiveEvent("g", 1, "playing")), hub.count()

    assert run_async(scenario()) == (0, 0)


def test_losing_the_broker_wakes_every_watcher_with_nothing_to_relay():
    hub = Hub()

    async def scenario():
        watchers = [hub.join("a"), hub.join("b")]
        hub.lose_all()
        return [(await w.wait(1), w.lost) for w in watchers]

    assert run_async(scenario()) == [(None, True), (None, True)]


def test_an_event_for_a_closed_loop_is_dropped_quietly():
    hub = Hub()

    def joined_from_a_loop_that_then_closes():
        loop = asyncio.new_event_loop()
        watcher = loop.run_until_complete(_join(hub, "g"))
        loop.close()
        return watcher

    watcher = in_thread(joined_from_a_loop_that_then_closes)
    assert hub.deliver(LiveEvent("g", 1, "playing")) == 1  # no error from the dead loop
    hub.leave(watcher)


async def _join(hub, game):
    return hub.join(game)


def test_an_event_on_the_wire_and_to_a_page():
    event = LiveEvent("abc", 12, "finished")
    assert LiveEvent.from_wire(event.to_wire()) == event
    assert LiveEvent.from_wire(b"not json") is None
    assert LiveEvent.from_wire('{"game": "x"}') is None
    assert sse_event(event) == 'id: 12\ndata: {"version":12,"status":"finished"}\n\n'


def test_stream_limits_count_per_address_and_in_all():
    limits = StreamLimits()
    assert limits.take("1.1.1.1", max_total=3, max_per_address=2) is None
    assert limits.take("1.1.1.1", max_total=3, max_per_address=2) is None
    assert limits.take("1.1.1.1", max_total=3, max_per_address=2) == "too many"
    assert limits.take("2.2.2.2", max_total=3, max_per_address=2) is None
    assert limits.take("3.3.3.3", max_total=3, max_per_address=2) == "busy"
    limits.give_back("1.1.1.1")
    assert limits.open_from("1.1.1.1") == 1 and limits.total == 2
