"""``GET /play/<public_id>/events/`` as a small ASGI application, ahead of Django's handler.

Why not a Django view: Django's ASGI handler runs every request inside a thread-sensitive
context, so each request's synchronous parts (the site's sync middleware, the session and user
they load, the ORM) run in a thread of that request's own, which lives until the response ends;
and ``request_finished``, which gives database connections back, fires only when the response
ends. For a page that is milliseconds; a stream lasts up to ten minutes. Served as a view, each
open stream kept a thread (most of the 90 KiB an open stream cost) and any connection its
middleware took (the session saved on the way out) for its whole life, until the pool ran dry.
Making every middleware async-capable would not have been enough: whitenoise's is sync-only,
and any ORM call, session load included, still goes through a thread of the request.

So ``config.asgi`` hands this path here. It does what the middleware does for this path and no
more, with the same code: ``TrustedProxyMiddleware`` (the client address: ``client_ip``), the
allowed hosts, the response headers of ``SecurityMiddleware``, ``SecurityHeadersMiddleware`` and
``XFrameOptionsMiddleware``; then the one database read in a shared pool of a few threads
(games/push/viewer.py: session, user, ``live_game_for_viewer``); then the stream itself is a
coroutine on the event loop: no thread and no connection while it is open.

Answers: 200 a stream; 404 a game this viewer may not see, the same bytes as a game that does
not exist; 204 a finished game the page is up to date with; 429/503 the caps of
games/push/limits.py (per client address, in all); 503 with ``Retry-After`` when no database
connection was free, or none worked (PostgreSQL restarting or down: a broken connection is first
tried once more, games/push/viewer.py; config/db_busy.py); 405 anything but GET; 400 a host not
allowed.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse
from django.utils.module_loading import import_string

from config.db_busy import outage, plain_response
from config.proxies import TrustedProxyMiddleware, client_ip
from games.models import PUBLIC_ID_PATTERN
from games.push.limits import LIMITS
from games.push.stream import degraded_stream, live_stream
from games.push.transport import PushUnavailable, unwatch, watch
from games.push.viewer import read_viewer
from games.push.views import HEADERS, last_seen_version

ROUTE = re.compile(rf"/play/(?P<public_id>{PUBLIC_ID_PATTERN})/events/")
# The site's middleware that only writes response headers, run on each answer's head here.
HEAD_MIDDLEWARE = (
    "django.middleware.security.SecurityMiddleware",
    "config.security.SecurityHeadersMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
)
log = logging.getLogger(__name__)


def stream_game(scope) -> str | None:
    """The public id of the game whose stream ``scope`` asks for; None for any other request."""
    if scope["type"] != "http":
        return None
    match = ROUTE.fullmatch(scope["path"])
    return match["public_id"] if match else None


def _site_headers(request) -> HttpResponse:
    """An empty answer through the header-writing middleware: its headers go on every answer
    here. (SecurityMiddleware may answer instead: the redirect to HTTPS.)"""
    handler = lambda request: HttpResponse()  # noqa: E731
    for path in reversed([path for path in settings.MIDDLEWARE if path in HEAD_MIDDLEWARE]):
        handler = import_string(path)(handler)
    return handler(request)


def _plain(status: int, text: str = "", **headers: str) -> HttpResponse:
    return HttpResponse(text, status=status, content_type="text/plain; charset=utf-8", headers=headers)


async def _send_head(send, response: HttpResponse, site: HttpResponse | None, viewer=None) -> None:
    headers = dict(response.items())
    for name, value in site.items() if site is not None else ():
        headers.setdefault(name, value)
    if viewer is not None and viewer.vary:
        headers["Vary"] = viewer.vary
    raw = [(name.encode("latin-1"), str(value).encode("latin-1")) for name, value in headers.items()]
    cookies = list(response.cookies.values()) + (list(viewer.cookies.values()) if viewer is not None else [])
    raw += [(b"set-cookie", cookie.output(header="").strip().encode("latin-1")) for cookie in cookies]
    await send({"type": "http.response.start", "status": response.status_code, "headers": raw})


async def _answer(send, response: HttpResponse, site: HttpResponse | None = None, viewer=None) -> None:
    await _send_head(send, response, site, viewer)
    await send({"type": "http.response.body", "body": response.content})


async def application(scope, receive, send) -> None:
    """The ASGI application of the stream path (config.asgi routes it here). The request lives
    in this frame only until the stream's head is sent: an open stream keeps none of it."""
    public_id = stream_game(scope)
    try:
        request = ASGIRequest(scope, io.BytesIO())  # a GET has no body; anything else is refused
        request.get_host()  # ALLOWED_HOSTS, as CommonMiddleware checks it
    except (UnicodeDecodeError, DisallowedHost):
        await _answer(send, _plain(400, "Bad Request\n"))
        return
    if request.method != "GET":
        await _answer(send, _plain(405, "", Allow="GET"))
        return
    TrustedProxyMiddleware(lambda request: None)(request)  # forwarded headers only from trusted proxies
    site = _site_headers(request)
    if site.status_code != 200:
        await _answer(send, site)  # the redirect to HTTPS
        return
    last_seen = last_seen_version(request)
    address = client_ip(request)
    refused = LIMITS.take(
        address, max_total=settings.BRUME_PUSH_MAX_STREAMS, max_per_address=settings.BRUME_PUSH_MAX_PER_ADDRESS
    )
    if refused:
        text = f"{refused}: too many open live streams, the page polls instead\n"
        await _answer(send, _plain(503 if refused == "busy" else 429, text, **{"Retry-After": "30"}), site)
        return
    watcher = None
    try:
        with contextlib.suppress(PushUnavailable):
            watcher = await watch(public_id)  # before reading the version: no move falls between
        try:
            viewer = await read_viewer(request, public_id)
        except Exception as error:
            kind = outage(error)
            if kind is None:
                raise
            log.warning("live stream of %s refused: the database is %s", public_id, kind)
            await _answer(send, plain_response(kind), site)
            return
        current = viewer.event
        if current is None:
            await _answer(send, _plain(404, "Not Found\n"), site, viewer)
            return
        if current.finished and last_seen is not None and last_seen >= current.version:
            await _answer(send, HttpResponse(status=204), site, viewer)  # EventSource stops asking
            return
        head = HttpResponse(content_type="text/event-stream", headers=HEADERS)
        await _send_head(send, head, site, viewer)
        del request, viewer, head, site  # nothing of the request is kept while the stream is open
        if watcher is None:
            await _relay(send, receive, degraded_stream(current, last_seen), None)
            return
        body = live_stream(
            watcher,
            current,
            last_seen,
            lifetime=settings.BRUME_PUSH_STREAM_SECONDS,
            heartbeat=settings.BRUME_PUSH_HEARTBEAT_SECONDS,
        )
        await _relay(send, receive, body, watcher)
    finally:
        if watcher is not None:
            unwatch(watcher)
        LIMITS.give_back(address)


async def _relay(send, receive, body, watcher) -> None:
    """Send the stream's parts as they come; a page that goes away ends it at once (its watcher
    is woken as if the broker were lost, so the stream does not wait for its next heartbeat)."""

    async def hang_up() -> None:
        while (await receive())["type"] != "http.disconnect":
            pass
        if watcher is not None:
            watcher.hang_up()

    listener = asyncio.create_task(hang_up())
    try:
        async for part in body:
            if listener.done():
                return
            await send({"type": "http.response.body", "body": part.encode(), "more_body": True})
        if not listener.done():
            await send({"type": "http.response.body", "body": b""})
    except OSError:
        return  # the connection is gone
    finally:
        listener.cancel()
        await body.aclose()
