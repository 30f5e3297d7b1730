"""The AI interface: a player chooses a move from what its seat may see, within a budget.

A player never receives a state. It gets its seat's view (``engine.observe(state, seat)``), the
legal moves (which depend only on what the acting seat may see), the views it saw earlier in
the game, and a budget. Search players rebuild states with ``engine.determinize(view, rng)``.
Players are stateless between calls, so a worker can resume any game from its log.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engines import Engine, Move, View


@dataclass(frozen=True)
class Budget:
    """How long a player may think: seconds of wall time, search iterations, or both."""

    seconds: float | None = None
    iterations: int | None = None

    def deadline(self, start: float | None = None) -> float | None:
        if self.seconds is None:
            return None
        return (time.perf_counter() if start is None else start) + self.seconds

    def exhausted(self, iterations_done: int, deadline: float | None) -> bool:
        if self.iterations is not None and iterations_done >= self.iterations:
            return True
        return deadline is not None and time.perf_counter() >= deadline


@dataclass(frozen=True)
class TurnContext:
    engine: Engine
    seat: int
    view: View
    legal_moves: Sequence[Move]
    options: dict[str, Any]
    budget: Budget = field(default_factory=Budget)
    history: Sequence[View] = ()  # this seat's earlier views, oldest first
    rng: random.Random = field(default_factory=random.Random)

    @classmethod
    def at(
        cls,
        engine: Engine,
        state: Any,
        *,
        options: dict[str, Any] | None = None,
        budget: Budget | None = None,
        history: Sequence[View] = (),
        rng: random.Random | None = None,
    ) -> TurnContext:
        """The context of the seat to move in ``state``: its view and legal moves, nothing more."""
        seat = engine.to_move(state)
        return cls(
            engine=engine,
            seat=seat,
            view=engine.observe(state, seat),
            legal_moves=engine.legal_moves(state),
            options=engine.normalize_options({}) if options is None else options,
            budget=budget or Budget(),
            history=history,
            rng=rng or random.Random(),
        )


class Player(ABC):
    """A level of AI for one or more games. ``level`` is its key in the AI registry."""

    level: str = ""
    description: str = ""

    @abstractmethod
    def choose(self, ctx: TurnContext) -> Move:
        """One of ``ctx.legal_moves``."""

    @property
    def name(self) -> str:
        return self.level or type(self).__name__
