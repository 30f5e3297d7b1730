"""Reproducible randomness: every random choice comes from a recorded seed.

Python's ``hash()`` of a string changes between processes, so seeds are derived with SHA-256 of
their parts; ``random.Random`` is stable for an integer seed across runs of the same Python.
"""

import hashlib
import random


def derive_seed(seed: int | str | None, *parts: object) -> int:
    """A 63-bit integer fixed by the seed and the parts (round number, purpose...)."""
    text = ":".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def seeded_rng(seed: int | str | None, *parts: object) -> random.Random:
    """A private random generator for one purpose of one round."""
    return random.Random(derive_seed(seed, *parts))


def lot_order(ids, seed: int | str | None, *parts: object) -> dict:
    """A drawn position for each id, used only to break ties that nothing else breaks."""
    ordered = sorted(ids, key=repr)
    seeded_rng(seed, "lot", *parts).shuffle(ordered)
    return {entrant_id: position for position, entrant_id in enumerate(ordered)}
