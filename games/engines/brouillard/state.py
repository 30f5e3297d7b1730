"""The referee's state: the whole truth, plus the record of what each seat saw of each ply."""

from __future__ import annotations

from dataclasses import dataclass

from games.engines.brouillard.board import bit
from games.engines.brouillard.moves import Action


@dataclass(frozen=True)
class Record:
    """One ply as the referee keeps it: the move with its answer, and what the mist let through."""

    seat: int
    move: Action  # Step.captured and Probe.count are always filled in here
    # What the actor's opponent saw of a step: its origin (it stood in the opponent's zone
    # before) and its target (it ends in the opponent's zone, or took one of its pieces).
    seen: tuple[bool, bool]
    shadows: tuple[int, int]  # each seat's shadows (enemy pieces inside its zone) after the ply


@dataclass(frozen=True)
class BrouillardState:
    turns: int  # turns each seat plays before the mist closes
    diagonal_two_step: bool
    first: int  # the seat that places first and moves first
    armies: tuple[int, int]  # each seat's pieces, as bitmasks
    queens: tuple[int, int]  # each seat's Queen square; -1 before its setup or once captured
    taken: tuple[int, int]  # turns played by each seat after the setups
    to_move: int | None
    winner: int | None  # set when a Queen falls
    records: tuple[Record, ...] = ()

    def in_setup(self) -> bool:
        # An army is empty only before its setup: losing every piece means losing the Queen.
        return self.to_move is not None and not self.armies[self.to_move]

    def kind_at(self, seat: int, square: int) -> str | None:
        """ "Q" or "W" for a piece of ``seat`` on ``square``, else None."""
        if not self.armies[seat] & bit(square):
            return None
        return "Q" if self.queens[seat] == square else "W"
