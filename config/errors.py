"""The API's one error body, everywhere under /api/:

    {"error": code, "detail": message, "field": name}

``error`` is a stable code (``invalid``, ``not_found``, ``forbidden``, ``refused``…) a program can
test; ``detail`` says what went wrong to a person, in their language; ``field`` names the field the
error is about, when there is one (a body's field, a query parameter, ``logs[2]``). A validation
error adds ``fields``, every field's messages; a stale write (412) adds ``current_version``.

DRF's views get it from the exception handler (tournament/api/base.py), Django's own answers under
/api/ (config/api_errors.py, config/db_busy.py) and the views that answer an error themselves
(games/api/views.py) from ``error_body``; the OpenAPI schema names ``ErrorSerializer`` for every
error status (config/api_schema.py).
"""

from __future__ import annotations

from typing import Any


def error_body(code: str, detail: Any, *, field: str | None = None, **extra: Any) -> dict:
    """The error body: a code, a message for a person, the field when there is one."""
    body = {"error": code, "detail": str(detail)}
    if field:
        body["field"] = field
    body.update(extra)
    return body


def error_response(status: int, code: str, detail: Any, *, field: str | None = None, headers=None, **extra):
    """A DRF response carrying the error body."""
    from rest_framework.response import Response

    return Response(error_body(code, detail, field=field, **extra), status=status, headers=headers)
