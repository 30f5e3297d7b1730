"""The process-local fan-out: each open stream is a watcher of one game.

A watcher keeps only the newest event it was handed (an event says where the game is, so a
later one replaces an earlier one: a slow page never makes a queue grow). ``deliver`` may be
called from any thread (a sync view, a worker thread, the Redis listener); it wakes each watcher
on that watcher's own event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading

from games.push.events import LiveEvent


class Watcher:
    def __init__(self, game: str, loop: asyncio.AbstractEventLoop):
        self.game = game
        self.loop = loop
        self.latest: LiveEvent | None = None
        self.lost = False  # the broker went away: the stream should end and let the page resync
        self._wake = asyncio.Event()

    def _offer(self, event: LiveEvent | None) -> None:  # on the watcher's loop
        if event is None:
            self.lost = True
        elif self.latest is None or event.version > self.latest.version:
            self.latest = event
        self._wake.set()

    def hang_up(self) -> None:
        """The page went away (on the watcher's loop): the stream ends without waiting."""
        self._offer(None)

    async def wait(self, timeout: float) -> LiveEvent | None:
        """The newest event not yet taken, waiting at most ``timeout`` seconds; None if none."""
        if self.latest is None and not self.lost:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)
        self._wake.clear()
        event, self.latest = self.latest, None
        return event


class Hub:
    def __init__(self):
        self._lock = threading.Lock()
        self._watchers: dict[str, set[Watcher]] = {}

    def join(self, game: str) -> Watcher:
        watcher = Watcher(game, asyncio.get_running_loop())
        with self._lock:
            self._watchers.setdefault(game, set()).add(watcher)
        return watcher

    def leave(self, watcher: Watcher) -> None:
        with self._lock:
            group = self._watchers.get(watcher.game)
            if group is not None:
                group.discard(watcher)
                if not group:
                    del self._watchers[watcher.game]

    def deliver(self, event: LiveEvent) -> int:
        """Hand ``event`` to every watcher of its game; returns how many there were."""
        with self._lock:
            group = list(self._watchers.get(event.game, ()))
        for watcher in group:
            _call(watcher, event)
        return len(group)

    def lose_all(self) -> None:
        """The broker is gone: every watcher is told, so that its stream ends and the page resyncs."""
        with self._lock:
            everyone = [w for group in self._watchers.values() for w in group]
        for watcher in everyone:
            _call(watcher, None)

    def count(self) -> int:
        with self._lock:
            return sum(len(group) for group in self._watchers.values())


def _call(watcher: Watcher, event: LiveEvent | None) -> None:
    with contextlib.suppress(RuntimeError):  # that loop is closed: its stream is gone
        watcher.loop.call_soon_threadsafe(watcher._offer, event)


HUB = Hub()
