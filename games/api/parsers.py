"""Request parsers of the API, with the input limits every body obeys (docs/limits.md).

DRF reads a JSON body straight from the request stream, so Django's DATA_UPLOAD_MAX_MEMORY_SIZE
does not apply to it: these parsers read at most their limit (plus one byte, to know it was
passed) and answer 413 beyond it, and 400 for JSON nested deeper than MAX_JSON_DEPTH.
"""

from __future__ import annotations

import codecs

from django.conf import settings
from django.utils.translation import gettext, gettext_lazy
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import BaseParser, JSONParser, get_encoding
from rest_framework.utils import json as drf_json

from games.gamelog.limits import MAX_JSON_DEPTH, N_, InputRefused, loads_bounded
from games.gamelog.model import MAX_LOG_BYTES
from games.log_errors import refusal_text


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = gettext_lazy("the request body is too large")
    default_code = "too_large"


def body_limit() -> int:
    """The largest JSON body the API reads: the setting Django applies to form bodies."""
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 4 * 1024 * 1024


def read_limited(stream, limit: int, what: str) -> bytes:
    data = stream.read(limit + 1) if stream is not None else b""
    if len(data) > limit:
        raise BodyTooLarge(gettext("%(what)s is larger than %(size)d kB") % {"what": what, "size": limit // 1000})
    return data


class BoundedJSONParser(JSONParser):
    """JSON bodies: at most ``body_limit()`` bytes and MAX_JSON_DEPTH levels (the default parser)."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = get_encoding(parser_context or {})
        data = read_limited(stream, body_limit(), gettext("the request body"))
        try:
            text = codecs.decode(data, encoding)
            parse_constant = drf_json.strict_constant if self.strict else None
            return loads_bounded(text, max_bytes=len(text), what=N_("the JSON body"), parse_constant=parse_constant)
        except InputRefused as exc:
            raise ParseError(refusal_text(exc)) from None
        except ValueError as exc:  # not JSON, or not in the declared encoding
            raise ParseError(gettext("JSON parse error - %(error)s") % {"error": exc}) from None


class PlainTextParser(BaseParser):
    """Logs sent as plain text: at most the per-log limit, UTF-8."""

    media_type = "text/plain"

    def parse(self, stream, media_type=None, parser_context=None):
        data = read_limited(stream, MAX_LOG_BYTES, gettext("the log"))
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ParseError(gettext("not UTF-8 text (byte %(byte)d)") % {"byte": exc.start}) from None


__all__ = ["MAX_JSON_DEPTH", "BodyTooLarge", "BoundedJSONParser", "PlainTextParser"]
