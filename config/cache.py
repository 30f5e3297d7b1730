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
import time

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

RETRY_AFTER = 5.0  # seconds without trying Redis after it failed to answer
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._fallback = LocMemCache(f"brume-fallback-{id(self)}", {"TIMEOUT": params.get("TIMEOUT", 300)})
        self._redis_skipped_until = 0.0

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

    def get(self, *args, **kwargs):
        return self._call("get", *args, **kwargs)

    def set(self, *args, **kwargs):
        return self._call("set", *args, **kwargs)

    def touch(self, *args, **kwargs):
        return self._call("touch", *args, **kwargs)

    def delete(self, *args, **kwargs):
        return self._call("delete", *args, **kwargs)

    def get_many(self, *args, **kwargs):
        return self._call("get_many", *args, **kwargs)

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
