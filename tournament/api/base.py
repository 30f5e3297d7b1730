"""What every tournament API view shares: authentication order, the error body, and lookups that
hide what the caller may not see.

Errors always come back in the API's one error body (config/errors.py): ``{"error": code,
"detail": message, "field": name}`` (validation errors add ``fields``, stale writes add
``current_version``), whether a service raised them or DRF did.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext as _
from rest_framework import exceptions, serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.generics import GenericAPIView
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from accounts.tokens import ExpiringTokenAuthentication
from config.api_schema import ErrorSerializer
from config.errors import error_body, error_response
from tournament.api.concurrency import etag_for
from tournament.errors import NotAllowed, ServiceError, StaleVersion
from tournament.models import Event, Match, Round, SeriesGame, Stage
from tournament.permissions import can_view_event

NOT_FOUND = "not found, or not visible to you"


def errors(*statuses: int) -> dict:
    """Response entries for ``extend_schema``: each status answered with the error body (the
    statuses every operation may answer are added by config/api_schema.py)."""
    return dict.fromkeys(statuses, ErrorSerializer)


def _flatten(detail, prefix: str = "") -> list[str]:
    """Validation messages as readable lines: ``ranks: give one rank per player``."""
    if isinstance(detail, dict):
        return [line for key, value in detail.items() for line in _flatten(value, f"{prefix}{key}: ")]
    if isinstance(detail, list):
        return [line for item in detail for line in _flatten(item, prefix)]
    return [f"{prefix}{detail}"]


def _drf_code(exc) -> str:
    if isinstance(exc, Http404):
        return "not_found"
    if isinstance(exc, exceptions.PermissionDenied) and str(exc.detail).startswith("CSRF Failed"):
        return "csrf_failed"
    if isinstance(exc, DjangoPermissionDenied | exceptions.PermissionDenied):
        return "forbidden"  # the same code as the services' refusals
    if isinstance(exc, exceptions.ValidationError):
        return "invalid"
    return getattr(exc, "default_code", "error")


def service_error_response(exc: ServiceError) -> Response:
    extra, headers = {}, {}
    if isinstance(exc, StaleVersion):
        extra["current_version"] = exc.current_version
        game_id = getattr(exc, "game_id", None)
        if game_id is not None:
            headers["ETag"] = etag_for(game_id, exc.current_version)
    return error_response(exc.status_code, exc.code, exc.message, headers=headers, **extra)


def api_exception_handler(exc, context):
    """Service errors keep their status and code; DRF's own errors get the same body shape.

    A refusal to an anonymous caller is a 401, not a 403: signing in may change the answer.
    """
    request = context.get("request")
    if isinstance(exc, NotAllowed) and request is not None and not request.user.is_authenticated:
        exc = exceptions.NotAuthenticated(_("sign in: %(message)s") % {"message": exc.message})
        exc.auth_header = "Token"
    if isinstance(exc, ServiceError):
        return service_error_response(exc)
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    data = response.data
    if isinstance(exc, exceptions.ValidationError):
        # ``fields`` maps a field to its messages; an error of no field (a list) goes under
        # "non_field_errors", as DRF names it, so that the body keeps one shape.
        fields = data if isinstance(data, dict) else {"non_field_errors": data}
        field = next((name for name in fields if name != "non_field_errors"), None)
        response.data = error_body("invalid", "; ".join(_flatten(data)), field=field, fields=fields)
    else:
        detail = data.get("detail", data) if isinstance(data, dict) else data
        response.data = error_body(_drf_code(exc), detail)
    return response


class TournamentView(GenericAPIView):
    """Base of the tournament API views.

    Token authentication comes first so that an anonymous write gets 401 with
    ``WWW-Authenticate: Token`` (DRF answers 403 when session authentication comes first).
    """

    authentication_classes = [ExpiringTokenAuthentication, SessionAuthentication]
    pagination_class = None
    filter_backends: list = []
    inputs: dict = {}  # method -> input serializer: what the body must be, and what OPTIONS describes

    def get_serializer_class(self):
        return self.inputs.get(self.request.method, serializers.Serializer)

    def get_exception_handler(self):
        return api_exception_handler


def created(data, url_name: str, **kwargs) -> Response:
    """A 201 with the new thing's address in ``Location``."""
    return Response(data, status=201, headers={"Location": reverse(url_name, kwargs=kwargs)})


def validated(serializer_class, request) -> dict:
    """The request body checked by an input serializer (a 400 with per-field messages otherwise)."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


# Lookups: whatever the caller may not see is simply not there (404), never "forbidden".


def visible_event(request, slug: str) -> Event:
    event = Event.objects.select_related("owner").filter(slug=slug).first()
    if event is None or not can_view_event(request.user, event):
        raise exceptions.NotFound(_("event %(slug)s not found, or not visible to you") % {"slug": repr(slug)})
    return event


def event_stage(event: Event, number: int) -> Stage:
    stage = event.stages.filter(number=number).select_related("event").first()
    if stage is None:
        raise exceptions.NotFound(_("%(name)s has no stage %(number)s") % {"name": event.name, "number": number})
    return stage


def stage_round(stage: Stage, number: int) -> Round:
    round_ = stage.rounds.filter(number=number).first()
    if round_ is None:
        raise exceptions.NotFound(_("%(name)s has no round %(number)s") % {"name": stage.name, "number": number})
    return round_


def event_match(event: Event, match_id: int) -> Match:
    match = Match.objects.filter(pk=match_id, round__stage__event=event).select_related("round__stage").first()
    if match is None:
        raise exceptions.NotFound(_("%(name)s has no match %(match_id)s") % {"name": event.name, "match_id": match_id})
    return match


def match_game(match: Match, number: int) -> SeriesGame:
    game = match.games.filter(number=number).select_related("match__round__stage__event").first()
    if game is None:
        raise exceptions.NotFound(_("this match has no game %(number)s (yet)") % {"number": number})
    return game
