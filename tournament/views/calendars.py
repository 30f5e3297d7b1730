"""Calendar feeds for people (iCalendar, RFC 5545): an event's schedule and a person's matches.

They follow the event's visibility like every page: a private event's feed is a 404 to anyone
who may not see the event. The API has the same feeds (tournament/api/views/exports.py).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.utils import timezone

from tournament import selectors
from tournament.api import exports, ics
from tournament.views._common import _event_for


def _feed(request, name: str, entries, filename: str) -> HttpResponse:
    response = HttpResponse(
        ics.calendar(name, entries, now=timezone.now()), content_type="text/calendar; charset=utf-8"
    )
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "private, no-cache"
    return response


def _url_of(request):
    return lambda event: request.build_absolute_uri(event.get_absolute_url())


def _host(request) -> str:
    return request.get_host().split(":")[0]


def event_calendar(request, slug: str):
    event = _event_for(request, slug)
    entries = exports.event_entries(event, host=_host(request), url_of=_url_of(request))
    return _feed(request, event.name, entries, f"{event.slug}.ics")


@login_required
def my_calendar(request):
    matches = exports.player_matches(request.user, selectors.visible_events(request.user))
    entries = exports.player_entries(matches, user=request.user, host=_host(request), url_of=_url_of(request))
    return _feed(request, f"Brume — {request.user.username}", entries, "my-matches.ics")
