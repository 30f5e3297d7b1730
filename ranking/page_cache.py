"""Whole event pages (and leaderboards) for readers who are not signed in, kept per version of
the event (of the rating pool).

When a round's pairings come out, hundreds of people open the same event page, round page and
standings at once, most of them not signed in. Their page is the same for all of them but for the
CSRF token in it: so the page is kept (in the cache and in the process) under the event's version
(``ranking.cache``: any committed change of the event makes a new one), the reader's language and
the address, with its CSRF tokens taken out; each response gets a token of its own reader put
back in. A repeated view then costs one cache read and no rendering.

Only what is the same for every anonymous reader is kept:
- GET or HEAD, no session cookie (a signed-in person, or a visitor holding messages, renders the
  page), no htmx request (fragments), and no query but a page number;
- a 200 HTML response that sets no cookie but the CSRF one (a message would set one), built
  from parts of the event's current version only (while another reader computes them, a page of
  the previous version's parts is shown but not kept).
Who may see the event is unchanged: a private event never answers 200 to an anonymous reader, and
making it private is a change of the event (a new version). Relative times on a kept page ("in
2 h") age by at most ``PAGE_TIMEOUT``.
"""

from __future__ import annotations

import functools

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from config.http import MASKED_TOKENS, body_etag
from ranking import cache as derived

PAGE_TIMEOUT = 60  # seconds a page is kept at most
PAGE_PARAM = "page"
TOKEN_MARK = b"\x00brume-csrf-token\x00"
KEPT_IN_PROCESS = 32

_local = derived.KeptInProcess(KEPT_IN_PROCESS, seconds=PAGE_TIMEOUT)  # no longer than in the cache


def _event_id(slug: str) -> int | None:
    from tournament.models import Event

    return Event.objects.filter(slug=slug).values_list("pk", flat=True).first()


def _pool_id(slug: str) -> int | None:
    from ranking.models import RatingPool

    return RatingPool.objects.filter(slug=slug).values_list("pk", flat=True).first()


def _page_number(request) -> str | None:
    """The page number asked for ("" for none), or None when this request's page is not one to keep."""
    if request.method not in ("GET", "HEAD") or settings.SESSION_COOKIE_NAME in request.COOKIES:
        return None
    if request.headers.get("HX-Request"):
        return None
    page = ""
    for name, values in request.GET.lists():
        if name != PAGE_PARAM or len(values) != 1 or not (values[0].isascii() and values[0].isdigit()):
            return None
        if len(values[0]) > 6:
            return None
        page = values[0]
    return page


def _key(request, slug: str, scope: str = derived.EVERYTHING) -> str | None:
    """Where this request's page is kept (an event's, or with ``POOL`` a rating pool's), or None
    when it is not one to keep."""
    page = _page_number(request)
    if page is None:
        return None
    subject_id = _pool_id(slug) if scope == derived.POOL else _event_id(slug)
    if subject_id is None:
        return None
    version = derived.event_version(subject_id, scope)
    where = f"{scope}:{subject_id}:v{version}:{get_language() or 'en'}:{request.path}:{page}"
    return f"{derived._ns()}:page:{where}"


def _stored(key: str):
    found = _local.get(key)
    if found is None:
        found = cache.get(key)
        if found is not None:
            _local.put(key, found)
    return found


def _storable(response) -> bool:
    if response.status_code != 200 or response.streaming:
        return False
    if not response.get("Content-Type", "").startswith("text/html"):
        return False
    if set(response.cookies) - {settings.CSRF_COOKIE_NAME}:
        return False
    return "private" not in response.get("Cache-Control", "") and "no-store" not in response.get("Cache-Control", "")


def _without_tokens(body: bytes) -> bytes:
    for pattern in MASKED_TOKENS:
        body = pattern.sub(rb"\1" + TOKEN_MARK.replace(b"\\", b"\\\\") + b'"', body)
    return body


def _response(request, stored) -> HttpResponse:
    body, content_type, etag = stored
    if TOKEN_MARK in body:
        body = body.replace(TOKEN_MARK, get_token(request).encode())
    response = HttpResponse(body, content_type=content_type)
    response["ETag"] = etag
    return response


def _kept_page(key: str | None, request, render) -> HttpResponse:
    if key is None:
        return render()
    stored = _stored(key)
    if stored is not None:
        return _response(request, stored)
    with derived.unit_of_work() as reads:
        response = render()
    if _storable(response) and not reads.previous:  # a page of a previous version's parts: not kept
        body = _without_tokens(response.content)
        stored = (body, response["Content-Type"], body_etag(response.content))
        cache.set(key, stored, timeout=PAGE_TIMEOUT)
        _local.put(key, stored)
    return response


def anonymous_page(view):
    """Keep the view's page for anonymous readers per version of the event named by ``slug``."""

    @functools.wraps(view)
    def wrapper(request, slug: str, *args, **kwargs):
        return _kept_page(_key(request, slug), request, lambda: view(request, slug, *args, **kwargs))

    return wrapper


def anonymous_pool_page(view):
    """Keep the view's page for anonymous readers per version of the rating pool named by ``pool``
    (its leaderboard: the same for every reader but for the page number)."""

    @functools.wraps(view)
    def wrapper(request, pool: str, *args, **kwargs):
        return _kept_page(_key(request, pool, derived.POOL), request, lambda: view(request, pool, *args, **kwargs))

    return wrapper
