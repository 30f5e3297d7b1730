"""Caps on open streams, in this process: in all, and per client address."""

from __future__ import annotations

import threading
from collections import Counter


class StreamLimits:
    def __init__(self):
        self._lock = threading.Lock()
        self._per_address: Counter[str] = Counter()
        self.total = 0

    def take(self, address: str, *, max_total: int, max_per_address: int) -> str | None:
        """Reserve a slot; None when granted, else the reason of the refusal."""
        with self._lock:
            if self.total >= max_total:
                return "busy"
            if self._per_address[address] >= max_per_address:
                return "too many"
            self.total += 1
            self._per_address[address] += 1
        return None

    def give_back(self, address: str) -> None:
        with self._lock:
            self.total -= 1
            self._per_address[address] -= 1
            if self._per_address[address] <= 0:
                del self._per_address[address]

    def open_from(self, address: str) -> int:
        with self._lock:
            return self._per_address[address]


LIMITS = StreamLimits()
