"""When the database cannot serve a request, the answer is a 503 with ``Retry-After``, never a 500
(busy, the module's first case, or unreachable).

Two ways it cannot:
- **busy**: every pooled connection stayed taken for ``BRUME_DB_POOL_TIMEOUT`` seconds (psycopg's
  pool raises ``PoolTimeout``, which Django hands on as an ``OperationalError``, its cause);
- **unreachable**: the connection broke (PostgreSQL restarted: "terminating connection due to
  administrator command", "server closed the connection unexpectedly") or could not be made
  (PostgreSQL down or starting: "connection refused", "the database system is starting up").

Most broken connections never reach a request: the pool checks each connection before handing it
out, and without a pool Django checks a kept connection before a request's first query (both
``CONN_HEALTH_CHECKS``, config/settings.py). What is left is a connection that dies while a request
uses it. A read (GET, HEAD) is then run once more, on a fresh connection
(``DatabaseRetryMiddleware``); anything else answers 503: a write may or may not have been saved,
so the client is told to check before sending it again.

The 503 is an HTML page for pages, the API's JSON error (``{"error": "unavailable", "detail": ...}``)
under /api/, plain text for a live stream. Django reaches it from three places:
- an error raised by a view: ``DatabaseUnavailableMiddleware.process_exception``;
- an error raised by a middleware (a session or a user loaded before the view):
  ``config.api_errors.server_error``, Django's 500 handler, which still sees the exception;
- a session that could not be saved after the view (Django then raises ``SessionInterrupted``,
  a 400): ``config.api_errors.bad_request``.
The live games' event streams, served ahead of Django (games/push/endpoint.py, viewer.py), retry
and answer the same way.
"""

from __future__ import annotations

import contextlib
import logging

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.db import DatabaseError, connections
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import gettext_lazy

from config.errors import error_body

try:
    import psycopg
    from psycopg_pool import PoolTimeout
except ImportError:  # an installation without PostgreSQL's driver: nothing to recognise
    psycopg = PoolTimeout = None

BUSY, UNREACHABLE = "busy", "unreachable"
RETRY_AFTER_SECONDS = 5
BODY = gettext_lazy("The site is busy: no database connection was free in time. Try again in a few seconds.")
UNREACHABLE_BODY = gettext_lazy("The site's database cannot be reached for a moment. Try again in a few seconds.")
WRITE_ADVICE = gettext_lazy("If you were sending something, check whether it was saved before sending it again.")
# PostgreSQL's codes for a server going away: connection exceptions (class 08), and an
# administrator's shutdown, a crash shutdown, a server not yet accepting connections.
SERVER_GONE = ("08", "57P01", "57P02", "57P03")
READS = ("GET", "HEAD")
log = logging.getLogger(__name__)


def _connection_failed(error: BaseException) -> bool:
    if psycopg is None:
        return False
    if isinstance(error, psycopg.InterfaceError):
        return True
    if isinstance(error, psycopg.OperationalError):
        # No SQLSTATE: the client library's own error (refused, closed, lost), not the server's.
        return error.sqlstate is None or error.sqlstate.startswith(SERVER_GONE)
    return False


def outage(error: BaseException | None) -> str | None:
    """``BUSY`` or ``UNREACHABLE`` when ``error`` is, or was caused by, one of the two; else None."""
    seen = set()
    while error is not None and id(error) not in seen:
        if PoolTimeout is not None and isinstance(error, PoolTimeout):
            return BUSY
        if _connection_failed(error):
            return UNREACHABLE
        seen.add(id(error))
        error = error.__cause__ or error.__context__
    return None


def is_database_busy(error: BaseException | None) -> bool:
    """True when ``error`` is, or was caused by, the pool having no connection to give."""
    return outage(error) == BUSY


def is_database_unavailable(error: BaseException | None) -> bool:
    """True when ``error`` means the database cannot serve now (busy or unreachable)."""
    return outage(error) is not None


def worth_retrying(error: BaseException | None) -> bool:
    """A broken connection: the next one, fresh, may well work (a busy pool would only wait again)."""
    return outage(error) == UNREACHABLE


def _explanation(kind: str, method: str) -> str:
    text = str(BODY if kind == BUSY else UNREACHABLE_BODY)
    return text if method in READS else f"{text} {WRITE_ADVICE}"


def plain_response(kind: str, method: str = "GET") -> HttpResponse:
    """The 503 in plain text (the live stream's answers are plain text)."""
    response = HttpResponse(_explanation(kind, method) + "\n", status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def unavailable_response(request, error: BaseException | None) -> HttpResponse:
    """The 503 for ``request``: JSON under /api/, an HTML page elsewhere. It renders without the
    request's context (no session, no user: nothing that would ask the database again)."""
    kind = outage(error) or UNREACHABLE
    explanation = _explanation(kind, request.method)
    if request.path.startswith("/api/"):
        response = JsonResponse(error_body("unavailable", explanation), status=503)
    else:
        page = render_to_string("unavailable.html", {"explanation": explanation, "retry_after": RETRY_AFTER_SECONDS})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response.database_outage = kind  # read by DatabaseRetryMiddleware
    return response


class DatabaseUnavailableMiddleware(MiddlewareMixin):
    """A view's busy or unreachable database becomes a 503; every other error goes on as before.
    (Django's mixin: sync and async capable, so it changes nothing in how the stack runs.)"""

    def process_exception(self, request, exception):
        return unavailable_response(request, exception) if is_database_unavailable(exception) else None


def drop_connections() -> None:
    """Give back this thread's connections (the broken one is discarded by the pool, or closed),
    so that the next query takes a fresh one. A test's open transaction is left alone."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            with contextlib.suppress(DatabaseError):
                connection.close()


def _retry(request, response) -> bool:
    return request.method in READS and getattr(response, "database_outage", None) == UNREACHABLE


class DatabaseRetryMiddleware:
    """A read whose connection broke under it is served once more, on fresh connections; its
    first answer (a 503) is dropped. Placed before the middleware that read the session and the
    user, so that those are read again too. Writes are never repeated."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        self.async_mode = iscoroutinefunction(get_response)
        if self.async_mode:
            markcoroutinefunction(self)

    def __call__(self, request):
        if self.async_mode:
            return self.__acall__(request)
        response = self.get_response(request)
        if _retry(request, response):
            log.warning("%s %s met a broken database connection: served again", request.method, request.path)
            drop_connections()
            response = self.get_response(request)
        return response

    async def __acall__(self, request):
        response = await self.get_response(request)
        if _retry(request, response):
            log.warning("%s %s met a broken database connection: served again", request.method, request.path)
            await sync_to_async(drop_connections)()  # the request's own thread, where its connections are
            response = await self.get_response(request)
        return response
