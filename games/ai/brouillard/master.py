"""The Master: a belief over enemy arrangements, probes chosen by information gain, and a
search of its moves over worlds sampled from that belief.

Each turn it brings its belief up to date with the new events of its view (the view carries the
seat's whole record, so nothing else is needed), samples worlds by weight, and scores every
step in every world: taking the Queen wins; taking a Watcher gains a piece; then the enemy
answers as a careful player would (it takes a piece of ours that it can see and reach, not
knowing which is our Queen; a piece it cannot see is only at risk from a blind step). A probe
is worth standing still plus the information its answer is expected to bring.

Bluff: the Queen is scored like any Watcher except for the risk of being taken, so while she is
safe she walks out with the others and her moves tell the enemy nothing.
"""

from __future__ import annotations

import time

from games.ai.base import Player, TurnContext
from games.ai.brouillard.seatview import SeatView
from games.ai.brouillard.setups import spread_setup
from games.engines.brouillard.belief import Belief, World
from games.engines.brouillard.board import bit, col_of, row_of, squares_of, zone
from games.engines.brouillard.moves import Probe, Step
from games.engines.text import N_, Text

P_SEEN_TAKEN = 0.9  # an enemy that sees our piece in reach takes it
P_BLIND_TAKEN = 0.08  # an enemy steps blindly onto a square where we stand
PIECE = 0.12  # a piece more at the end, in win probability
NEXT_QUEEN = 0.08  # the enemy Queen in reach for our next turn
NEXT_PIECE = 0.02
PULL = 0.004  # per square between a piece of ours and the nearest enemy piece
BLUFF_RATE = 0.3  # how often a quiet turn goes to the Queen when her best step is nearly as good
BLUFF_MARGIN = 0.02


def _distance(a: int, b: int) -> int:
    return max(abs(row_of(a) - row_of(b)), abs(col_of(a) - col_of(b)))


class Master(Player):
    level = "master"
    description = Text(
        N_(
            "Tracks every enemy arrangement consistent with what it saw, probes for information, "
            "searches sampled worlds, bluffs with its Queen."
        )
    )

    def __init__(self, *, samples: int = 200, particles: int = 2000, seconds: float = 1.5, probe_weight: float = 0.03):
        self.samples = samples
        self.particles = particles
        self.seconds = seconds
        self.probe_weight = probe_weight
        self._beliefs: dict[int, Belief] = {}
        self.last_think: dict[str, float] = {}

    # --- belief -------------------------------------------------------------------------------

    def belief(self, ctx: TurnContext) -> Belief:
        """The belief for this seat, updated incrementally when the record extends the last one."""
        events = ctx.view["events"]
        belief = self._beliefs.get(ctx.seat)
        if belief is None or not belief.extends(events):
            belief = Belief(ctx.seat, ctx.view["options"]["diagonal_two_step"], self.particles, ctx.rng)
            self._beliefs[ctx.seat] = belief
        belief.rng = ctx.rng
        belief.update(events)
        return belief

    def _worlds(self, ctx: TurnContext, belief: Belief, k: int) -> list[World]:
        worlds = belief.sample(k, ctx.rng)
        if worlds:
            return worlds
        # Never expected (the tracker recovers by itself), but a sampled state always exists.
        enemy = 1 - ctx.seat
        out = []
        for _ in range(k):
            state = ctx.engine.determinize(ctx.view, ctx.rng)
            out.append((state.queens[enemy], state.armies[enemy]))
        return out

    # --- choosing -----------------------------------------------------------------------------

    def choose(self, ctx: TurnContext):
        start = time.perf_counter()
        if ctx.view["phase"] == "setup":
            return spread_setup(ctx.seat, ctx.rng)
        view = SeatView.of(ctx.view)
        belief = self.belief(ctx)
        seconds = ctx.budget.seconds if ctx.budget.seconds is not None else self.seconds
        deadline = start + seconds
        worlds = self._worlds(ctx, belief, self.samples)
        steps = [m for m in ctx.legal_moves if isinstance(m, Step)]
        totals = [0.0] * len(steps)
        standing = 0.0
        used = 0
        for queen, army in worlds:
            for index, step in enumerate(steps):
                totals[index] += self.value(view, queen, army, step)
            standing += self.value(view, queen, army, None)
            used += 1
            if time.perf_counter() > deadline:
                break
        best = max(range(len(steps)), key=lambda i: (totals[i], ctx.rng.random())) if steps else None
        gains = belief.probe_gain(worlds[: min(used, 120)])
        square = max(range(len(gains)), key=lambda s: (gains[s], ctx.rng.random()))
        probe_value = standing / used + self.probe_weight * gains[square]
        self.last_think = {"seconds": time.perf_counter() - start, "worlds": used, "belief": len(belief)}
        if best is not None and totals[best] / used >= probe_value:
            return steps[self._bluff(view, steps, [t / used for t in totals], best, ctx)]
        return next(m for m in ctx.legal_moves if isinstance(m, Probe) and m.square == square)

    def _bluff(self, view: SeatView, steps: list[Step], means: list[float], best: int, ctx: TurnContext) -> int:
        """Now and then give a quiet turn to the Queen, so that the piece that never moves is not
        the tell: her step must be nearly as good as the best one (hence safe in the worlds)."""
        if steps[best].origin == view.queen or view.shadows or ctx.rng.random() >= BLUFF_RATE:
            return best
        queen_steps = [i for i, step in enumerate(steps) if step.origin == view.queen]
        if not queen_steps:
            return best
        candidate = max(queen_steps, key=lambda i: means[i])
        return candidate if means[best] - means[candidate] <= BLUFF_MARGIN else best

    def value(self, view: SeatView, queen: int, enemy: int, step: Step | None) -> float:
        """Our chance of winning in one world after ``step`` (None: standing still) and the
        enemy's reply."""
        mine, my_queen, revealed = view.mine, view.queen, 0
        if step is not None:
            target = bit(step.target)
            if enemy & target:
                if step.target == queen:
                    return 1.0
                enemy ^= target
                revealed = target  # the victim learns where our piece stands
            mine ^= bit(step.origin) | target
            if step.origin == my_queen:
                my_queen = step.target
        enemy_reach = view.reach_of(enemy)
        seen = ((mine & zone(enemy)) | revealed) & enemy_reach
        if seen:
            lost = P_SEEN_TAKEN
            queen_lost = P_SEEN_TAKEN / seen.bit_count() if seen & bit(my_queen) else 0.0
        else:
            blind = mine & enemy_reach
            lost = P_BLIND_TAKEN * blind.bit_count()
            queen_lost = P_BLIND_TAKEN if blind & bit(my_queen) else 0.0
        score = 0.5 + PIECE * (mine.bit_count() - lost - enemy.bit_count())
        my_reach = view.reach_of(mine)
        if my_reach & bit(queen):
            score += NEXT_QUEEN
        score += NEXT_PIECE * (my_reach & enemy).bit_count()
        targets = squares_of(enemy)
        if targets:
            score -= PULL * sum(min(_distance(p, t) for t in targets) for p in squares_of(mine))
        score = min(0.98, max(0.02, score))
        return (1.0 - queen_lost) * score
