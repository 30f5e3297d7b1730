"""Mists over Carcassonne AI levels: greedy, and a search over the unseen tile stack.

Both judge a position the same way: points, plus ghosts still in the supply (each one is a
turn of safety), plus what the meeples on the board are likely to bring, with a penalty when
the supply is nearly empty. The greedy player plays each decision's best follow-up to the end of
the turn and keeps the best. The search player runs the shared MCTS over determinizations (the
order of the unseen tiles is sampled each iteration), narrowed to the greedy player's best few
moves per position, scoring leaves with the same evaluation.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from games.ai.base import Budget, Player, TurnContext
from games.ai.mcts import MCTSPlayer
from games.engines import Engine
from games.engines.mists import board as geo
from games.engines.mists.state import MistsState
from games.engines.text import N_, Text

GHOST_WEIGHT = 2.0
MEEPLE_SHARE = 0.5  # how much of an unfinished feature's value a meeple on it is counted for
IN_HAND = 1.0  # a meeple ready to place
DANGER = 8.0  # the penalty when one or two ghosts are left


def evaluate(state: MistsState) -> float:
    """Higher is better for the team; wins and losses dwarf everything else."""
    if state.result == "won":
        return 1000.0 + state.score
    if state.result == "lost":
        return -1000.0 + state.score
    goal = state.level.goal
    if state.level.scoring == "per_colour":
        points = sum(min(state.scores[c], goal) for c in state.colours) / len(state.colours)
    else:
        points = float(state.score)
    available = state.available_ghosts()
    value = points + GHOST_WEIGHT * available - (DANGER if available <= 2 else 0.0)
    seen: set = set()
    for key in state.meeples:
        if key in seen:
            continue
        found = geo.feature(state.board, key)
        seen |= found.keys
        if not found.haunted:
            colours = {state.meeples[k] for k in found.keys if k in state.meeples}
            value += MEEPLE_SHARE * found.value * len(colours)
    value += IN_HAND * sum(state.in_hand)
    return value


def _settle(engine: Engine, state: MistsState) -> MistsState:
    """Play the rest of the turn greedily, one decision at a time (static evaluation only)."""
    while state.result is None and state.queue and state.queue[0][0] != "place":
        moves = state.choices()
        state = max((engine.play(state, move) for move in moves), key=evaluate)
    return state


def move_values(engine: Engine, state: MistsState, moves: Sequence) -> list[float]:
    return [evaluate(_settle(engine, engine.play(state, move))) for move in moves]


class GreedyPlayer(Player):
    level = "greedy"
    description = Text(N_("Plays the decision whose best follow-up to the end of the turn looks best."))

    def choose(self, ctx: TurnContext):
        moves = list(ctx.legal_moves)
        if len(moves) == 1:
            return moves[0]
        state = ctx.engine.determinize(ctx.view, ctx.rng)
        values = move_values(ctx.engine, state, moves)
        best = max(values)
        top = [move for move, value in zip(moves, values) if value >= best - 1e-9]
        return top[ctx.rng.randrange(len(top))]


def _position_key(state: MistsState) -> tuple:
    """What the moves and their values depend on (not the hidden order of the piles)."""
    return (
        frozenset(state.board.items()),
        state.tile,
        tuple(state.queue),
        frozenset(state.ghosts.items()),
        frozenset(state.trapped.items()),
        frozenset(state.meeples.items()),
        state.supply,
        state.cat_supply,
        state.score,
    )


class _Narrowing:
    """The greedy player's best few moves per position, cached (the tree revisits positions)."""

    def __init__(self, keep: int):
        self.keep = keep
        self.cache: dict[tuple, list] = {}

    def __call__(self, engine: Engine, state: MistsState, legal: Sequence) -> list:
        if len(legal) <= self.keep:
            return list(legal)
        key = _position_key(state)
        found = self.cache.get(key)
        if found is None:
            # Inside the tree a cheaper look (no follow-up to the end of the turn) keeps iterations fast.
            root = not self.cache
            values = move_values(engine, state, legal) if root else [evaluate(engine.play(state, m)) for m in legal]
            ranked = sorted(range(len(legal)), key=values.__getitem__, reverse=True)
            found = self.cache[key] = [legal[i] for i in ranked[: self.keep]]
        return found


REWARD_SCALE = 6.0  # points of evaluation that move a reward from 0.5 to about 0.73


def _reward_from(reference: float):
    """Leaves are valued after the turn is finished greedily, relative to the root's value, so
    that a few points of difference between candidates show in the tree."""

    def reward(engine: Engine, state: MistsState, seat: int) -> float:
        value = evaluate(_settle(engine, state))
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, (value - reference) / REWARD_SCALE))))

    return reward


def _greedy_rollout(engine: Engine, state: MistsState, rng: random.Random):
    moves = state.choices()
    return max(moves, key=lambda move: evaluate(engine.play(state, move)))


class MistsSearchPlayer(Player):
    """Information-set MCTS over sampled tile orders, on the greedy player's best ``keep`` moves."""

    def __init__(self, *, level: str, budget: Budget, keep: int, depth: int = 0):
        self.level = level
        self.budget = budget
        self.keep = keep
        self.description = Text(
            N_(
                "Monte Carlo tree search over sampled orders of the unseen tiles, {keep} moves per position, "
                "{iterations} iterations, leaves scored by the greedy evaluation"
            ),
            keep=keep,
            iterations=budget.iterations,
        )
        self.depth = depth

    def choose(self, ctx: TurnContext):
        moves = list(ctx.legal_moves)
        if len(moves) == 1:
            return moves[0]
        root = ctx.engine.determinize(ctx.view, ctx.rng)
        search = MCTSPlayer(
            level=self.level,
            budget=self.budget,
            exploration=0.5,
            rollout_policy=_greedy_rollout,
            evaluate=_reward_from(evaluate(_settle(ctx.engine, root))),
            rollout_depth=self.depth,
            candidate_moves=_Narrowing(self.keep),
        )
        return search.choose(ctx)


LEVELS = {
    "greedy": GreedyPlayer,
    "search": lambda: MistsSearchPlayer(level="search", budget=Budget(iterations=48), keep=3),
}
