"""The Beginner and the Intermediate: rules of thumb on what the seat's mist shows."""

from __future__ import annotations

import random

from games.ai.base import Player, TurnContext
from games.ai.brouillard.seatview import SeatView
from games.ai.brouillard.setups import guarded_setup, random_setup
from games.engines.brouillard.board import RING, SIZE, SQUARES, bit, col_of, row_of
from games.engines.brouillard.moves import Probe, Step
from games.engines.text import N_, Text


def _steps(ctx: TurnContext) -> list[Step]:
    return [m for m in ctx.legal_moves if isinstance(m, Step)]


def _probes(ctx: TurnContext) -> list[Probe]:
    return [m for m in ctx.legal_moves if isinstance(m, Probe)]


def distance(a: int, b: int) -> int:
    return max(abs(row_of(a) - row_of(b)), abs(col_of(a) - col_of(b)))


def forward(seat: int, origin: int, target: int) -> int:
    """Rows gained towards the enemy side."""
    gain = row_of(target) - row_of(origin)
    return gain if seat == 0 else -gain


class Beginner(Player):
    level = "beginner"
    description = Text(N_("Moves almost at random; takes a piece it can see about half the time."))

    def choose(self, ctx: TurnContext):
        rng = ctx.rng
        if ctx.view["phase"] == "setup":
            return random_setup(ctx.seat, rng)
        view = SeatView.of(ctx.view)
        steps = _steps(ctx)
        captures = [s for s in steps if view.shadows & bit(s.target)]
        if captures and rng.random() < 0.5:
            return rng.choice(captures)
        if steps and rng.random() < 0.6:
            return rng.choice(steps)
        return rng.choice(_probes(ctx))


class Intermediate(Player):
    level = "intermediate"
    description = Text(N_("Takes what it sees, steps away from shadows that threaten it, probes ahead and advances."))

    probe_rate = 0.35

    def choose(self, ctx: TurnContext):
        rng = ctx.rng
        if ctx.view["phase"] == "setup":
            return guarded_setup(ctx.seat, rng)
        view = SeatView.of(ctx.view)
        steps = _steps(ctx)
        return (
            self._capture(view, steps, rng)
            or self._escape(view, steps, rng)
            or (self._probe(view, ctx, rng) if rng.random() < self.probe_rate else None)
            or self._advance(view, steps, rng)
            or self._probe(view, ctx, rng)
        )

    def _capture(self, view: SeatView, steps: list[Step], rng: random.Random) -> Step | None:
        captures = [s for s in steps if view.shadows & bit(s.target)]

        def exposed(step: Step) -> bool:  # another shadow could take the capturer back
            return bool(view.reach_of(view.shadows & ~bit(step.target)) & bit(step.target))

        # A Watcher takes rather than the Queen; the Queen never takes onto an exposed square.
        captures = [s for s in captures if not (s.origin == view.queen and exposed(s))]
        if not captures:
            return None
        return min(captures, key=lambda s: (s.origin == view.queen, exposed(s), rng.random()))

    def _escape(self, view: SeatView, steps: list[Step], rng: random.Random) -> Step | None:
        danger = view.reach_of(view.shadows)
        endangered = view.mine & danger
        if not endangered:
            return None
        piece = view.queen if endangered & bit(view.queen) else rng.choice([s for s in SQUARES if endangered & bit(s)])
        ways = [s for s in steps if s.origin == piece and not danger & bit(s.target)]
        return rng.choice(ways) if ways else None

    def _probe(self, view: SeatView, ctx: TurnContext, rng: random.Random) -> Probe:
        recent = {square for square, _ in view.recent_probes(4)}

        def interest(probe: Probe) -> tuple[float, float]:
            ring = RING[probe.square]
            mist = (ring & ~view.zone).bit_count()
            ahead = row_of(probe.square) if view.seat == 0 else SIZE - 1 - row_of(probe.square)
            fresh = probe.square not in recent
            return (mist + ahead * 0.5 + 3 * fresh, rng.random())

        return max(_probes(ctx), key=interest)

    def _advance(self, view: SeatView, steps: list[Step], rng: random.Random) -> Step | None:
        danger = view.reach_of(view.shadows)
        lead = next(((sq, n) for sq, n in view.recent_probes(3) if n > 0), None)
        best, best_key = None, None
        for step in steps:
            if step.origin == view.queen or danger & bit(step.target):
                continue
            if lead is not None:
                gain = distance(step.origin, lead[0]) - distance(step.target, lead[0])
            else:
                gain = forward(view.seat, step.origin, step.target)
            key = (gain, rng.random())
            if gain > 0 and (best_key is None or key > best_key):
                best, best_key = step, key
        return best
