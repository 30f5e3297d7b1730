"""Who opens a live game's stream, and may they see the game: the one database read of a stream.

The stream is served ahead of Django's middleware (games/push/endpoint.py), so this does for that
path what the middleware does for a page, with Django's own parts and the page's own rule:
the session from its cookie (``SESSION_ENGINE``'s store), the user from the session
(``django.contrib.auth.get_user``, with its session-hash check: a session whose password
changed is flushed, as on any page), then ``games.selectors.live_game_for_viewer``. If the user
check changed the session (flushed, or moved to a new key), Django's ``SessionMiddleware``
writes the cookie that says so, as it would have.

It runs in a small pool of threads of its own (``BRUME_PUSH_DB_READERS``, 4 by default), never
in a thread per request: a burst of openings (a round's pairings out: 400 pages at once) queues
here, a few milliseconds each, and takes at most that many of the process's pooled database
connections at any moment, leaving the rest to pages and moves. Each connection is given back
(``close()``: to the pool, when there is one) before the thread takes the next opening, so an
open stream holds none.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from http.cookies import SimpleCookie
from importlib import import_module

from django.conf import settings
from django.contrib import auth
from django.contrib.sessions.middleware import SessionMiddleware
from django.db import connections
from django.http import HttpResponse

from config.db_busy import worth_retrying
from games.push.events import LiveEvent, event_of
from games.selectors import live_game_for_viewer

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Viewer:
    event: LiveEvent | None  # the game's version and status; None: not found for this viewer
    cookies: SimpleCookie  # what the session's check has to tell the browser (usually nothing)
    vary: str | None  # "Cookie" when the session was read, as Django says on a page


def identify(request, public_id: str) -> Viewer:
    """The viewer's session and user, and the game if they may see it; no connection is left open."""
    try:
        store = import_module(settings.SESSION_ENGINE).SessionStore
        request.session = store(request.COOKIES.get(settings.SESSION_COOKIE_NAME))
        request.user = auth.get_user(request)
        live = live_game_for_viewer(public_id, request.user)
        head = SessionMiddleware(lambda request: None).process_response(request, HttpResponse())
        return Viewer(None if live is None else event_of(live), head.cookies, head.headers.get("Vary"))
    finally:
        for connection in connections.all(initialized_only=True):
            if not connection.in_atomic_block:  # (a test's transaction is left alone)
                connection.close()


_lock = threading.Lock()
_readers: ThreadPoolExecutor | None = None


def readers() -> ThreadPoolExecutor:
    """The process's stream-opening threads (made on first use: after a fork, in the worker)."""
    global _readers
    with _lock:
        if _readers is None:
            _readers = ThreadPoolExecutor(
                max_workers=settings.BRUME_PUSH_DB_READERS, thread_name_prefix="brume-stream-db"
            )
        return _readers


async def read_viewer(request, public_id: str) -> Viewer:
    """``identify`` in one of the stream-opening threads; openings beyond them wait their turn.
    A connection that broke under it (PostgreSQL restarted) was given back by ``identify``: the
    read is tried once more, on a fresh one (config/db_busy.py); any other error goes on."""
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(readers(), identify, request, public_id)
    except Exception as error:
        if not worth_retrying(error):
            raise
        log.warning("live stream of %s met a broken database connection: read again", public_id)
        return await loop.run_in_executor(readers(), identify, request, public_id)
