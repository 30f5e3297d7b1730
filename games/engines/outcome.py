"""How a finished game ended: a rank, a score and the rulebook's tie-break tuple per seat."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


def ranks_from_keys(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3) from comparable keys where larger is better."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


@dataclass(frozen=True)
class SeatResult:
    seat: int
    rank: int  # 1 is best; seats that tie share a rank
    score: float
    # The rulebook's tie-break, compared lexicographically, larger is better (negate "fewest").
    tiebreak: tuple[float, ...] = ()
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "rank": self.rank,
            "score": self.score,
            "tiebreak": list(self.tiebreak),
            "details": self.details,
        }


@dataclass(frozen=True)
class Outcome:
    seats: tuple[SeatResult, ...]
    reason: str = ""  # in players' words: "White has more dolmens"
    # Cooperative and solo games: did the players beat the game? None for competitive games.
    team_won: bool | None = None
    details: dict[str, Any] = field(default_factory=dict, compare=False)

    @classmethod
    def ranked(
        cls,
        scores: Sequence[float],
        tiebreaks: Sequence[tuple[float, ...]] | None = None,
        *,
        reason: str = "",
        seat_details: Sequence[dict[str, Any]] | None = None,
        team_won: bool | None = None,
        details: dict[str, Any] | None = None,
        keys: Sequence[Any] | None = None,
    ) -> Outcome:
        """Rank seats by ``keys`` (default: the tie-break tuple, else the score)."""
        n = len(scores)
        tiebreaks = list(tiebreaks) if tiebreaks is not None else [(s,) for s in scores]
        keys = list(keys) if keys is not None else tiebreaks
        ranks = ranks_from_keys(keys)
        seat_details = seat_details or [{} for _ in range(n)]
        return cls(
            seats=tuple(
                SeatResult(
                    seat=i, rank=ranks[i], score=scores[i], tiebreak=tuple(tiebreaks[i]), details=seat_details[i]
                )
                for i in range(n)
            ),
            reason=reason,
            team_won=team_won,
            details=details or {},
        )

    @property
    def ranks(self) -> tuple[int, ...]:
        return tuple(s.rank for s in self.seats)

    @property
    def scores(self) -> tuple[float, ...]:
        return tuple(s.score for s in self.seats)

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats ranked first (all seats on a draw; none when a cooperative team lost)."""
        if self.team_won is False:
            return ()
        return tuple(s.seat for s in self.seats if s.rank == 1)

    @property
    def is_draw(self) -> bool:
        return len(self.seats) > 1 and self.team_won is None and all(s.rank == 1 for s in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "reason": self.reason,
            "team_won": self.team_won,
            "seats": [s.to_json() for s in self.seats],
            "details": self.details,
        }
