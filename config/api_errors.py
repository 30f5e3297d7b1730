"""Errors outside the API views answered in the API's own JSON shape under /api/.

DRF views turn their errors into ``{"error": code, "detail": message}``; what happens before a
view runs (an unknown path, a body too large for Django, an uncaught error) goes through
Django's handlers, which answer HTML. These handlers answer JSON for /api/ paths and keep
Django's pages for the rest. A body or form beyond Django's size limits is a 413 on both.
"""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext
from django.views import defaults

API_PREFIX = "/api/"
TOO_LARGE = (RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent)


def is_api(request) -> bool:
    return request.path.startswith(API_PREFIX)


def error_json(status: int, code: str, detail: str) -> JsonResponse:
    return JsonResponse({"error": code, "detail": detail}, status=status)


def _too_large(exception) -> str:
    if isinstance(exception, TooManyFieldsSent):
        return gettext("the form has too many fields")
    if isinstance(exception, TooManyFilesSent):
        return gettext("too many files at once")
    return gettext("the request body is too large")


def bad_request(request, exception=None):
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
    if is_api(request):
        return error_json(500, "server_error", gettext("something went wrong on our side; it is logged"))
    return defaults.server_error(request)
