"""Calendar feeds for people (iCalendar, RFC 5545): an event's schedule and a person's matches.

They follow the event's visibility like every page: a private event's feed is a 404 to anyone
who may not see the event. The API has the same feeds (tournament/api/views/exports.py).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare, salted_hmac

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


def _my_feed(request, user) -> HttpResponse:
    matches = exports.player_matches(user, selectors.visible_events(user))
    entries = exports.player_entries(matches, user=user, host=_host(request), url_of=_url_of(request))
    return _feed(request, f"Brume — {user.username}", entries, "my-matches.ics")


@login_required
def my_calendar(request):
    return _my_feed(request, request.user)


# A calendar app cannot sign in: it reads a private link instead. The link's token is derived
# from the account's password hash, so changing the password revokes every link given out.


def private_token(user) -> str:
    return salted_hmac("brume.my-calendar", f"{user.pk}:{user.password}").hexdigest()[:32]


def private_calendar_url(request, user) -> str:
    return request.build_absolute_uri(reverse("my-calendar-private", args=[user.pk, private_token(user)]))


def my_calendar_private(request, user_id: int, token: str):
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None or not constant_time_compare(token, private_token(user)):
        raise Http404("no such calendar")
    # A calendar app signs in as nobody: the feed speaks the person's profile language.
    from accounts.profiles import profile_of

    language = profile_of(user).language
    if language not in {code for code, _name in settings.LANGUAGES}:
        return _my_feed(request, user)
    with translation.override(language):
        return _my_feed(request, user)
