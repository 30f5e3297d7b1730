"""Monte Carlo tree search on the engine contract, for any game.

Perfect-information games search the exact state rebuilt from the view. Hidden-information
games search over determinizations: each iteration samples a state consistent with the view
(``engine.determinize``) and walks one shared tree keyed by moves, counting how often each
move was available (information-set MCTS with availability counts).

Rewards come from the outcome: 1 for a win, 0 for a loss, shares for ties and middle ranks;
cooperative games reward the team's win. A game may pass a rollout policy and a cut-off
evaluation to make playouts smarter and shorter.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.ai.base import Budget, Player, TurnContext
from games.engines import Engine, Move, Outcome, State
from games.engines.text import N_, Text

RolloutPolicy = Callable[[Engine, State, random.Random], Move]
Evaluator = Callable[[Engine, State, int], float]
# Narrows the moves the tree considers in a position (the best few by a heuristic, say).
CandidateMoves = Callable[[Engine, State, Sequence[Move]], Sequence[Move]]


def seat_reward(outcome: Outcome, seat: int) -> float:
    """1.0 for beating every other seat, 0.0 for losing to all; ties count half."""
    if outcome.team_won is not None:
        return 1.0 if outcome.team_won else 0.0
    mine = outcome.seats[seat].rank
    others = [s.rank for s in outcome.seats if s.seat != seat]
    if not others:
        return 1.0
    won = sum(1.0 if rank > mine else 0.5 if rank == mine else 0.0 for rank in others)
    return won / len(others)


@dataclass
class _Node:
    mover: int | None  # the seat that chose the move leading here
    visits: int = 0
    total: float = 0.0
    available: int = 0  # how often this move was legal when its parent was visited
    children: dict[Move, _Node] = field(default_factory=dict)


@dataclass
class SearchReport:
    iterations: int
    seconds: float
    visits: dict[str, int]


class MCTSPlayer(Player):
    description = Text(N_("Monte Carlo tree search with random (or game-specific) playouts."))

    def __init__(
        self,
        *,
        level: str = "mcts",
        budget: Budget | None = None,
        exploration: float = 1.0,
        rollout_policy: RolloutPolicy | None = None,
        evaluate: Evaluator | None = None,
        rollout_depth: int | None = None,
        candidate_moves: CandidateMoves | None = None,
    ):
        self.level = level
        self.default_budget = budget or Budget(iterations=500)
        self.exploration = exploration
        self.rollout_policy = rollout_policy
        self.evaluate = evaluate
        self.rollout_depth = rollout_depth
        self.candidate_moves = candidate_moves
        self.last_report: SearchReport | None = None

    def _budget(self, ctx: TurnContext) -> Budget:
        if ctx.budget.seconds is None and ctx.budget.iterations is None:
            return self.default_budget
        return ctx.budget

    def choose(self, ctx: TurnContext) -> Move:
        legal = list(ctx.legal_moves)
        if len(legal) == 1:
            return legal[0]
        engine, rng = ctx.engine, ctx.rng
        hidden = engine.info.hidden_information
        exact = None if hidden else engine.determinize(ctx.view, rng)
        budget = self._budget(ctx)
        start = time.perf_counter()
        deadline = budget.deadline(start)
        root = _Node(mover=None)
        iterations = 0
        while not budget.exhausted(iterations, deadline):
            state = exact if exact is not None else engine.determinize(ctx.view, rng)
            self._iterate(engine, root, state, rng)
            iterations += 1
        self.last_report = SearchReport(
            iterations=iterations,
            seconds=time.perf_counter() - start,
            visits={repr(move): child.visits for move, child in root.children.items()},
        )
        candidates = [(child.visits, child.total, move) for move, child in root.children.items() if move in legal]
        if not candidates:
            return legal[rng.randrange(len(legal))]
        best = max(visits for visits, _, _ in candidates)
        top = [move for visits, _, move in candidates if visits == best]
        return top[rng.randrange(len(top))]

    def _iterate(self, engine: Engine, root: _Node, state: State, rng: random.Random) -> None:
        path = [root]
        node = root
        # Selection and expansion.
        while (seat := engine.to_move(state)) is not None:
            legal = engine.legal_moves(state)
            if self.candidate_moves is not None:
                legal = self.candidate_moves(engine, state, legal) or legal
            untried = [move for move in legal if move not in node.children]
            for move in legal:
                child = node.children.get(move)
                if child is not None:
                    child.available += 1
            if untried:
                move = untried[rng.randrange(len(untried))]
                child = _Node(mover=seat, available=1)
                node.children[move] = child
                state = engine.play(state, move)
                path.append(child)
                break
            move, child = max(
                ((m, node.children[m]) for m in legal),
                key=lambda item: self._ucb(item[1]),
            )
            state = engine.play(state, move)
            path.append(child)
            node = child
        rewards = self._playout(engine, state, rng)
        for visited in path:
            visited.visits += 1
            if visited.mover is not None:
                visited.total += rewards(visited.mover)

    def _ucb(self, child: _Node) -> float:
        return child.total / child.visits + self.exploration * math.sqrt(math.log(child.available) / child.visits)

    def _playout(self, engine: Engine, state: State, rng: random.Random) -> Callable[[int], float]:
        depth = 0
        while engine.to_move(state) is not None:
            if self.rollout_depth is not None and depth >= self.rollout_depth and self.evaluate is not None:
                cut = state
                return lambda seat: self.evaluate(engine, cut, seat)
            if self.rollout_policy is not None:
                move = self.rollout_policy(engine, state, rng)
            else:
                legal = engine.legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            state = engine.play(state, move)
            depth += 1
        outcome = engine.outcome(state)
        cache: dict[int, float] = {}

        def reward(seat: int, outcome: Outcome = outcome) -> float:
            if seat not in cache:
                cache[seat] = seat_reward(outcome, seat)
            return cache[seat]

        return reward
