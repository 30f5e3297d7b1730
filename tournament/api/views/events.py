"""Events: list, detail, create, update, and the status actions."""

from __future__ import annotations

from django.db import transaction
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.filters import SearchFilter
from rest_framework.response import Response

from tournament import selectors
from tournament.api.base import TournamentView, created, errors, validated, visible_event
from tournament.api.filters import EventFilter, Pages
from tournament.api.inputs import EventInput, EventUpdateInput
from tournament.api.serializers import EventDetailSerializer, EventSerializer, NextActionSerializer
from tournament.models import Event
from tournament.services.events import check_organiser, event_create, event_set_status, event_update

TAGS = ["events"]


def event_body(request, event: Event) -> dict:
    event = Event.objects.select_related("owner").prefetch_related("arbiters", "stages").get(pk=event.pk)
    return EventDetailSerializer(event, context={"request": request}).data


class EventListView(TournamentView):
    """Events the caller may see: public ones, and private ones they organise or play in.
    Unlisted events are not listed (except to their organisers and players) but open by slug."""

    queryset = Event.objects.none()  # for the schema; the real list comes from the selector
    filterset_class = EventFilter
    filter_backends = [DjangoFilterBackend, SearchFilter]
    search_fields = ["name", "description", "location", "game"]
    pagination_class = Pages
    inputs = {"POST": EventInput}

    def get_queryset(self):
        return selectors.event_list(self.request.user).select_related("owner")

    @extend_schema(tags=TAGS, summary="List events", responses={200: EventSerializer(many=True), **errors(400)})
    def get(self, request):
        events = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(events)
        return self.get_paginated_response(EventSerializer(page, many=True).data)

    @extend_schema(
        tags=TAGS,
        summary="Create an event with its first stage (organisers)",
        request=EventInput,
        responses={201: EventDetailSerializer, **errors(400, 401, 403)},
        examples=[
            OpenApiExample(
                "a Swiss event, best of three",
                request_only=True,
                value={
                    "name": "Carnac Open",
                    "game": "carnac",
                    "starts_on": "2025-06-14",
                    "visibility": "public",
                    "stage": {"format": "swiss", "series_length": 3, "settings": {"rounds": 5}},
                },
            )
        ],
    )
    def post(self, request):
        data = validated(EventInput, request)
        stage = data.pop("stage", None)
        schedule = {key: data.pop(key) for key in ("time_zone", "starts_at") if key in data}
        with transaction.atomic():  # a refused schedule creates no event
            event = event_create(owner=request.user, stage=stage, **data)
            if schedule:
                event = event_update(event=event, by=request.user, **schedule)
        return created(event_body(request, event), "api-event-detail", slug=event.slug)


class EventDetailView(TournamentView):
    inputs = {"PATCH": EventUpdateInput}

    @extend_schema(
        tags=TAGS,
        summary="An event, its stages, and what the caller is in it",
        responses={200: EventDetailSerializer, **errors(404)},
    )
    def get(self, request, slug: str):
        return Response(event_body(request, visible_event(request, slug)))

    @extend_schema(
        tags=TAGS,
        summary="Change an event (organisers)",
        request=EventUpdateInput,
        responses={200: EventDetailSerializer, **errors(400, 401, 403, 404)},
    )
    def patch(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        data = validated(EventUpdateInput, request)
        event = event_update(event=event, by=request.user, **data)
        return Response(event_body(request, event))


def _status_action(name: str, target: str, summary: str) -> type[TournamentView]:
    """A view that moves an event to ``target``; the service checks the transition and who asks."""

    @extend_schema(
        tags=TAGS, summary=summary, request=None, responses={200: EventDetailSerializer, **errors(400, 401, 403, 404)}
    )
    def post(self, request, slug: str):
        event = visible_event(request, slug)
        event = event_set_status(event=event, by=request.user, status=target)
        return Response(event_body(request, event))

    return type(name, (TournamentView,), {"post": post, "__doc__": summary, "__module__": __name__})


OpenRegistrationView = _status_action(
    "OpenRegistrationView", Event.Status.REGISTRATION, "Open registration (draft → registration)"
)
StartEventView = _status_action(
    "StartEventView", Event.Status.RUNNING, "Start the event (registration → running; two participants at least)"
)
FinishEventView = _status_action(
    "FinishEventView", Event.Status.FINISHED, "Finish the event (running → finished; every stage closed)"
)


class NextActionsView(TournamentView):
    @extend_schema(
        tags=TAGS,
        summary="What the organisers should do next, most pressing first",
        responses={200: NextActionSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        return Response(NextActionSerializer(selectors.organiser_actions(event), many=True).data)
