"""What every tournament page shares: finding the event, reading numbers, turning refusals into messages."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournament import bounds
from tournament.errors import NotAllowed, ServiceError
from tournament.models import Event
from tournament.permissions import can_view_event, is_organiser


def _event_for(request, slug: str) -> Event:
    event = get_object_or_404(Event, slug=slug)
    if not can_view_event(request.user, event):
        raise Http404("no such event")  # private events do not reveal that they exist
    return event


def _fail(request, error: ServiceError) -> None:
    if isinstance(error, NotAllowed):
        raise PermissionDenied(error.message)
    messages.error(request, error.message)


def _number(request, key: str, what: str, *, low: int = 1, high: int = bounds.MAX_ID, default=None):
    """A whole number from a POSTed form (ASCII digits only, within bounds), ``default`` when the
    field is absent or blank; raises OutOfBounds otherwise."""
    text = request.POST.get(key, "")
    if not text.strip():
        return default
    return bounds.parse_whole_number(text, what, low, high, field=key)


def _bad_number(error: bounds.OutOfBounds) -> HttpResponseBadRequest:
    return HttpResponseBadRequest(f"{error.message}.", content_type="text/plain; charset=utf-8")


def _require_organiser(request, event: Event) -> None:
    """Refuse (403) anyone but the event's organisers, before their form is even read."""
    if not is_organiser(request.user, event):
        raise PermissionDenied(_("only the event's organisers may do this"))


def _attempt(request, call, success=None):
    """Run one service call for a page: its refusal becomes a message (or a 403); on success the
    message ``success`` (a text, or a function of the call's result) is shown."""
    try:
        result = call()
    except ServiceError as error:
        _fail(request, error)
        return None
    if success:
        messages.success(request, success(result) if callable(success) else success)
    return result
