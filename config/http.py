"""HTTP revalidation: an ETag on every GET response, and 304 Not Modified when it still holds.

Django's ``ConditionalGetMiddleware`` hashes the body. Every HTML page carries CSRF tokens, which
Django masks afresh on each response (so that the secret cannot be read through compression), so
two bodies of an unchanged page never hashed alike. Here the masked tokens are left out of the
hash: a client keeping its earlier copy keeps earlier tokens, which stay valid for as long as the
CSRF secret does (it changes at sign-in and sign-out, and then the page itself changes too).
"""

from __future__ import annotations

import hashlib
import re

from django.middleware.http import ConditionalGetMiddleware as DjangoConditionalGetMiddleware
from django.utils.http import quote_etag

# Two patterns that each start with a literal, rather than one alternation: the regular expression
# engine then scans for the literal at C speed (four times faster on a 270 KB standings page).
MASKED_TOKENS = (
    re.compile(rb'(csrfmiddlewaretoken" value=")[A-Za-z0-9]{64}"'),
    re.compile(rb'("X-CSRFToken": ")[A-Za-z0-9]{64}"'),
)


def body_etag(content: bytes) -> str:
    for pattern in MASKED_TOKENS:
        content = pattern.sub(rb"\1", content)
    return quote_etag(hashlib.md5(content, usedforsecurity=False).hexdigest())


class ConditionalGetMiddleware(DjangoConditionalGetMiddleware):
    def process_response(self, request, response):
        if (
            request.method == "GET"
            and not response.streaming
            and not response.has_header("ETag")
            and self.needs_etag(response)
            and response.status_code == 200
        ):
            response.headers["ETag"] = body_etag(response.content)
        return super().process_response(request, response)
