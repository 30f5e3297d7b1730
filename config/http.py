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

MASKED_TOKEN = re.compile(rb'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")[A-Za-z0-9]{64}"')


def body_etag(content: bytes) -> str:
    return quote_etag(hashlib.md5(MASKED_TOKEN.sub(rb"\1", content), usedforsecurity=False).hexdigest())


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
