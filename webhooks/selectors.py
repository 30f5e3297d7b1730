"""Reads of the webhooks app: whose endpoints a person manages, and who hears of an event."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournament.models import Event
from tournament.permissions import is_organiser
from webhooks.models import Delivery, Endpoint


def manageable_endpoints(user) -> QuerySet[Endpoint]:
    """Their own endpoints, and the event endpoints of events they organise (a superuser
    organises every event)."""
    if not user.is_authenticated:
        return Endpoint.objects.none()
    found = Endpoint.objects.select_related("event", "owner")
    if user.is_superuser:
        return found.filter(Q(owner=user) | Q(event__isnull=False))
    ids = Endpoint.objects.filter(Q(owner=user) | Q(event__owner=user) | Q(event__arbiters=user)).values("pk")
    return found.filter(pk__in=ids)


def can_manage(user, endpoint: Endpoint) -> bool:
    if not user.is_authenticated:
        return False
    if endpoint.owner_id == user.pk:
        return True
    return endpoint.event is not None and is_organiser(user, endpoint.event)


def event_endpoints(event: Event) -> QuerySet[Endpoint]:
    return Endpoint.objects.filter(event=event).select_related("owner")


def account_endpoints(user) -> QuerySet[Endpoint]:
    return Endpoint.objects.filter(owner=user, event__isnull=True)


def deliveries_of(endpoints) -> QuerySet[Delivery]:
    """Newest first, with the endpoint (for the log's table)."""
    return (
        Delivery.objects.filter(endpoint__in=endpoints)
        .select_related("endpoint", "event")
        .order_by("-created_at", "-id")
    )


def listening_endpoints(event: Event, kind: str) -> list[Endpoint]:
    """Active endpoints subscribed to ``kind`` that hear of ``event``: those registered on it by
    someone who still organises it, and account endpoints of its owner and arbiters."""
    organisers = [event.owner_id, *event.arbiters.values_list("pk", flat=True)]
    candidates = (
        Endpoint.objects.filter(active=True)
        .filter(Q(event=event) | Q(event__isnull=True, owner_id__in=organisers))
        .select_related("owner")
    )
    return [
        endpoint
        for endpoint in candidates
        if kind in (endpoint.kinds or []) and (endpoint.event_id is None or is_organiser(endpoint.owner, event))
    ]
