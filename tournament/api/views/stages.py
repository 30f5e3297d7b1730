"""Stages and their rounds: create and change a stage, preview and publish a round, close a stage."""

from __future__ import annotations

import json

from django.db import transaction
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.response import Response
from rest_framework.utils import encoders

from tournament import selectors
from tournament.api.base import TournamentView, created, errors, event_stage, stage_round, validated, visible_event
from tournament.api.filters import Pages
from tournament.api.inputs import PublishInput, ScheduleInput, StageInput
from tournament.api.rendering import Rendered
from tournament.api.serializers import RoundDetailSerializer, RoundPreviewSerializer, RoundSerializer, StageSerializer
from tournament.models import Round, Stage
from tournament.pairing.model import RoundPairing, to_json
from tournament.services.events import check_organiser
from tournament.services.rounds import round_preview, round_publish
from tournament.services.schedules import round_schedule
from tournament.services.stages import stage_close, stage_create, stage_update
from tournament.silence import hidden_round_ids

STAGE_TAGS = ["stages"]
ROUND_TAGS = ["rounds"]


class StageListView(TournamentView):
    queryset = Stage.objects.none()  # for the schema
    pagination_class = Pages
    inputs = {"POST": StageInput}

    @extend_schema(
        tags=STAGE_TAGS,
        summary="An event's stages, in order",
        responses={200: StageSerializer(many=True), **errors(404)},
    )
    def get(self, request, slug: str):
        event = visible_event(request, slug)
        page = self.paginate_queryset(event.stages.order_by("number"))
        return self.get_paginated_response(StageSerializer(page, many=True).data)

    @extend_schema(
        tags=STAGE_TAGS,
        summary="Add a stage (organisers)",
        request=StageInput,
        responses={201: StageSerializer, **errors(400, 401, 403, 404)},
        examples=[
            OpenApiExample(
                "a top-4 playoff",
                request_only=True,
                value={"name": "Playoff", "format": "single_elimination", "series_length": 3},
            )
        ],
    )
    def post(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        stage = stage_create(event=event, by=request.user, **validated(StageInput, request))
        return created(StageSerializer(stage).data, "api-stage-detail", slug=slug, number=stage.number)


class StageDetailView(TournamentView):
    inputs = {"PATCH": StageInput}

    @extend_schema(tags=STAGE_TAGS, summary="One stage", responses={200: StageSerializer, **errors(404)})
    def get(self, request, slug: str, number: int):
        return Response(StageSerializer(event_stage(visible_event(request, slug), number)).data)

    @extend_schema(
        tags=STAGE_TAGS,
        summary="Change a stage (organisers), until its first round is published",
        request=StageInput,
        responses={200: StageSerializer, **errors(400, 401, 403, 404)},
    )
    def patch(self, request, slug: str, number: int):
        stage = event_stage(visible_event(request, slug), number)
        check_organiser(request.user, stage.event)
        stage = stage_update(stage=stage, by=request.user, **validated(StageInput, request))
        return Response(StageSerializer(stage).data)


class StageCloseView(TournamentView):
    @extend_schema(
        tags=STAGE_TAGS,
        summary="Close a stage (organisers) once every match has its result",
        request=None,
        responses={200: StageSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request, slug: str, number: int):
        stage = event_stage(visible_event(request, slug), number)
        return Response(StageSerializer(stage_close(stage=stage, by=request.user)).data)


class RoundListView(TournamentView):
    queryset = Round.objects.none()  # for the schema
    pagination_class = Pages
    inputs = {"POST": PublishInput}

    @extend_schema(
        tags=ROUND_TAGS,
        summary="A stage's published rounds with their matches",
        responses={200: RoundSerializer(many=True), **errors(404)},
    )
    def get(self, request, slug: str, number: int):
        stage = event_stage(visible_event(request, slug), number)
        rounds = selectors.stage_rounds(stage).select_related("published_by")
        hidden = hidden_round_ids(request.user, stage)
        page = self.paginate_queryset(rounds)
        data = [_without_results(item) if round_.pk in hidden else item for round_, item in zip(
            page, RoundSerializer(page, many=True).data, strict=True
        )]  # fmt: skip
        return self.get_paginated_response(data)

    @extend_schema(
        tags=ROUND_TAGS,
        summary="Pair and publish the next round (organisers)",
        description="Send the number of the round you previewed. If that round is already published (a "
        "double click, or another organiser), the answer is 409 and nothing is stored twice.",
        request=PublishInput,
        responses={201: RoundDetailSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug: str, number: int):
        stage = event_stage(visible_event(request, slug), number)
        check_organiser(request.user, stage.event)
        data = validated(PublishInput, request)
        times = {key: data[key] for key in ("starts_at", "report_deadline") if key in data}
        if times:
            with transaction.atomic():  # a schedule refused leaves the round unpublished
                published = round_publish(stage=stage, by=request.user, number=data["number"])
                round_schedule(
                    round_=published, by=request.user, **{"starts_at": None, "report_deadline": None, **times}
                )
        else:
            published = round_publish(stage=stage, by=request.user, number=data["number"])
        round_ = selectors.stage_rounds(stage).select_related("published_by").get(pk=published.pk)
        data = RoundDetailSerializer(round_).data
        return created(data, "api-round-detail", slug=slug, number=number, round_number=round_.number)


def preview_body(stage: Stage, pairing: RoundPairing) -> dict:
    """The pairing as the API shows it: participants by id and name, nothing stored."""
    ids = set(pairing.paired_ids()) | {b.entrant for b in pairing.byes} | {a.entrant for a in pairing.absences}
    people = stage.event.participants.in_bulk(ids)

    def brief(pid) -> dict:
        person = people[pid]
        return {"id": person.pk, "name": person.name, "seed": person.seed, "is_ai": person.is_ai}

    return {
        "number": pairing.round_number,
        "format": pairing.format,
        "seed": pairing.seed if isinstance(pairing.seed, int) else None,
        "tables": [
            {
                "table": item.table,
                "label": item.label,
                "seats": [{"seat": seat, "participant": brief(pid)} for seat, pid in enumerate(item.seats)],
                "explanation": to_json(item.explanation),
            }
            for item in pairing.pairings
        ],
        "byes": [{"participant": brief(b.entrant), "reason": b.reason} for b in pairing.byes],
        "absences": [{"participant": brief(a.entrant), "reason": a.reason} for a in pairing.absences],
        "notes": list(pairing.notes),
    }


class RoundPreviewView(TournamentView):
    @extend_schema(
        tags=ROUND_TAGS,
        summary="Preview the next round's pairing (organisers); nothing is stored",
        request=None,
        responses={200: RoundPreviewSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request, slug: str, number: int):
        stage = event_stage(visible_event(request, slug), number)
        pairing = round_preview(stage=stage, by=request.user)
        return Response(preview_body(stage, pairing))


class RoundDetailView(TournamentView):
    inputs = {"PATCH": ScheduleInput}

    @extend_schema(
        tags=ROUND_TAGS,
        summary="Set a round's start time and report deadline (organisers)",
        description="Times are ISO 8601; one without an offset is read in the event's time zone. "
        "Omitted fields keep their value; null clears one. Answers are in UTC.",
        request=ScheduleInput,
        responses={200: RoundDetailSerializer, **errors(400, 401, 403, 404)},
    )
    def patch(self, request, slug: str, number: int, round_number: int):
        stage = event_stage(visible_event(request, slug), number)
        check_organiser(request.user, stage.event)
        round_ = stage_round(stage, round_number)
        data = validated(ScheduleInput, request)
        times = {"starts_at": round_.starts_at, "report_deadline": round_.report_deadline, **data}
        round_schedule(round_=round_, by=request.user, **times)
        round_ = selectors.stage_rounds(stage).select_related("published_by").get(number=round_number)
        return Response(RoundDetailSerializer(round_).data)

    @extend_schema(
        tags=ROUND_TAGS,
        summary="One round: its matches and the pairing's explanation",
        responses={200: RoundDetailSerializer, **errors(404)},
    )
    def get(self, request, slug: str, number: int, round_number: int):
        stage = event_stage(visible_event(request, slug), number)
        round_ = stage_round(stage, round_number)  # a clear 404 first
        silent = round_.pk in hidden_round_ids(request.user, stage)
        return Response(round_data_cached(stage, round_number, round_.pk, silent=silent))


def round_data_cached(stage, round_number: int, round_id: int, *, silent: bool) -> Rendered:
    """A round as the API gives it, serialized and rendered once per change of its event (a
    1,000-entrant round is 500 matches: about a second to serialize, 20 ms to render) and kept
    apart for a silent round's readers."""
    from django.utils.translation import get_language

    from ranking.cache import cached

    def rendered() -> Rendered:
        round_ = selectors.stage_rounds(stage).select_related("published_by").get(number=round_number)
        data = RoundDetailSerializer(round_).data
        return Rendered.of(_without_results(json.loads(json.dumps(data, cls=encoders.JSONEncoder))) if silent else data)

    name = f"api-round-body:{get_language() or 'en'}:{round_id}{':silent' if silent else ''}"
    return cached(stage.event_id, name, rendered)


def _without_results(round_data: dict) -> dict:
    """A silent round as those it hides from read it: the pairings, no result of any table."""
    for match in round_data["matches"]:
        match["status"] = "hidden"
        for seat in match["seats"]:
            seat.update(rank=None, games_won=None, score_total=None, match_points=None)
        for game in match["games"]:
            game.update(status="hidden", ranks=None, scores=None)
    round_data["results_hidden"] = True
    return round_data
