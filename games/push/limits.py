"""Caps on open streams, in this process: in all, and per client address.

The open streams are also a gauge of /metrics (config/metrics.py): one addition when a stream
opens, one when it ends; nothing per event sent.
"""

from __future__ import annotations

import threading
from collections import Counter

from config.metrics import OPEN_STREAMS, REFUSED_STREAMS


class StreamLimits:
    def __init__(self):
        self._lock = threading.Lock()
        self._per_address: Counter[str] = Counter()
        self.total = 0

    def take(self, address: str, *, max_total: int, max_per_address: int) -> str | None:
        """Reserve a slot; None when granted, else the reason of the refusal."""
        with self._lock:
            if self.total >= max_total:
                refused = "busy"
            elif self._per_address[address] >= max_per_address:
                refused = "too many"
            else:
                self.total += 1
                self._per_address[address] += 1
                refused = None
        if refused:
            REFUSED_STREAMS.labels(refused).inc()
        else:
            OPEN_STREAMS.inc()
        return refused

    def give_back(self, address: str) -> None:
        with self._lock:
            self.total -= 1
            self._per_address[address] -= 1
            if self._per_address[address] <= 0:
                del self._per_address[address]
        OPEN_STREAMS.dec()

    def open_from(self, address: str) -> int:
        with self._lock:
            return self._per_address[address]


LIMITS = StreamLimits()
