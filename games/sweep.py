"""The sweep: send again whatever was written down as to-do but never done.

Work outside the request is written down in the database before its task is sent (a pending
record, a row of the rating outbox). If the send fails (broker down) or the message is lost,
the sweep sends it again. Each app registers what it sweeps; games cannot import the apps
above it, so ranking registers its outbox from its ``AppConfig.ready``.

It runs:
- with a broker: every ``BRUME_SWEEP_INTERVAL`` seconds as the ``brume.sweep`` task (the beat
  process of the Procfile sends it);
- on demand: ``python manage.py requeue_records [--older-than SECONDS]``;
- with no broker (tasks run in-process): on the next upload or result change once the interval
  has passed (``sweep_if_due``). No timer thread: the embedded site is one process that may be
  a dev server, a test run or a management command, and a thread writing to SQLite beside the
  request handlers would fight them for the write lock; an upload or result change is when
  work is queued anyway, so what a crash left behind is picked up then.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from celery import current_app
from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)

# name -> fn(older_than seconds or None for the default) -> how many items were sent again
Sweeper = Callable[[float | None], int]
_SWEEPERS: dict[str, Sweeper] = {}


def register(name: str, sweeper: Sweeper) -> None:
    _SWEEPERS[name] = sweeper


def _records(older_than: float | None) -> int:
    from games.services import records_requeue

    return len(records_requeue(older_than=older_than))


def _batches(older_than: float | None) -> int:
    from games.ai_batches import batches_requeue

    return len(batches_requeue(older_than=older_than))


def _live_games(older_than: float | None) -> int:
    from games.live import live_games_requeue

    return len(live_games_requeue(older_than=older_than))


register("records", _records)
register("AI batches", _batches)
register("live games", _live_games)


def sweep(*, older_than: float | None = None) -> dict[str, int]:
    """Run every registered sweep; one failing does not stop the others."""
    sent = {}
    for name, sweeper in _SWEEPERS.items():
        try:
            sent[name] = sweeper(older_than)
        except Exception:
            logger.exception("the %s sweep failed", name)
            sent[name] = 0
    return sent


def sweep_if_due() -> None:
    """With tasks in-process only: sweep if the last sweep of this process's cache is older
    than ``BRUME_SWEEP_INTERVAL`` (the cache key's expiry is the timer)."""
    if not current_app.conf.task_always_eager:
        return
    try:
        due = cache.add("brume:sweep:last", 1, timeout=settings.BRUME_SWEEP_INTERVAL)
    except Exception:  # a cache outage must not fail the upload that triggered this
        logger.exception("could not check when the last sweep ran")
        return
    if due:
        sweep()
