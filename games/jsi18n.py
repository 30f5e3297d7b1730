"""The site's JavaScript catalogue (static/brume/*.js call ``gettext``/``interpolate``): Django's
JavaScriptCatalog, one URL per language (``/jsi18n/fr/``), so that a browser or a proxy may keep
it: a URL always answers the same text. Built once per process and language (the catalogues are
compiled before the site starts), then served from memory; ETags make a repeated fetch a 304.
"""

from __future__ import annotations

import threading

from django.conf import settings
from django.http import Http404, HttpResponse
from django.utils import translation
from django.views.decorators.http import require_GET
from django.views.i18n import JavaScriptCatalog

MAX_AGE = 3600  # a new translation reaches browsers within the hour
SUPPORTED = frozenset(code for code, _name in settings.LANGUAGES)

# The site's scripts keep their texts in locale/<lang>/LC_MESSAGES/djangojs.po (LOCALE_PATHS, always
# read); naming an app here keeps the admin's scripts' texts out (half the size).
PACKAGES = ["games"]

_built: dict[str, bytes] = {}
_lock = threading.Lock()


def catalogue_body(request, language: str) -> bytes:
    """The catalogue's JavaScript for ``language``, built on first use."""
    body = _built.get(language)
    if body is None:
        with translation.override(language):
            body = JavaScriptCatalog.as_view(packages=PACKAGES)(request).content
        with _lock:
            _built[language] = body
    return body


@require_GET
def javascript_catalogue(request, language: str):
    if language not in SUPPORTED:
        raise Http404("no such language")
    response = HttpResponse(catalogue_body(request, language), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = f"public, max-age={MAX_AGE}"
    response["Content-Language"] = language
    return response
