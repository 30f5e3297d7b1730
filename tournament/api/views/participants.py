"""Participants: the list, self-registration, organisers adding people and AI entrants,
withdrawals and check-in."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import exceptions
from rest_framework.response import Response

from games.ai.registry import level_descriptions
from games.engine_texts import translated
from tournament.api.base import TournamentView, created, errors, validated, visible_event
from tournament.api.filters import Pages, ParticipantFilter
from tournament.api.inputs import (
    BulkInput,
    CheckInInput,
    ConflictInput,
    ParticipantInput,
    SeedByRatingInput,
    SeedOrderInput,
)
from tournament.api.serializers import (
    AILevelSerializer,
    BulkPreviewSerializer,
    ConflictSerializer,
    ParticipantSerializer,
    WithdrawalSerializer,
)
from tournament.errors import ServiceError
from tournament.models import DeclaredConflict, Event, Participant
from tournament.services.bulk_registration import bulk_add, bulk_preview
from tournament.services.conflicts import conflict_declare, conflict_remove
from tournament.services.events import check_organiser
from tournament.services.registration import (
    participant_add,
    participant_check_in,
    participant_register,
    participant_withdraw,
    participant_withdraw_self,
)
from tournament.services.seeds import seeds_by_rating, seeds_set_order

TAGS = ["participants"]


def event_participant(event: Event, participant_id: int) -> Participant:
    participant = event.participants.select_related("user", "event").filter(pk=participant_id).first()
    if participant is None:
        raise exceptions.NotFound(
            _("%(name)s has no participant %(participant_id)s") % {"name": event.name, "participant_id": participant_id}
        )
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
                raise ServiceError(
                    _("there is no user named %(username)s") % {"username": repr(username)}, code="unknown_user"
                )
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


class WithdrawMeView(TournamentView):
    @extend_schema(
        tags=TAGS,
        summary="Withdraw yourself while registration is open (afterwards only an organiser can)",
        request=None,
        responses={200: WithdrawalSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request, slug: str):
        event = visible_event(request, slug)
        mine = event.participants.filter(user=request.user).first() if request.user.is_authenticated else None
        withdrawn = participant_withdraw_self(event=event, user=request.user)
        removed = withdrawn.pk is None
        if mine is not None:
            withdrawn.pk = withdrawn.id = mine.pk  # a removed row has lost its id; the caller knows it
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


# --- organiser tools: many at once, seeds, AI levels, declared conflicts ------------------------


def _plan_body(plan) -> dict:
    rows = [
        {
            "line": item.row.line,
            "name": item.row.name,
            "username": item.row.username,
            "ai_level": item.row.ai_level,
            "club": item.row.club,
            "rating": item.row.rating,
            "seed": item.row.seed,
            "becomes": item.becomes,
            "detail": item.detail,
        }
        for item in plan
    ]
    return {"rows": rows, "addable": sum(1 for item in plan if item.addable)}


class BulkPreviewView(TournamentView):
    inputs = {"POST": BulkInput}

    @extend_schema(
        tags=TAGS,
        summary="Preview adding many participants (organisers): what each row becomes; nothing is stored",
        request=BulkInput,
        responses={200: BulkPreviewSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        data = validated(BulkInput, request)
        return Response(_plan_body(bulk_preview(event=event, by=request.user, text=data["entries"])))


class BulkAddView(TournamentView):
    inputs = {"POST": BulkInput}

    @extend_schema(
        tags=TAGS,
        summary="Add many participants (organisers): every valid row, in one transaction; rows checked again",
        request=BulkInput,
        responses={201: ParticipantSerializer(many=True), **errors(400, 401, 403, 404)},
    )
    def post(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        data = validated(BulkInput, request)
        added = bulk_add(event=event, by=request.user, text=data["entries"])
        return Response(ParticipantSerializer(added, many=True).data, status=201)


class SeedsView(TournamentView):
    inputs = {"PUT": SeedOrderInput}

    def get_object(self):
        """What a PUT replaces: the event's seeding (OPTIONS asks for it)."""
        return visible_event(self.request, self.kwargs["slug"])

    @extend_schema(
        tags=TAGS,
        summary="Set the seeds (organisers): every participant id, top seed first; before round 1 only",
        request=SeedOrderInput,
        responses={200: ParticipantSerializer(many=True), **errors(400, 401, 403, 404)},
    )
    def put(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        order = validated(SeedOrderInput, request)["order"]
        return Response(
            ParticipantSerializer(seeds_set_order(event=event, by=request.user, order=order), many=True).data
        )


class SeedByRatingView(TournamentView):
    inputs = {"POST": SeedByRatingInput}

    @extend_schema(
        tags=TAGS,
        summary="Seed by rating (organisers): Brume's rating in the event's pool by default, unrated last, ties by name",
        request=SeedByRatingInput,
        responses={200: ParticipantSerializer(many=True), **errors(400, 401, 403, 404)},
    )
    def post(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        source = validated(SeedByRatingInput, request)["source"]
        return Response(
            ParticipantSerializer(seeds_by_rating(event=event, by=request.user, source=source), many=True).data
        )


class AILevelsView(TournamentView):
    @extend_schema(
        tags=TAGS,
        summary="The AI levels an organiser can add in this event's game, weakest first, with what each does",
        responses={200: AILevelSerializer(many=True), **errors(404)},
    )
    def get(self, request, slug: str):
        event = visible_event(request, slug)
        levels = level_descriptions(event.game)
        return Response([{"level": key, "description": translated(text)} for key, text in levels.items()])


def _conflict_body(conflict: DeclaredConflict) -> dict:
    return ConflictSerializer(conflict).data


class ConflictListView(TournamentView):
    inputs = {"POST": ConflictInput}

    @extend_schema(
        tags=TAGS,
        summary="Declared conflicts: pairs never paired together (organisers only)",
        responses={200: ConflictSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        found = DeclaredConflict.objects.filter(event=event).select_related("first", "second")
        return Response([_conflict_body(conflict) for conflict in found])

    @extend_schema(
        tags=TAGS,
        summary="Declare that two participants are never paired together (organisers)",
        request=ConflictInput,
        responses={201: ConflictSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        data = validated(ConflictInput, request)
        declared = conflict_declare(event=event, by=request.user, **data)
        declared = DeclaredConflict.objects.select_related("first", "second").get(pk=declared.pk)
        return Response(_conflict_body(declared), status=201)


class ConflictDetailView(TournamentView):
    @extend_schema(
        tags=TAGS,
        summary="Remove a declared conflict (organisers)",
        request=None,
        responses={204: None, **errors(401, 403, 404)},
    )
    def delete(self, request, slug: str, conflict_id: int):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        if not DeclaredConflict.objects.filter(event=event, pk=conflict_id).exists():
            raise exceptions.NotFound(
                _("%(name)s has no declared conflict %(conflict_id)s")
                % {"name": event.name, "conflict_id": conflict_id}
            )
        conflict_remove(event=event, by=request.user, conflict_id=conflict_id)
        return Response(status=204)
