"""The cache: Redis in production, and still a cache while Redis is unreachable.

Rate limits (the API's throttles, sign-in and token limits) count in the cache. With plain
``RedisCache`` an unreachable Redis turns every counted request into an HTTP 500, so an outage of
the broker's server would also take down uploads, result reports and sign-in. This backend falls
back to a per-process local-memory cache when Redis does not answer, and does not try Redis again
for ``RETRY_AFTER`` seconds (a circuit breaker: each attempt costs up to the connect timeout).

While it falls back, limits are counted per process instead of across the site: still limits
(a web process with three workers lets through at most three times the allowance), never none.
"""

from __future__ import annotations

import logging
import threading
import time

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from config.metrics import CACHE_HITS, CACHE_MISSES

logger = logging.getLogger(__name__)

RETRY_AFTER = 5.0  # seconds without trying Redis after it failed to answer
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)
_MISSING = object()  # a default no stored value is: a hit and a miss told apart (/metrics)


class KeptClientRedisCacheClient(RedisCacheClient):
    """Django's client builds a new ``redis.Redis`` around the pool at every cache call, which
    costs ~0.3 ms of CPU (its callbacks table is filled anew each time): a live move makes half a
    dozen calls (bench/live_move.py). One ``redis.Redis`` per pool is kept instead (it is
    thread-safe: each command takes a connection from the pool)."""

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        kept = self.__dict__.setdefault("_kept_clients", {})
        client = kept.get(id(pool))
        if client is None:
            client = kept[id(pool)] = self._client(connection_pool=pool)
        return client


class _KeptLink:
    """What one process keeps for one cache configuration, whichever cache object asks: the client
    with its connection pools, the circuit breaker's state and the local-memory fallback.

    Django makes a new cache object for every request served under ASGI (``caches`` is
    context-local), so state kept on the object is thrown away after each request: every request
    opened a new TCP connection to Redis (a fifth of a live move's web CPU at 100 games,
    bench/live_push.py), and while Redis was down each request counted its limits in a fallback of
    its own, which limited nothing."""

    def __init__(self, servers, options: dict, fallback_params: dict, name: str) -> None:
        self.client = KeptClientRedisCacheClient(servers, **options)
        self.fallback = LocMemCache(f"brume-fallback-{name}", fallback_params)
        self.skipped_until = 0.0


_links: dict[str, _KeptLink] = {}
_links_lock = threading.Lock()


def _kept_link(servers, options: dict, params: dict) -> _KeptLink:
    fallback_params = {
        "TIMEOUT": params.get("TIMEOUT", 300),
        "KEY_PREFIX": params.get("KEY_PREFIX", ""),
        "VERSION": params.get("VERSION", 1),
    }
    name = repr((list(servers), sorted(options.items()), sorted(fallback_params.items())))
    link = _links.get(name)
    if link is None:
        with _links_lock:
            link = _links.get(name)
            if link is None:
                link = _links[name] = _KeptLink(servers, options, fallback_params, name)
    return link


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._link = _kept_link(self._servers, self._options, params)
        self._fallback = self._link.fallback

    @property
    def _cache(self):
        return self._link.client

    @property
    def _redis_skipped_until(self) -> float:
        return self._link.skipped_until

    @_redis_skipped_until.setter
    def _redis_skipped_until(self, when: float) -> None:
        self._link.skipped_until = when

    @property
    def falling_back(self) -> bool:
        return time.monotonic() < self._redis_skipped_until

    def _call(self, name: str, *args, **kwargs):
        if not self.falling_back:
            try:
                return getattr(RedisCache, name)(self, *args, **kwargs)
            except UNREACHABLE as exc:
                self._redis_skipped_until = time.monotonic() + RETRY_AFTER
                logger.warning("the cache's Redis does not answer (%s); local memory for %ss", exc, RETRY_AFTER)
        return getattr(self._fallback, name)(*args, **kwargs)

    def add(self, *args, **kwargs):
        return self._call("add", *args, **kwargs)

    def get(self, key, default=None, version=None):
        found = self._call("get", key, _MISSING, version=version)
        if found is _MISSING:
            CACHE_MISSES.inc()
            return default
        CACHE_HITS.inc()
        return found

    def set(self, *args, **kwargs):
        return self._call("set", *args, **kwargs)

    def touch(self, *args, **kwargs):
        return self._call("touch", *args, **kwargs)

    def delete(self, *args, **kwargs):
        return self._call("delete", *args, **kwargs)

    def get_many(self, keys, version=None):
        keys = list(keys)
        found = self._call("get_many", keys, version=version)
        CACHE_HITS.inc(len(found))
        CACHE_MISSES.inc(len(keys) - len(found))
        return found

    def has_key(self, *args, **kwargs):
        return self._call("has_key", *args, **kwargs)

    def incr(self, *args, **kwargs):
        return self._call("incr", *args, **kwargs)

    def set_many(self, *args, **kwargs):
        return self._call("set_many", *args, **kwargs)

    def delete_many(self, *args, **kwargs):
        return self._call("delete_many", *args, **kwargs)

    def clear(self):
        return self._call("clear")
