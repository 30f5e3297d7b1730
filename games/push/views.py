"""``GET /play/<public_id>/events/`` as Django serves it: one answer, and the page asks again.

The held stream is not served here: config.asgi hands that path to games/push/endpoint.py ahead
of Django (a Django view kept a thread, and whatever connection its middleware took, for each
open stream). Django answers it only where that route is not in front: under WSGI (Django's test
server, the test client), where a held stream would hold a thread too. There the view sends the
current version with ``retry: 10000`` and ends, so the page polls every 10 s.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.views.decorators.http import require_GET

from games.push.events import event_of
from games.push.stream import DEGRADED_RETRY_MS, opening
from games.selectors import live_game_for_viewer

MAX_VERSION = 2**31 - 1
HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def last_seen_version(request) -> int | None:
    """The version the page has: Last-Event-ID on a reconnection, else ``?version=``."""
    text = request.headers.get("Last-Event-ID") or request.GET.get("version") or ""
    text = text.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 10:
        return None  # missing or malformed: the page gets the current version at once
    return min(int(text), MAX_VERSION)


@require_GET
def live_game_events(request, public_id: str):
    last_seen = last_seen_version(request)
    live = live_game_for_viewer(public_id, request.user)
    if live is None:
        raise Http404("no such game")
    current = event_of(live)
    if current.finished and last_seen is not None and last_seen >= current.version:
        return HttpResponse(status=204)
    body = f"retry: {DEGRADED_RETRY_MS}\n\n" + "".join(opening(current, last_seen))
    return HttpResponse(body, content_type="text/event-stream", headers=HEADERS)
