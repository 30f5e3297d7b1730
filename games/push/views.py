"""``GET /play/<public_id>/events/``: a live game's event stream, for whoever may see the game."""

from __future__ import annotations

import asyncio
import weakref

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from config.proxies import client_ip
from games.push.events import LiveEvent, event_of
from games.push.limits import LIMITS
from games.push.stream import DEGRADED_RETRY_MS, degraded_stream, live_stream, opening
from games.push.transport import PushUnavailable, unwatch, watch
from games.selectors import live_game_for_viewer

MAX_VERSION = 2**31 - 1
HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def _last_seen(request) -> int | None:
    """The version the page has: Last-Event-ID on a reconnection, else ``?version=``."""
    text = request.headers.get("Last-Event-ID") or request.GET.get("version") or ""
    text = text.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 10:
        return None  # missing or malformed: the page gets the current version at once
    return min(int(text), MAX_VERSION)


def _current_event(request, public_id: str) -> LiveEvent | None:
    """The game's version and status if this viewer may see it; the connection is closed after,
    so an open stream holds no database connection."""
    try:
        live = live_game_for_viewer(public_id, request.user)
        return None if live is None else event_of(live)
    finally:
        for connection in connections.all(initialized_only=True):
            if not connection.in_atomic_block:  # (a test's transaction is left alone)
                connection.close()


# At most this many stream openings of one process read the database at once. Each request runs its
# sync code in a thread of its own (Django's ASGI handler), so 400 pages opening their streams in
# the same second (a round's pairings out) would open 400 connections and exceed PostgreSQL's
# max_connections; queued here, they wait a few milliseconds instead.
DB_READERS = 8
_readers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # one gate per event loop


async def _read_current(request, public_id: str) -> LiveEvent | None:
    loop = asyncio.get_running_loop()
    gate = _readers.get(loop)
    if gate is None:
        gate = _readers[loop] = asyncio.Semaphore(DB_READERS)
    async with gate:
        return await sync_to_async(_current_event)(request, public_id)


def _stream_response(content, status: int = 200) -> StreamingHttpResponse:
    return StreamingHttpResponse(content, status=status, content_type="text/event-stream", headers=HEADERS)


@require_GET
async def live_game_events(request, public_id: str):
    last_seen = _last_seen(request)
    if not isinstance(request, ASGIRequest):
        # Under WSGI (Django's test server) a held stream would hold a thread: one answer, and
        # the page asks again after the retry delay (a slow poll).
        current = await _read_current(request, public_id)
        if current is None:
            raise Http404("no such game")
        if current.finished and last_seen is not None and last_seen >= current.version:
            return HttpResponse(status=204)
        body = f"retry: {DEGRADED_RETRY_MS}\n\n" + "".join(opening(current, last_seen))
        return HttpResponse(body, content_type="text/event-stream", headers=HEADERS)

    address = client_ip(request)
    refused = LIMITS.take(
        address, max_total=settings.BRUME_PUSH_MAX_STREAMS, max_per_address=settings.BRUME_PUSH_MAX_PER_ADDRESS
    )
    if refused:
        status = 503 if refused == "busy" else 429
        return HttpResponse(
            f"{refused}: too many open live streams, the page polls instead\n",
            status=status,
            content_type="text/plain",
            headers={"Retry-After": "30"},
        )
    released = False

    def release() -> None:
        nonlocal released
        if not released:
            released = True
            if watcher is not None:
                unwatch(watcher)
            LIMITS.give_back(address)

    watcher = None
    try:
        try:
            watcher = await watch(public_id)  # before reading the version: no move falls between
        except PushUnavailable:
            watcher = None
        current = await _read_current(request, public_id)
    except BaseException:
        release()
        raise
    if current is None:
        release()
        raise Http404("no such game")
    if current.finished and last_seen is not None and last_seen >= current.version:
        release()
        return HttpResponse(status=204)  # nothing more will come: EventSource stops asking
    if watcher is None:
        release()
        return _stream_response(degraded_stream(current, last_seen))
    response = _stream_response(
        live_stream(
            watcher,
            current,
            last_seen,
            lifetime=settings.BRUME_PUSH_STREAM_SECONDS,
            heartbeat=settings.BRUME_PUSH_HEARTBEAT_SECONDS,
            on_close=release,
        )
    )
    response._resource_closers.append(release)  # also when the stream never started
    return response
