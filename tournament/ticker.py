"""The embedded deadline ticker: ``run_deadlines`` every minute in the web process itself.

Only in embedded mode with no broker (no beat runs then), and only when an ASGI server starts
the site (config/asgi.py starts it on the lifespan "startup" message): never in tests or
management commands, which do not send that message. Several web processes each run a ticker;
the runner is safe to overlap, so that only costs a few queries. ``BRUME_DEADLINE_TICKER=false``
turns it off (for a web process that must never write, or a second site on the same database).
"""

from __future__ import annotations

import logging
import os
import threading

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

log = logging.getLogger(__name__)

EVERY_SECONDS = 60.0

_stop = threading.Event()
_thread: threading.Thread | None = None
_lock = threading.Lock()


def wanted() -> bool:
    switched_off = os.environ.get("BRUME_DEADLINE_TICKER", "true").strip().lower() in {"0", "false", "no", "off"}
    return bool(settings.EMBEDDED and not settings.CELERY_BROKER_URL and not switched_off)


def tick() -> None:
    from tournament.services.deadlines import run_deadlines

    close_old_connections()
    try:
        run_deadlines(timezone.now())
    except Exception:  # a failed tick is retried by the next one; the thread must live on
        log.exception("the deadline runner failed")
    finally:
        close_old_connections()


def _loop() -> None:
    while not _stop.wait(EVERY_SECONDS):
        tick()


def start() -> bool:
    """Start the ticker thread once per process (no-op when not wanted or already running)."""
    global _thread
    if not wanted():
        return False
    with _lock:
        if _thread is not None and _thread.is_alive():
            return False
        _stop.clear()
        _thread = threading.Thread(target=_loop, name="brume-deadlines", daemon=True)
        _thread.start()
    return True


def stop() -> None:
    _stop.set()
