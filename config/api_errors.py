"""Errors outside the API views answered in the API's own JSON shape under /api/.

DRF views turn their errors into the API's error body (config/errors.py); what happens before a
view runs (an unknown path, a body too large for Django, an uncaught error) goes through
Django's handlers, which answer HTML. These handlers answer JSON for /api/ paths and keep
Django's pages for the rest. A body or form beyond Django's size limits is a 413 on both. No
free database connection, or none that works (PostgreSQL restarting or down), is a 503 with
``Retry-After`` on both (config/db_busy.py).
"""

from __future__ import annotations

import sys

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext
from django.views import defaults

from config.db_busy import is_database_unavailable, unavailable_response
from config.errors import error_body

API_PREFIX = "/api/"
TOO_LARGE = (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent)


def is_api(request) -> bool:
    return request.path.startswith(API_PREFIX)


def error_json(status: int, code: str, detail: str) -> JsonResponse:
    return JsonResponse(error_body(code, detail), status=status)


def _too_large(exception) -> str:
    if isinstance(exception, TooManyFieldsSent):
        return gettext("the form has too many fields")
    if isinstance(exception, TooManyFilesSent):
        return gettext("too many files at once")
    return gettext("the request body is too large")


def bad_request(request, exception=None):
    if is_database_unavailable(exception):  # the session could not be saved: no working connection
        return unavailable_response(request, exception)
    if isinstance(exception, TOO_LARGE):
        if is_api(request):
            return error_json(413, "too_large", _too_large(exception))
        return HttpResponse(f"{_too_large(exception).capitalize()}.", status=413, content_type="text/plain")
    if is_api(request):
        return error_json(400, "bad_request", gettext("the request cannot be read"))
    return defaults.bad_request(request, exception)


def permission_denied(request, exception=None):
    if is_api(request):
        return error_json(403, "forbidden", str(exception) if exception and str(exception) else gettext("not allowed"))
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception=None):
    if is_api(request):
        return error_json(
            404, "not_found", gettext("no API endpoint at %(path)s; see /api/schema/") % {"path": request.path}
        )
    return defaults.page_not_found(request, exception)


def server_error(request):
    error = sys.exc_info()[1]  # Django calls this while handling the error
    if is_database_unavailable(error):
        return unavailable_response(request, error)
    if is_api(request):
        return error_json(500, "server_error", gettext("something went wrong on our side; it is logged"))
    return defaults.server_error(request)
