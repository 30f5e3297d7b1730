"""CSV exports and calendar feeds. They follow the event's visibility like every other read."""

from __future__ import annotations

import json

from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions
from rest_framework.permissions import AllowAny
from rest_framework.renderers import BaseRenderer
from rest_framework.response import Response

from ranking.selectors import player_for_username
from tournament import selectors
from tournament.api import exports, ics
from tournament.api.base import TournamentView, errors, event_stage, stage_round, visible_event
from tournament.api.rendering import JSONRenderer
from tournament.errors import NotAllowed
from tournament.models import Event
from tournament.services.trf import stage_trf
from tournament.silence import hidden_round_ids

EXPORT_TAGS = ["exports"]


class _TextRenderer(BaseRenderer):
    """Sends text as it is; an error body (a dict) goes out as JSON text."""

    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, str):
            return data.encode(self.charset)
        return json.dumps(data).encode(self.charset)


class CSVRenderer(_TextRenderer):
    media_type = "text/csv"
    format = "csv"


class _TextExport(TournamentView):
    """A view whose success is text (CSV, iCalendar, TRF): its errors are the API's JSON error
    body, sent as JSON, not labelled as the text they are not."""

    permission_classes = [AllowAny]

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if response.status_code >= 400 and isinstance(getattr(response, "accepted_renderer", None), _TextRenderer):
            response.accepted_renderer = JSONRenderer()
            response.accepted_media_type = JSONRenderer.media_type
        return response


class CalendarRenderer(_TextRenderer):
    media_type = "text/calendar"
    format = "ics"


def _download(text: str, filename: str) -> Response:
    return Response(text, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def _csv_schema(summary: str):
    return extend_schema(
        tags=EXPORT_TAGS,
        summary=summary,
        responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR), **errors(404)},
    )


class CSVView(_TextExport):
    renderer_classes = [CSVRenderer]


class PairingsCSVView(CSVView):
    @_csv_schema("Pairings of a round as CSV: one row per table")
    def get(self, request, slug: str, number: int, round_number: int):
        stage = event_stage(visible_event(request, slug), number)
        round_ = stage_round(stage, round_number)
        hidden = round_.pk in hidden_round_ids(request.user, stage)
        return _download(
            exports.pairings_csv(round_, results=not hidden), f"{slug}-stage{number}-round{round_number}-pairings.csv"
        )


class ResultsCSVView(CSVView):
    @_csv_schema("Every confirmed game as CSV: one row per player and game")
    def get(self, request, slug: str):
        event = visible_event(request, slug)
        hidden = frozenset().union(*(hidden_round_ids(request.user, stage) for stage in event.stages.all()))
        return _download(exports.results_csv(event, hidden_rounds=hidden), f"{slug}-results.csv")


class StandingsCSVView(CSVView):
    @_csv_schema("Standings so far as CSV: match points (equal totals share a rank; tie-breaks come later)")
    def get(self, request, slug: str, number: int):
        stage = event_stage(visible_event(request, slug), number)
        hidden = hidden_round_ids(request.user, stage)
        return _download(exports.standings_csv(stage, hidden_rounds=hidden), f"{slug}-stage{number}-standings.csv")


class TRFRenderer(_TextRenderer):
    media_type = "text/plain"
    format = "trf"


class StageTRFView(_TextExport):
    renderer_classes = [TRFRenderer]

    @extend_schema(
        tags=EXPORT_TAGS,
        summary="A Swiss stage as a FIDE Tournament Report File (TRF-16), to check its pairings elsewhere",
        responses={(200, "text/plain"): OpenApiResponse(OpenApiTypes.STR), **errors(400, 404)},
    )
    def get(self, request, slug: str, number: int):
        stage = event_stage(visible_event(request, slug), number)
        if hidden_round_ids(request.user, stage):
            raise NotAllowed(
                _("The results of this round are hidden until the round is over. The report file is ready then."),
                code="results_hidden",
            )
        return _download(stage_trf(stage), f"{slug}-stage{number}.trf")


def _calendar_schema(summary: str):
    return extend_schema(
        tags=EXPORT_TAGS,
        summary=summary,
        description="A round with a start time or report deadline is a timed entry (UTC, from its start "
        "to its deadline); a round without times is an all-day entry on the event's start date (none "
        "without a date). An event with a start time has an entry for its start.",
        responses={(200, "text/calendar"): OpenApiResponse(OpenApiTypes.STR), **errors(404)},
    )


def _host(request) -> str:
    return request.get_host().split(":")[0]


def _url_of(request):
    def url(event: Event) -> str:
        try:
            path = event.get_absolute_url()  # the event page, once the pages are there
        except NoReverseMatch:
            path = reverse("api-event-detail", args=[event.slug])
        return request.build_absolute_uri(path)

    return url


class CalendarView(_TextExport):
    renderer_classes = [CalendarRenderer]


class EventCalendarView(CalendarView):
    @_calendar_schema("An event's rounds as an iCalendar feed")
    def get(self, request, slug: str):
        event = visible_event(request, slug)
        entries = exports.event_entries(event, host=_host(request), url_of=_url_of(request))
        return Response(ics.calendar(event.name, entries, now=timezone.now()))


class PlayerCalendarView(CalendarView):
    @_calendar_schema("A player's matches as an iCalendar feed (in the events the caller may see)")
    def get(self, request, username: str):
        player = player_for_username(username, viewer=request.user)  # nobody without public games
        if player is None:
            raise exceptions.NotFound(
                _("player %(username)s not found, or not visible to you") % {"username": repr(username)}
            )
        user = player.user
        matches = exports.player_matches(user, selectors.visible_events(request.user))
        entries = exports.player_entries(matches, user=user, host=_host(request), url_of=_url_of(request))
        return Response(ics.calendar(f"Brume — {username}", entries, now=timezone.now()))
