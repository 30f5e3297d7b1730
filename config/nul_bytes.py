"""A request whose path, query or form carries a NUL character is refused (400) before any view
reads it.

No page and no API call takes one. PostgreSQL refuses NUL in any text it is given (psycopg's
``DataError``: a 500), where SQLite quietly stores it. Django's form fields and DRF's serializers
refuse it in what they validate, but a view reading a query parameter itself passed it on to the
database: the page fuzzing on PostgreSQL found ``/ratings/?game=%00`` answering 500. Refusing it
here covers every such read, now and later. Under /api/ the answer is the API's error body
(config/errors.py).
"""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from config.errors import error_body

NUL = "\x00"


FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def nul_field(request) -> str | None:
    """The name of the first query or form field holding a NUL ('path' for the path), else None.
    A form's fields are read only for a form's content type (Django parses nothing else into
    ``request.POST``); a file's content is the file's, never looked at."""
    if NUL in request.path_info:
        return "path"
    fields = [request.GET]
    if request.method == "POST" and request.content_type in FORMS:
        fields.append(request.POST)
    for data in fields:
        for name, values in data.lists():
            if NUL in name or any(NUL in value for value in values):
                return name.replace(NUL, "\\0")
    return None


class RefuseNulMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        field = nul_field(request)
        if field is None:
            return self.get_response(request)
        detail = _("the request holds a NUL character (in %(field)s), which no page or API call takes") % {
            "field": field
        }
        if request.path_info.startswith("/api/"):
            return JsonResponse(error_body("invalid", detail, field=field), status=400)
        return HttpResponse(detail, status=400, content_type="text/plain; charset=utf-8")
