"""The text of a live game's event stream (Server-Sent Events), as an async generator.

It touches no database: it starts from the version read when the stream opened and then only
relays what the hub hands its watcher.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator

from games.push.events import HEARTBEAT, LiveEvent, sse_event, sse_retry
from games.push.hub import Watcher

RETRY_MS = 3_000  # reconnect soon after a normal end (lifetime over, broker lost)
DEGRADED_RETRY_MS = 10_000  # no broker: the page reconnects, so resyncs, every 10 s


def opening(current: LiveEvent, last_seen: int | None) -> list[str]:
    """What a stream starts with: the current version at once if the page has not seen it."""
    return [sse_event(current)] if last_seen is None or current.version > last_seen else []


async def degraded_stream(current: LiveEvent, last_seen: int | None) -> AsyncIterator[str]:
    yield sse_retry(DEGRADED_RETRY_MS)
    for part in opening(current, last_seen):
        yield part


async def live_stream(
    watcher: Watcher,
    current: LiveEvent,
    last_seen: int | None,
    *,
    lifetime: float,
    heartbeat: float,
    on_close=None,
) -> AsyncIterator[str]:
    seen = last_seen
    try:
        yield sse_retry(RETRY_MS)
        for part in opening(current, last_seen):
            yield part
        seen = max(current.version, seen if seen is not None else -1)
        if current.finished:
            return
        ends_at = time.monotonic() + lifetime
        while (left := ends_at - time.monotonic()) > 0:
            event = await watcher.wait(min(heartbeat, left))
            if watcher.lost:
                return  # the page reconnects after RETRY_MS and finds where the game is
            if event is None:
                yield HEARTBEAT
            elif event.version > seen:
                seen = event.version
                yield sse_event(event)
                if event.finished:
                    return
    finally:
        if on_close is not None:
            on_close()
