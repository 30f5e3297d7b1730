"""Every request: its id (config/logs.py) and its time, by view and status class (config/metrics.py).

Cheap by design, as a live move's POST passes here (bench/live_move.py): a header read, a context
variable set and reset, two clock reads and one histogram observation; no query, no round trip.
Placed right after ``TrustedProxyMiddleware``, so that it times nearly all of the request.
"""

from __future__ import annotations

import time

from config.logs import REQUEST_ID, request_id_from
from config.metrics import observe_request

HEADER = "X-Request-ID"


class ObserveRequestMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        request_id = request.request_id = request_id_from(request.META.get("HTTP_X_REQUEST_ID"))
        token = REQUEST_ID.set(request_id)
        try:
            response = self.get_response(request)
        finally:
            REQUEST_ID.reset(token)
        response[HEADER] = request_id
        match = request.resolver_match
        observe_request(
            match.view_name if match is not None else "unmatched", response.status_code, time.perf_counter() - started
        )
        return response
