"""One beat at a time (docs/deploy.md, "Beat"): the scheduler of ``celery beat`` when Redis is the
broker (``CELERY_BEAT_SCHEDULER`` in config/settings.py).

It is celery-redbeat's: the schedule and each task's last run are kept in Redis, so whichever beat
sends next knows what the previous one sent. Only the beat holding a lock in Redis sends. What
changes here is how the lock is held:

- it is asked for at every tick, without waiting (RedBeat waits for it once, at start, blocked in
  a signal handler): a beat that is not holding it sends nothing and asks again after
  ``beat_max_loop_interval`` seconds;
- the holder renews it at every tick, to ``redbeat_lock_timeout`` seconds; a holder that died
  without letting go loses it that long after its last tick, and the next to ask takes it over;
- a holder that finds its lock gone or taken (it was stopped longer than the timeout, or Redis
  restarted empty) sends nothing in that tick: it stands by, or takes a free lock again;
- Redis unreachable: the tick sends nothing, says so, and beat goes on (RedBeat's beat exited);
  on taking the lock, the schedule's entries are written again, should Redis have lost them
  (their last runs are kept when it has not).
"""

from __future__ import annotations

import contextlib

import redis
from celery.signals import beat_init
from celery.utils.log import get_logger
from redbeat.schedulers import LUA_EXTEND_TO_SCRIPT, RedBeatScheduler, acquire_distributed_beat_lock, get_redis

logger = get_logger("celery.beat")

# RedBeat's own handler would block beat's start until the lock is free; ticks ask for it here.
beat_init.disconnect(acquire_distributed_beat_lock)


# Settings RedBeat reads: it looks for them by their bare names, and Django's settings give them
# the CELERY_ prefix (it would fall back to the broker's options, and say so at every start).
REDBEAT_SETTINGS = ("redbeat_redis_url", "redbeat_redis_options", "redbeat_key_prefix", "redbeat_lock_timeout")


class OneBeatScheduler(RedBeatScheduler):
    def __init__(self, app, *args, **kwargs):
        found = {name: app.conf.first(name) for name in REDBEAT_SETTINGS}
        app.conf.update({name: value for name, value in found.items() if value is not None})
        super().__init__(app, *args, **kwargs)

    def tick(self, min=min, **kwargs):
        try:
            if not self._holding_the_lock():
                return self.max_interval
            waits = [self.maybe_due(entry, **self._maybe_due_kwargs) for entry in self.schedule.values()]
        except redis.RedisError as exc:
            logger.warning(
                "beat: Redis did not answer (%s): nothing sent; trying again in %s s", exc, self.max_interval
            )
            return self.max_interval
        return min([wait for wait in waits if wait] + [self.max_interval])

    def _holding_the_lock(self) -> bool:
        if self.lock is not None:
            try:
                self.lock.extend(int(self.lock_timeout))  # to the whole timeout again (RedBeat's script)
                return True
            except redis.exceptions.LockNotOwnedError:
                logger.warning("beat: Lost the lock (no tick for %s s, or Redis restarted)", self.lock_timeout)
                self.lock = None
        lock = self._new_lock()
        if not lock.acquire(blocking=False):
            return False
        try:
            super().setup_schedule()
        except redis.RedisError:
            with contextlib.suppress(redis.RedisError):
                lock.release()
            raise
        self.lock = lock
        logger.info("beat: Acquired lock: this beat sends the periodic tasks")
        return True

    def setup_schedule(self):
        """At start (celery's Scheduler calls it): written again on taking the lock anyway."""
        try:
            super().setup_schedule()
        except redis.RedisError as exc:
            logger.warning("beat: Redis did not answer (%s): the schedule is written once it does", exc)

    def _new_lock(self):
        client = get_redis(self.app)
        lock = client.lock(self.lock_key, timeout=self.lock_timeout, sleep=self.max_interval)
        lock.lua_extend = client.register_script(LUA_EXTEND_TO_SCRIPT)
        return lock

    def close(self):
        try:
            super().close()  # gives the lock back: a standby takes over at its next tick
        except redis.RedisError as exc:
            logger.warning("beat: could not give the lock back (%s): it lapses after %s s", exc, self.lock_timeout)
