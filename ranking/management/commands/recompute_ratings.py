"""Rebuild every rating pool from the tournament's confirmed games, from scratch.

Deterministic: the same confirmed games always give the same ratings. Shows a progress bar on
standard error and a summary per pool on standard output.
"""

from __future__ import annotations

import sys
import time

from django.core.management.base import BaseCommand

from ranking.services import ratings_recompute_all


class ProgressBar:
    def __init__(self, stream, width: int = 30):
        self.stream, self.width = stream, width
        self.started = time.monotonic()
        self.last = 0.0

    def __call__(self, phase: str, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < 0.2:
            return  # redrawing costs more than the replay itself on large pools
        self.last = now
        share = done / total if total else 1.0
        filled = int(self.width * share)
        bar = "#" * filled + "." * (self.width - filled)
        elapsed = now - self.started
        self.stream.write(f"\r{phase:<8} [{bar}] {share:4.0%} {done}/{total} games, {elapsed:.1f} s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


class Command(BaseCommand):
    help = "Recompute every rating and ladder from confirmed results, from scratch."

    def handle(self, *args, **options):
        bar = ProgressBar(getattr(self.stderr, "_out", sys.stderr))
        counts = ratings_recompute_all(progress=bar)
        for slug, games in counts.items():
            self.stdout.write(f"{slug}: {games} game{'s' if games != 1 else ''}")
        self.stdout.write(f"{len(counts)} pool{'s' if len(counts) != 1 else ''} recomputed")
