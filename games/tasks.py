"""Celery tasks of the games app. They call plain functions; with no broker they run in-process."""

from __future__ import annotations

from celery import shared_task

from games.gamelog import LogFormatError, parse_log
from games.gamelog.validator import validate


@shared_task(name="games.check_log", acks_late=True, reject_on_worker_lost=True)
def check_log(log_text: str) -> dict:
    """Validate one log sent as text (either form) and return the verdict as JSON data.

    Pure: it stores nothing, so running it twice is harmless. Stored game records and their
    idempotent validation come with the log pipeline.
    """
    try:
        log = parse_log(log_text)
    except LogFormatError as exc:
        return {"valid": False, "error": "not a Brume game log", "detail": str(exc)}
    return validate(log).to_json()


@shared_task(name="games.ping")
def ping() -> dict:
    """Answer from inside a worker: proves the broker and result store round-trip."""
    import os
    import socket

    return {"pong": True, "pid": os.getpid(), "host": socket.gethostname()}
