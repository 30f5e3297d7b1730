"""Importing a TRF-16 file into a Swiss stage (organisers): the body is the file as text/plain,
or a multipart form with the file under ``file`` (or its text under ``text``)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.parsers import BaseParser, FormParser, MultiPartParser
from rest_framework.response import Response

from tournament.api.base import TournamentView, errors, event_stage, visible_event
from tournament.errors import ServiceError
from tournament.selectors import organiser_job_for
from tournament.services.events import check_organiser
from tournament.services.trf_import import MAX_BYTES, decode_trf, stage_import_trf_queue


class TRFTextParser(BaseParser):
    """A TRF sent as the body: at most the import's size limit (plus one byte, to know)."""

    media_type = "text/plain"

    def parse(self, stream, media_type=None, parser_context=None):
        return decode_trf(stream.read(MAX_BYTES + 1) if stream is not None else b"")


class JobSerializer(serializers.Serializer):
    """An organiser job (issue 31): a TRF import running in the background, then its outcome."""

    id = serializers.CharField(source="public_id", help_text="the job's random id")
    kind = serializers.CharField()
    status = serializers.CharField(help_text="queued, running, done or failed")
    stage = serializers.IntegerField(source="stage.number", allow_null=True)
    done = serializers.IntegerField(help_text="steps done: players, then each round's pairings and byes")
    total = serializers.IntegerField()
    percent = serializers.IntegerField()
    result = serializers.JSONField(
        allow_null=True,
        help_text="when done: stage, players, created, matched, rounds, matches, games, forfeits, byes",
    )
    error = serializers.CharField(help_text="when failed: why (nothing was stored)")
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    url = serializers.SerializerMethodField(help_text="this status, for polling")
    page = serializers.SerializerMethodField(help_text="the job's page on the site, with its progress bar")

    def get_url(self, job) -> str:
        return reverse("api-job-detail", args=[job.event.slug, job.public_id])

    def get_page(self, job) -> str:
        return job.get_absolute_url()


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
        description="The file and the stage are checked at once (a bad file is a 400 naming its line); the "
        "import then runs in the background: 202 with the job, whose status (`url`, also in `Location`) "
        "says how far it is and, at the end, what was stored or why nothing was. Every round of the file is "
        "stored with its results, ruled as organiser decisions. A second import into the stage while one "
        "runs is a 409 (`job_running`). Limits: 2 MB, 5,000 players, 99 rounds.",
        request={"text/plain": OpenApiTypes.STR, "multipart/form-data": OpenApiTypes.OBJECT},
        responses={202: JobSerializer, **errors(400, 401, 403, 404, 409)},
    )
    def post(self, request, slug: str, number: int):
        stage = event_stage(visible_event(request, slug), number)
        check_organiser(request.user, stage.event)
        job = stage_import_trf_queue(
            stage=stage, by=request.user, text=_text_of(request), language=getattr(request, "LANGUAGE_CODE", "")
        )
        job.refresh_from_db()  # with no broker, the job has already run
        body = JobSerializer(job).data
        return Response(body, status=202, headers={"Location": body["url"]})


class JobDetailView(TournamentView):
    @extend_schema(
        tags=["stages"],
        summary="An organiser job's status: a TRF import's progress, then what it stored (organisers only)",
        responses={200: JobSerializer, **errors(401, 404)},
    )
    def get(self, request, slug: str, public_id: str):
        event = visible_event(request, slug)
        job = organiser_job_for(request.user, event, public_id)
        if job is None:
            raise exceptions.NotFound(_("this job is not found, or not visible to you"))
        return Response(JobSerializer(job).data)
