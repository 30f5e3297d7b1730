"""Python's cyclic garbage collector paused while a large structure of plain values is built.

The standings of a 1,000-entrant Swiss allocate hundreds of thousands of small objects (rounds,
games, encounters, tie-break values) and no reference cycles; every few hundred allocations the
collector walks the young objects, and now and then all of them: about a third of the
computation's time (bench.load server-time). Reference counting still frees everything; the
collector resumes at the end (only if it was running: nested or concurrent pauses leave it on).
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def collector_paused():
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
