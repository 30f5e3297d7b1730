"""The OpenAPI schema says every error an operation can answer, each with the one error body.

drf-spectacular documents what a view declares; the errors that come from the machinery around
the view (a bad or expired token, a refused permission, a body that cannot be parsed, a limit)
are added here from what the operation has, so that no view has to remember them:

- 400 when the operation takes a body or query parameters (they may be invalid);
- 401 always (a token that is wrong or expired is refused before any view runs);
- 403 unless only anonymous-safe reads are possible (AllowAny, or a read under
  IsAuthenticatedOrReadOnly);
- 404 when the path names something (it may not exist, or not be visible), or the list is paged
  (a page past the end);
- 413 and 415 when the operation takes a body (too large; a content type it does not read);
- 429 when the view is throttled.

Every error response is ``application/json`` with ``ErrorSerializer`` (config/errors.py), even
where the success is CSV, iCalendar or TRF text.
"""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.views import APIView

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
ERROR_MEDIA_TYPES = ["application/json"]


class ErrorSerializer(serializers.Serializer):
    """The body of every error response of the API (config/errors.py)."""

    error = serializers.CharField(
        help_text="a stable code: invalid, not_authenticated, forbidden, not_found, conflict, stale, refused…"
    )
    detail = serializers.CharField(help_text="what went wrong, for a person, in the language of the request")
    field = serializers.CharField(
        required=False, help_text="the field, query parameter or item the error is about, when there is one"
    )
    fields = serializers.DictField(
        required=False, help_text="a validation error's messages, per field (nested as the body is)"
    )
    current_version = serializers.IntegerField(required=False, help_text="with 412: the version now")


def _reads_are_open(view) -> bool:
    return all(cls in (AllowAny, IsAuthenticatedOrReadOnly) for cls in getattr(view, "permission_classes", []))


def _throttled(view) -> bool:
    return bool(getattr(view, "throttle_classes", None)) or type(view).get_throttles is not APIView.get_throttles


class BrumeAutoSchema(AutoSchema):
    def _get_response_for_code(self, serializer, status_code, media_types=None, direction="response"):
        if str(status_code)[0] in "45" and media_types is None:
            media_types = ERROR_MEDIA_TYPES  # errors are JSON, whatever the success is
        return super()._get_response_for_code(serializer, status_code, media_types, direction)

    def get_operation(self, *args, **kwargs):
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        parameters = operation.get("parameters", [])
        has_body = "requestBody" in operation
        statuses = {401}
        if has_body or any(p["in"] == "query" for p in parameters):
            statuses.add(400)
        if not (_reads_are_open(self.view) and (self.method in SAFE_METHODS)):
            statuses.add(403)
        if any(p["in"] == "path" for p in parameters) or any(p["name"] == "page" for p in parameters):
            statuses.add(404)
        if has_body:
            statuses |= {413, 415}
        if _throttled(self.view):
            statuses.add(429)
        responses = operation["responses"]
        for status in sorted(statuses):
            if str(status) not in responses:
                responses[str(status)] = self._get_response_for_code(ErrorSerializer, str(status))
        operation["responses"] = dict(sorted(responses.items()))
        return operation
