"""A seat's view decoded into bitmasks, the form the Brouillard players reason in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engines.brouillard.board import RING, bit, parse_square, reach_mask, squares_of


def mask_of(names) -> int:
    return sum(bit(parse_square(n)) for n in names)


@dataclass(frozen=True)
class SeatView:
    seat: int
    mine: int
    queen: int  # -1 before the setup
    shadows: int
    zone: int
    enemy_count: int
    diagonal: bool
    turns_left: int  # this seat's turns still to play
    events: tuple[dict[str, Any], ...]

    @classmethod
    def of(cls, view: dict[str, Any]) -> SeatView:
        seat = view["seat"]
        options = view["options"]
        return cls(
            seat=seat,
            mine=mask_of(p["square"] for p in view["mine"]),
            queen=next((parse_square(p["square"]) for p in view["mine"] if p["kind"] == "Q"), -1),
            shadows=mask_of(view["shadows"]),
            zone=mask_of(view["zone"]),
            enemy_count=view["pieces_left"][1 - seat],
            diagonal=options["diagonal_two_step"],
            turns_left=options["turns"] - view["turns_taken"][seat],
            events=tuple(view["events"]),
        )

    @property
    def reach(self) -> tuple[int, ...]:
        return reach_mask(self.diagonal)

    def reach_of(self, army: int) -> int:
        """Every square some piece of ``army`` could step to next turn."""
        table = self.reach
        out = 0
        for square in squares_of(army):
            out |= table[square]
        return out

    def recent_probes(self, limit: int = 6) -> list[tuple[int, int]]:
        """(square, answer) of this seat's latest probes, newest first."""
        out = []
        for event in reversed(self.events):
            if event["type"] == "probe" and event["by"] == self.seat:
                out.append((parse_square(event["square"]), event["count"]))
                if len(out) >= limit:
                    break
        return out


def probe_count(army: int, square: int) -> int:
    return (army & RING[square]).bit_count()
