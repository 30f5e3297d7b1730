"""Carnac AI levels: a greedy player that looks at the opponent's reply, and tree search.

Both score positions the way the rulebook ranks them, seen from one colour: dolmens first,
then the largest dolmens, plus a little for pairs of symbols (a pair is one megalith away from
a dolmen). The search level reuses the shared MCTS on a narrowed game: at each node only the
moves the static evaluation likes best are searched, and leaves are scored by that evaluation
(random playouts are available, but measured weaker: see docs/games/carnac.md).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence

from games.ai.base import Budget, Player, TurnContext
from games.ai.mcts import MCTSPlayer
from games.engines import Engine, Outcome
from games.engines.carnac import play, scoring
from games.engines.carnac.moves import EMPTY, SYMBOL_TABLE, tilt_colour
from games.engines.carnac.state import CarnacState
from games.engines.text import N_, Text

PAIR_WEIGHT = 0.3  # a group of two: not a dolmen yet, but one symbol away
LARGEST_WEIGHT = 0.01  # the tie-break: a larger largest dolmen, on equal counts


def _value(counts: list[int], pairs: list[int], largest: list[int], colour: int) -> float:
    other = 1 - colour
    return (
        counts[colour]
        - counts[other]
        + PAIR_WEIGHT * (pairs[colour] - pairs[other])
        + LARGEST_WEIGHT * (largest[colour] - largest[other])
    )


class Groups:
    """The symbol groups of a position, labelled so that adding symbols can be scored quickly."""

    def __init__(self, state: CarnacState):
        self.neighbours = state.board.neighbours
        self.symbols = state.cells.translate(SYMBOL_TABLE)  # 0 empty, 1 red, 2 white
        self.label = [-1] * state.board.size
        self.sizes: list[int] = []
        self.counts = [0, 0]  # dolmens per colour
        self.pairs = [0, 0]
        self.largest = [0, 0]
        for colour, group in scoring.symbol_groups(state.board, state.cells):
            for square in group:
                self.label[square] = len(self.sizes)
            size = len(group)
            self.sizes.append(size)
            if size >= scoring.DOLMEN_MIN:
                self.counts[colour] += 1
                self.largest[colour] = max(self.largest[colour], size)
            elif size == 2:
                self.pairs[colour] += 1

    def value(self, colour: int) -> float:
        return _value(self.counts, self.pairs, self.largest, colour)

    def value_with(self, squares: tuple[int, ...], colour_shown: int, colour: int) -> float:
        """The value for ``colour`` once ``colour_shown`` is on the empty ``squares`` (one, or two adjacent).

        New symbols only join the groups of their colour around them, so only those groups change.
        """
        label, sizes, symbols = self.label, self.sizes, self.symbols
        joined = {
            label[other]
            for square in squares
            for other in self.neighbours[square]
            if symbols[other] == colour_shown + 1 and other not in squares
        }
        counts, pairs, largest = self.counts[:], self.pairs[:], self.largest[:]
        merged = len(squares)
        for group in joined:
            size = sizes[group]
            merged += size
            if size >= scoring.DOLMEN_MIN:
                counts[colour_shown] -= 1
            elif size == 2:
                pairs[colour_shown] -= 1
        if merged >= scoring.DOLMEN_MIN:
            counts[colour_shown] += 1
            largest[colour_shown] = max(largest[colour_shown], merged)
        elif merged == 2:
            pairs[colour_shown] += 1
        return _value(counts, pairs, largest, colour)


def evaluate(state: CarnacState, colour: int) -> float:
    """How good the board looks for ``colour``: dolmen difference, then pairs and the largest dolmen."""
    return Groups(state).value(colour)


def _placement_values(state: CarnacState) -> dict[int, float]:
    """Every placement's value for the placer, after the opponent's best tilt-or-decline reply."""
    colour = state.colour_of(state.to_move)
    groups = Groups(state)
    board, cells = state.board, state.cells
    values = {}
    for first in state.placements[::4]:
        square = first >> 2
        stand = [groups.value_with((square,), symbol, colour) for symbol in (0, 1)]
        tilts = []  # (direction, [value if it shows red, value if it shows white])
        for direction, target in enumerate(board.tilt_targets[square]):
            if target is not None and cells[target[0]] == EMPTY and cells[target[1]] == EMPTY:
                tilts.append((direction, [groups.value_with(target, symbol, colour) for symbol in (0, 1)]))
        for variant in range(4):
            top = variant >> 1
            # The opponent now chooses how this megalith ends up: assume the choice worst for us.
            options = [stand[top], *(shown[tilt_colour(variant, d)] for d, shown in tilts)]
            values[first + variant] = min(options)
    return values


def move_values(state: CarnacState, moves: Sequence[int]) -> list[float]:
    """The value of each move for the seat to act (placements: after the opponent's reply)."""
    if not state.pending:
        table = _placement_values(state)
        return [table[move] for move in moves]
    colour = state.colour_of(state.to_move)
    return [evaluate(play.apply(state, move), colour) for move in moves]


def best_moves(state: CarnacState, moves: Sequence[int], keep: int) -> list[int]:
    """The ``keep`` moves with the highest values (all of them when there are fewer)."""
    if len(moves) <= keep:
        return list(moves)
    values = move_values(state, moves)
    ranked = sorted(range(len(moves)), key=values.__getitem__, reverse=True)
    return [moves[i] for i in ranked[:keep]]


class GreedyPlayer(Player):
    level = "greedy"
    description = Text(N_("Plays the move that looks best after the opponent's tilt-or-decline reply."))

    def choose(self, ctx: TurnContext) -> int:
        state = ctx.engine.determinize(ctx.view, ctx.rng)
        moves = list(ctx.legal_moves)
        values = move_values(state, moves)
        best = max(values)
        top = [move for move, value in zip(moves, values) if value >= best - 1e-9]
        return top[ctx.rng.randrange(len(top))]


class _NarrowedCarnac:
    """The Carnac engine seen through a filter: each position offers only its best few moves.

    MCTS builds its tree on this, so it spends its iterations on sensible placements instead
    of spreading them over hundreds; positions are cached because the tree revisits them.
    """

    def __init__(self, engine: Engine, keep: int):
        self._engine = engine
        self._keep = keep
        self._cache: dict[tuple, list[int]] = {}
        self.info = engine.info

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def legal_moves(self, state: CarnacState) -> list[int]:
        moves = self._engine.legal_moves(state)
        if len(moves) <= self._keep:
            return list(moves)
        key = (state.cells, state.to_move, state.pending, state.last_square)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = best_moves(state, moves, self._keep)
        return found

    def outcome(self, state: CarnacState) -> Outcome | None:
        """Only the ranks (all the search needs), without the details a page shows."""
        if state.to_move is not None:
            return None
        sizes: list[list[int]] = [[], []]
        for colour, group in scoring.symbol_groups(state.board, state.cells):
            if len(group) >= scoring.DOLMEN_MIN:
                sizes[colour].append(len(group))
        keys = [scoring.comparison_key(sorted(sizes[state.colour_of(seat)], reverse=True), 0) for seat in (0, 1)]
        return Outcome.ranked([key[0] for key in keys], keys)


def _random_rollout(engine: Engine, state: CarnacState, rng: random.Random) -> int:
    # Playouts go through the real engine's moves, not the narrowed ones: fast and unbiased.
    moves = state.pending or state.placements
    return moves[rng.randrange(len(moves))]


def _evaluation_reward(engine: Engine, state: CarnacState, seat: int) -> float:
    """The static evaluation as a reward between 0 and 1 (one dolmen ahead is about 0.8)."""
    return 1.0 / (1.0 + math.exp(-1.5 * evaluate(state, state.colour_of(seat))))


class CarnacSearchPlayer(Player):
    """MCTS (games.ai.mcts) on the narrowed game.

    ``playout_depth`` None plays random playouts to the end; a number stops them after that
    many plies and scores the position with the static evaluation instead.
    """

    def __init__(self, *, level: str, budget: Budget, keep: int, playout_depth: int | None = None):
        self.level = level
        self.budget = budget
        self.description = (
            Text(
                N_("Monte Carlo tree search over the {keep} most promising moves of each position, random playouts"),
                keep=keep,
            )
            if playout_depth is None
            else Text(
                N_(
                    "Monte Carlo tree search over the {keep} most promising moves of each position, "
                    "positions scored after {plies} random plies"
                ),
                keep=keep,
                plies=playout_depth,
            )
        )
        self._search = MCTSPlayer(
            level=level,
            budget=budget,
            rollout_policy=_random_rollout,
            evaluate=_evaluation_reward if playout_depth is not None else None,
            rollout_depth=playout_depth,
        )
        self._keep = keep

    @property
    def budget_text(self) -> str:
        depth = "playouts to the end" if self._search.rollout_depth is None else "evaluation at the leaves"
        return f"{self.budget.iterations} iterations, {self._keep} moves per position, {depth}"

    def choose(self, ctx: TurnContext) -> int:
        narrowed = _NarrowedCarnac(ctx.engine, self._keep)
        state = ctx.engine.determinize(ctx.view, ctx.rng)
        candidates = narrowed.legal_moves(state)
        if len(candidates) == 1:
            return candidates[0]
        return self._search.choose(dataclasses.replace(ctx, engine=narrowed, legal_moves=candidates))


LEVELS = {
    "greedy": GreedyPlayer,
    "mcts": lambda: CarnacSearchPlayer(level="mcts", budget=Budget(iterations=150), keep=12, playout_depth=0),
}
