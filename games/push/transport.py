"""How an event travels from the process that changed a game to the processes holding streams.

- No ``BRUME_PUSH_URL`` (embedded mode: one process, tasks in-process): straight into the hub.
- ``BRUME_PUSH_URL`` (Redis, by default ``REDIS_URL``): PUBLISH on one shared channel; every web
  process keeps one subscribed connection and fans events out to its own watchers. One
  connection per process, not one per stream: a thousand streams cost Redis one client.

The broker down: ``send`` logs and returns False (the move is stored; pages resync when they
reconnect), and ``watch`` raises ``PushUnavailable`` (the stream degrades to a slow poll).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time

import redis
import redis.asyncio
from django.conf import settings

from games.push.events import LiveEvent
from games.push.hub import HUB, Watcher

CHANNEL = "brume:live"
RETRY_AFTER_FAILURE = 2.0  # seconds before a failed subscription is tried again
log = logging.getLogger(__name__)


class PushUnavailable(RuntimeError):
    """The broker cannot be reached: streams degrade to a slow poll."""


def push_url() -> str | None:
    return getattr(settings, "BRUME_PUSH_URL", None) or None


_clients: dict[str, redis.Redis] = {}


def _client(url: str) -> redis.Redis:
    client = _clients.get(url)
    if client is None:
        timeout = settings.BRUME_PUSH_TIMEOUT
        client = _clients[url] = redis.Redis.from_url(url, socket_connect_timeout=timeout, socket_timeout=timeout)
    return client


def send(event: LiveEvent) -> bool:
    """Tell every stream of ``event.game``; from any thread. False if the broker did not take it."""
    url = push_url()
    if not url:
        HUB.deliver(event)
        return True
    try:
        _client(url).publish(CHANNEL, event.to_wire())
    except redis.RedisError as exc:
        log.warning("live push not sent for %s v%s: %s", event.game, event.version, exc)
        return False
    return True


class RedisListener:
    """One subscribed connection per process (per event loop), feeding the hub."""

    def __init__(self, hub):
        self.hub = hub
        self._task: asyncio.Task | None = None
        self._loop = None
        self._ready: asyncio.Future | None = None
        self._failed_at = 0.0

    async def ensure(self, url: str) -> None:
        loop = asyncio.get_running_loop()
        if self._task is None or self._task.done() or self._loop is not loop:
            if time.monotonic() - self._failed_at < RETRY_AFTER_FAILURE:
                raise PushUnavailable("the push broker failed a moment ago")
            self._loop = loop
            self._ready = loop.create_future()
            self._task = loop.create_task(self._run(url, self._ready))
        try:
            await asyncio.wait_for(asyncio.shield(self._ready), settings.BRUME_PUSH_TIMEOUT * 2)
        except (TimeoutError, OSError, redis.RedisError) as exc:
            raise PushUnavailable(str(exc) or type(exc).__name__) from None

    async def _run(self, url: str, ready: asyncio.Future) -> None:
        client = redis.asyncio.Redis.from_url(
            url,
            socket_connect_timeout=settings.BRUME_PUSH_TIMEOUT,
            socket_keepalive=True,
            client_name=f"brume-push-{os.getpid()}",
        )
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(CHANNEL)
            ready.set_result(True)
            while True:
                message = await pubsub.get_message(timeout=settings.BRUME_PUSH_HEARTBEAT_SECONDS)
                if message is None:
                    await pubsub.ping()  # a silent connection may be a dead one: find out
                elif message.get("type") == "message":
                    event = LiveEvent.from_wire(message["data"])
                    if event is not None:
                        self.hub.deliver(event)
        except (OSError, redis.RedisError) as exc:
            log.warning("live push subscription lost: %s", exc)
            self._failed_at = time.monotonic()
            if not ready.done():
                ready.set_exception(PushUnavailable(str(exc)))
            self.hub.lose_all()
        finally:
            try:
                await pubsub.aclose()
                await client.aclose()
            except (OSError, redis.RedisError):
                pass

    def stop(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None


LISTENER = RedisListener(HUB)


async def watch(game: str) -> Watcher:
    """A watcher of ``game`` in this process's hub, subscribed to the broker when there is one."""
    url = push_url()
    if url:
        await LISTENER.ensure(url)
    return HUB.join(game)


def unwatch(watcher: Watcher) -> None:
    HUB.leave(watcher)
