"""Celery tasks of the games app. They call services; with no broker they run in-process."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError

from games.gamelog import LogFormatError, parse_log
from games.gamelog.validator import validate

logger = logging.getLogger(__name__)


def publish(task, *args, what: str, countdown: float | None = None, retry: bool = True) -> bool:
    """Send a task and never let the sending fail the caller.

    With the broker down (or slow), publishing fails within the short timeouts of the Celery
    settings; the error is logged and False returned. Whatever the task was to do is written
    down before it is sent (a pending record, a row of the rating outbox), so the sweep
    (``brume.sweep``, ``manage.py requeue_records``) sends it again once the broker is back.
    Without a broker the task runs here and then, and its failure is logged the same way.
    ``retry=False``: one attempt to send, for work nobody waits on (a warm cache).
    """
    try:
        if countdown is None and retry:
            task.delay(*args)
        else:
            task.apply_async(args, countdown=countdown, retry=retry)
    except Exception:
        logger.exception("could not queue %s; the sweep will queue it again", what)
        return False
    return True


def publish_each(task, ids: list, *, what) -> list:
    """``publish(task, id)`` for each id in turn, ``what(id)`` naming it; stops at the first the
    broker refuses (the rest would only wait out the same timeout: the sweep sends them later).
    Returns the ids sent."""
    sent = []
    for one in ids:
        if not publish(task, one, what=what(one)):
            break
        sent.append(one)
    return sent


# Fire-and-forget tasks ignore their result: sending one then never touches the result store,
# which would otherwise subscribe to the task's result at every publish.
@shared_task(
    name="games.validate_record",
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError),  # the database, not the log, failed
    retry_backoff=True,
    retry_backoff_max=60,
    max_retries=5,
)
def validate_record(record_id: int) -> dict:
    """Validate one stored record, exactly once: a duplicate delivery finds it claimed or done."""
    from games.services import record_validate

    record = record_validate(record_id=record_id)
    if record is None:
        return {"record": record_id, "skipped": True}
    return {"record": record_id, "status": record.status}


@shared_task(
    name="games.validate_records",
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=True,
    retry_backoff_max=60,
    max_retries=5,
)
def validate_records(record_ids: list[int]) -> dict:
    """Validate several records in one task; each is claimed and written once, as above, so a
    retried or redelivered batch only does what is left."""
    from games.services import record_validate

    done = [record_id for record_id in record_ids if record_validate(record_id=record_id) is not None]
    return {"records": record_ids, "validated": done}


@shared_task(name="games.check_log", acks_late=True, reject_on_worker_lost=True)
def check_log(log_text: str) -> dict:
    """Validate a log sent as text (either form) and return the verdict; stores nothing."""
    try:
        log = parse_log(log_text)
    except LogFormatError as exc:
        return {"valid": False, "error": "not a Brume game log", "detail": str(exc)}
    return validate(log).to_json()


@shared_task(name="games.check_logs", acks_late=True, reject_on_worker_lost=True)
def check_logs(log_texts: list[str]) -> list[dict]:
    """Validate several logs in one task: for bulk checks, where one message per log would cost
    more in queueing than the validation itself."""
    return [check_log.run(text) for text in log_texts]


@shared_task(name="games.play_ai_batch", acks_late=True, reject_on_worker_lost=True)
def play_ai_batch(batch_id: int) -> dict:
    """Play the games of an AI batch, storing each as a record; progress is saved game by game."""
    from games.ai_batches import batch_play

    batch = batch_play(batch_id=batch_id)
    return {"batch": batch_id, "status": batch.status, "played": batch.games_played}


@shared_task(name="games.play_live_ai_move", acks_late=True, reject_on_worker_lost=True)
def play_live_ai_move(live_id: int, version: int) -> dict:
    """Play an AI seat's move in a live game; a stale or repeated delivery does nothing."""
    from games.live import live_ai_move

    live = live_ai_move(live_id=live_id, version=version)
    return {"live": live_id, "played": live is not None}


@shared_task(name="games.live_after_move", ignore_result=True, acks_late=True, reject_on_worker_lost=True)
def live_after_move(live_id: int, version: int, to_move: int | None) -> None:
    """After a move that began a new turn: set the turn's clocks, tell the seat to move (never in
    the web request when there is a broker); a stale delivery does nothing."""
    from games.live import live_after_move as after

    after(live_id=live_id, version=version, to_move=to_move)


@shared_task(name="games.live_turn_timeout", acks_late=True, reject_on_worker_lost=True)
def live_turn_timeout(live_id: int, turn_version: int) -> dict:
    """The turn clock fell due: end the turn if it is still the same turn."""
    from games.live import live_enforce_clock

    return {"live": live_id, "ended": live_enforce_clock(live_id=live_id, turn_version=turn_version) is not None}


@shared_task(name="games.live_clock_flag", acks_late=True, reject_on_worker_lost=True)
def live_clock_flag(live_id: int, turn_version: int) -> dict:
    """At a seat's flag time: end the game if that turn is still running and its time is out."""
    from games.live_actions import live_flag

    return {"live": live_id, "ended": live_flag(live_id=live_id, turn_version=turn_version) is not None}


@shared_task(name="games.ping")
def ping() -> dict:
    """Answer from inside a worker: proves the broker and result store round-trip."""
    import os
    import socket

    return {"pong": True, "pid": os.getpid(), "host": socket.gethostname()}


@shared_task(name="brume.sweep", ignore_result=True)
def sweep() -> dict:
    """Send again what was written down but not done: stuck records, rating updates (beat
    sends this every ``BRUME_SWEEP_INTERVAL`` seconds)."""
    from games.sweep import sweep as run

    return run()
