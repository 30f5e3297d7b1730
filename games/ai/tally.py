"""Counting AI games: seat rotation, points per level, and Wilson confidence intervals."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class LevelScore:
    level: str
    games: int
    points: float  # wins plus half the draws

    @property
    def rate(self) -> float:
        return self.points / self.games if self.games else 0.0

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson's 95% score interval of the win rate (draws count half)."""
        if not self.games:
            return (0.0, 1.0)
        n, p = self.games, self.rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))


def rotate(players: Sequence[str], game_index: int) -> list[str]:
    """Seats rotate from game to game so that every level moves first equally often."""
    shift = game_index % len(players)
    return list(players[shift:]) + list(players[:shift])


def score_games(players: Sequence[str], outcomes: Sequence[tuple[list[str], list[int]]]) -> list[LevelScore]:
    """Points per seat label over games given as (levels by seat, ranks by seat)."""
    labels = list(dict.fromkeys(players))
    points = dict.fromkeys(labels, 0.0)
    games = dict.fromkeys(labels, 0)
    for seated, ranks in outcomes:
        best = min(ranks)
        winners = [i for i, rank in enumerate(ranks) if rank == best]
        for i, label in enumerate(seated):
            games[label] += 1
            if i in winners:
                points[label] += 1.0 / len(winners)
    return [LevelScore(label, games[label], points[label]) for label in labels]
