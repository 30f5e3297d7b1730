"""Importing a TRF-16 file into a Swiss stage (organisers): the body is the file as text/plain,
or a multipart form with the file under ``file`` (or its text under ``text``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.parsers import BaseParser, FormParser, MultiPartParser
from rest_framework.response import Response

from tournament.api.base import TournamentView, errors, event_stage, visible_event
from tournament.api.serializers import ParticipantSerializer, StageSerializer
from tournament.errors import ServiceError
from tournament.services.events import check_organiser
from tournament.services.trf_import import MAX_BYTES, decode_trf, stage_import_trf


class TRFTextParser(BaseParser):
    """A TRF sent as the body: at most the import's size limit (plus one byte, to know)."""

    media_type = "text/plain"

    def parse(self, stream, media_type=None, parser_context=None):
        return decode_trf(stream.read(MAX_BYTES + 1) if stream is not None else b"")


class TrfImportSerializer(serializers.Serializer):
    stage = StageSerializer()
    participants = ParticipantSerializer(many=True)
    created = serializers.IntegerField(help_text="participants added (with a placeholder account)")
    matched = serializers.IntegerField(help_text="participants of the event found by their name")
    rounds = serializers.IntegerField(help_text="rounds stored from the file")


def _text_of(request) -> str:
    if isinstance(request.data, str):
        return request.data
    upload = request.FILES.get("file")
    if upload is not None:
        return decode_trf(upload.read(MAX_BYTES + 1))
    text = request.data.get("text") if hasattr(request.data, "get") else None
    if not isinstance(text, str) or not text.strip():
        raise ServiceError(_("send the TRF file as a text/plain body, or as a form's 'file' or 'text'"))
    return text


class StageImportTRFView(TournamentView):
    parser_classes = [TRFTextParser, MultiPartParser, FormParser]

    @extend_schema(
        tags=["stages"],
        summary="Start or continue a Swiss stage from a FIDE TRF-16 file (organisers; a stage with no round yet)",
        description="Every round of the file is stored with its results, ruled as organiser decisions; "
        "a bad file stores nothing and the error names its line. Limits: 2 MB, 5,000 players, 99 rounds.",
        request={"text/plain": OpenApiTypes.STR, "multipart/form-data": OpenApiTypes.OBJECT},
        responses={201: TrfImportSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request, slug: str, number: int):
        stage = event_stage(visible_event(request, slug), number)
        check_organiser(request.user, stage.event)
        done = stage_import_trf(stage=stage, by=request.user, text=_text_of(request))
        body = TrfImportSerializer(
            {
                "stage": done.stage,
                "participants": done.participants,
                "created": done.created,
                "matched": done.matched,
                "rounds": done.rounds,
            }
        ).data
        return Response(body, status=201)
