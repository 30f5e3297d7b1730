"""Participants: the list, self-registration, organisers adding people and AI entrants,
withdrawals and check-in."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import exceptions
from rest_framework.response import Response

from tournament.api.base import TournamentView, created, errors, validated, visible_event
from tournament.api.filters import Pages, ParticipantFilter
from tournament.api.inputs import CheckInInput, ParticipantInput
from tournament.api.serializers import ParticipantSerializer, WithdrawalSerializer
from tournament.errors import ServiceError
from tournament.models import Event, Participant
from tournament.services.events import check_organiser
from tournament.services.registration import (
    participant_add,
    participant_check_in,
    participant_register,
    participant_withdraw,
)

TAGS = ["participants"]


def event_participant(event: Event, participant_id: int) -> Participant:
    participant = event.participants.select_related("user", "event").filter(pk=participant_id).first()
    if participant is None:
        raise exceptions.NotFound(f"{event.name} has no participant {participant_id}")
    return participant


def _created(participant: Participant) -> Response:
    data = ParticipantSerializer(participant).data
    return created(data, "api-participant-detail", slug=participant.event.slug, participant_id=participant.pk)


class ParticipantListView(TournamentView):
    queryset = Participant.objects.none()  # for the schema
    filterset_class = ParticipantFilter
    filter_backends = [DjangoFilterBackend]
    pagination_class = Pages
    inputs = {"POST": ParticipantInput}

    def get_queryset(self):
        return self.event.participants.select_related("user").order_by("seed", "name", "id")

    @extend_schema(
        tags=TAGS, summary="An event's participants", responses={200: ParticipantSerializer(many=True), **errors(404)}
    )
    def get(self, request, slug: str):
        self.event = visible_event(request, slug)
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(ParticipantSerializer(page, many=True).data)

    @extend_schema(
        tags=TAGS,
        summary="Add a person or an AI entrant (organisers); a late entry once the event runs",
        request=ParticipantInput,
        responses={201: ParticipantSerializer, **errors(400, 401, 403, 404, 409)},
        examples=[
            OpenApiExample("a person", request_only=True, value={"user": "morgane", "seed": 3, "club": "Vannes"}),
            OpenApiExample("an AI entrant", request_only=True, value={"ai_level": "random", "name": "Bot"}),
        ],
    )
    def post(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)  # before looking names up: outsiders learn nothing
        data = validated(ParticipantInput, request)
        if "user" in data:
            username = data.pop("user")
            data["user"] = get_user_model().objects.filter(username=username).first()
            if data["user"] is None:
                raise ServiceError(f"there is no user named {username!r}", code="unknown_user")
        participant = participant_add(event=event, by=request.user, **data)
        return _created(participant)


class RegisterView(TournamentView):
    @extend_schema(
        tags=TAGS,
        summary="Register yourself while registration is open",
        request=None,
        responses={201: ParticipantSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug: str):
        return _created(participant_register(event=visible_event(request, slug), user=request.user))


class ParticipantDetailView(TournamentView):
    @extend_schema(tags=TAGS, summary="One participant", responses={200: ParticipantSerializer, **errors(404)})
    def get(self, request, slug: str, participant_id: int):
        participant = event_participant(visible_event(request, slug), participant_id)
        return Response(ParticipantSerializer(participant).data)


class WithdrawView(TournamentView):
    @extend_schema(
        tags=TAGS,
        summary="Withdraw (the participant or an organiser); before any match the registration is removed",
        request=None,
        responses={200: WithdrawalSerializer, **errors(401, 403, 404)},
    )
    def post(self, request, slug: str, participant_id: int):
        participant = event_participant(visible_event(request, slug), participant_id)
        withdrawn = participant_withdraw(participant=participant, by=request.user)
        removed = withdrawn.pk is None
        withdrawn.pk = withdrawn.id = participant_id  # a removed row has lost its id; the caller knows it
        withdrawn.removed = removed
        return Response(WithdrawalSerializer(withdrawn).data)


class CheckInView(TournamentView):
    inputs = {"POST": CheckInInput}

    @extend_schema(
        tags=TAGS,
        summary="Check in (or out, with checked_in false): the participant or an organiser",
        request=CheckInInput,
        responses={200: ParticipantSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request, slug: str, participant_id: int):
        participant = event_participant(visible_event(request, slug), participant_id)
        data = validated(CheckInInput, request)
        participant = participant_check_in(participant=participant, by=request.user, **data)
        return Response(ParticipantSerializer(participant).data)
