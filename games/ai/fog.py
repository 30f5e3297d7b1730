"""The FOG AI levels: a greedy player and a tree search, both on one hand-made evaluation.

The evaluation estimates the Rescue Points a colour will end with: islanders already aboard
score what they will score; those on the pier, shore and beach are worth more the closer they
are to the boats, and lose their row's penalty when the FOG is about to take them.

- greedy: in phase 2, the movement with the best gain of that estimate per MP spent, ending
  the turn when nothing gains; in the draft, the islander nearest the boats.
- search: each of the few best moves followed by greedy play to the end of the turn.
- SearchPlayer (not a listed level): the shared MCTS (games.ai.mcts) over the few best moves of
  each position (candidate_moves), greedy playouts (rollout_policy) cut off and scored by the
  evaluation (evaluate, rollout_depth); solo ends are ranked against a ladder of par scores.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from games.ai.base import Budget, Player, TurnContext
from games.ai.mcts import MCTSPlayer
from games.engines import Engine, Outcome
from games.engines.fog import movegen, scoring
from games.engines.fog.moves import DRAFT, END, FREE, KEEP, Move
from games.engines.fog.pieces import AREAS
from games.engines.fog.state import MOVE, OVER, FogState
from games.engines.text import N_, Text

ABOARD_BASE = 6.0  # an islander in a boat: safe, whatever else it scores
PIER = 5.0
SHORE = 4.0
ROW_STEP = 0.35  # each beach row nearer the boats
SOLO_LADDER = tuple(range(-60, 61, 6))  # a solo end is ranked against par scores around the root's estimate


def _advances_until(state: FogState, row: int) -> int:
    """How many FOG advances until ``row`` is swallowed (a large number if never)."""
    for pos, rows in state.rules.board.fog_track:
        if pos < state.fog and rows and max(rows) >= row:
            return state.fog - pos
    return 99


def colour_value(state: FogState, colour: int) -> float:
    rules = state.rules
    board = rules.board
    hexes = board.hexes
    value = float(sum(state.bonuses[colour])) if state.bonuses else 0.0
    danger_cache: dict[int, int] = {}
    for i, owner in enumerate(state.owner):
        if owner != colour:
            continue
        u = state.where[i]
        chip = board.islanders[i]
        if u < 0:
            if state.lost_row[i] >= 0:
                value += rules.penalties[state.lost_row[i]]
            continue
        if u >= hexes:
            place = board.place(u)
            boat = board.boats[place.boat]
            value += ABOARD_BASE + (board.nation_points if boat.nation == chip.nation else 0)
            if not place.stern:
                value += rules.area_values[place.boat][AREAS.index(place.area)]
            continue
        kind = board.kinds[u]
        if kind == "pier":
            value += PIER
            continue
        row = board.rows[u]
        if row not in danger_cache:
            danger_cache[row] = _advances_until(state, row)
        left = danger_cache[row]
        penalty = rules.penalties[min(row, board.shore_row)]
        value += SHORE if kind == "shore" else ROW_STEP * row
        if left <= 1:
            value += penalty
        elif left == 2:
            value += 0.5 * penalty
        elif left == 3:
            value += 0.2 * penalty
    return value


def total_value(state: FogState) -> float:
    value = sum(colour_value(state, c) for c in range(state.rules.colours))
    if state.rules.solo:  # the scenario's minimum goals, half weight until the boats depart
        value += (1.0 if state.phase == OVER else 0.5) * sum(scoring.solo_goals(state).values())
    return value


def _seat_value(state: FogState, seat: int) -> float:
    rules = state.rules
    values = [colour_value(state, c) for c in range(rules.colours) if rules.seat_of[c] == seat]
    return min(values) if rules.opt("score_colours") == "lowest" else sum(values)


def move_gains(engine: Engine, state: FogState, moves: Sequence[Move]) -> list[float]:
    """The gain of the acting colour's (solo: all nations') estimate per MP, for each move."""
    if state.phase != MOVE:
        return [_draft_value(state, m) for m in moves]
    colour = state.colour
    solo = state.rules.solo
    before = total_value(state) if solo else colour_value(state, colour)
    costs = movegen.movement_costs(state)
    gains = []
    for move in moves:
        if move.kind == END:
            gains.append(0.0)
            continue
        after = engine.play(state, move)
        now = total_value(after) if solo else colour_value(after, colour)
        spent = max(costs.get(move, 1), 1) if move.kind != FREE else 0.5
        gains.append((now - before) / spent)
    return gains


def _draft_value(state: FogState, move: Move) -> float:
    if move.kind == KEEP:
        return -move.frm - max(move.to, 0)
    if move.kind != DRAFT:
        return 0.0
    board = state.rules.board
    return board.rows[move.frm] + (0.5 if move.frm in state.rules.leaders else 0.0)


def best_moves(engine: Engine, state: FogState, moves: Sequence[Move], keep: int) -> list[Move]:
    """The ``keep`` best moves by gain, best first, and ending the turn (first when nothing gains)."""
    moves = list(moves)
    if len(moves) == 1:
        return moves
    gains = move_gains(engine, state, moves)
    ranked = sorted(range(len(moves)), key=lambda k: gains[k], reverse=True)
    chosen = [moves[k] for k in ranked[:keep]]
    end = [m for m in moves if m.kind == END]
    if end and end[0] not in chosen:
        chosen.append(end[0])
    if end and state.phase == MOVE and gains[ranked[0]] <= 1e-9:
        chosen.remove(end[0])
        chosen.insert(0, end[0])
    return chosen


class GreedyPlayer(Player):
    level = "greedy"
    description = Text(
        N_("The movement with the best gain towards the boats per MP; the draft pick nearest the boats.")
    )

    def choose(self, ctx: TurnContext) -> Move:
        state = ctx.engine.determinize(ctx.view, ctx.rng)
        moves = list(ctx.legal_moves)
        gains = move_gains(ctx.engine, state, moves)
        best = max(gains)
        if state.phase == MOVE and best <= 1e-9 and any(m.kind == END for m in moves):
            return next(m for m in moves if m.kind == END)
        top = [m for m, g in zip(moves, gains) if g >= best - 1e-9]
        return top[ctx.rng.randrange(len(top))]


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


class _SearchView:
    """The engine as the search sees it: a solo end is ranked against par scores around ``par``."""

    def __init__(self, engine: Engine, par: float):
        self._engine = engine
        self.info = engine.info
        self.par = par

    def __getattr__(self, name):
        return getattr(self._engine, name)

    def outcome(self, state: FogState) -> Outcome | None:
        result = self._engine.outcome(state)
        if result is None or not state.rules.solo:
            return result
        return Outcome.ranked([result.scores[0], *(self.par + step for step in SOLO_LADDER)])

    def evaluate(self, engine: Engine, state: FogState, seat: int) -> float:
        """Between 0 and 1: solo, the estimate against the decision's starting estimate; else against the best rival."""
        if state.rules.solo:
            return _sigmoid((total_value(state) - self.par) / 3.0)
        mine = _seat_value(state, seat)
        others = [_seat_value(state, s) for s in range(state.rules.seats) if s != seat]
        return _sigmoid((mine - max(others)) / 4.0)


def _position_key(state: FogState) -> tuple:
    return (state.cells, state.aboard, state.colour, state.mp, state.phase, state.transit, state.free_runs, state.fog)


class SearchPlayer(Player):
    def __init__(self, *, level: str = "search", iterations: int = 24, keep: int = 3, depth: int = 3):
        self.level = level
        self.iterations = iterations
        self.keep = keep
        self.description = Text(
            N_(
                "MCTS over the {keep} best moves of each position, {iterations} iterations, leaves scored by the evaluation"
            ),
            keep=keep,
            iterations=iterations,
        )
        self._search = MCTSPlayer(
            level=level,
            budget=Budget(iterations=iterations),
            exploration=0.25,
            evaluate=lambda engine, state, seat: engine.evaluate(engine, state, seat),
            rollout_depth=depth,
            rollout_policy=self._greedy_step,
            candidate_moves=self._candidates,
        )
        self._cache: dict[tuple, list[Move]] = {}

    def _candidates(self, engine: Engine, state: FogState, legal: Sequence[Move]) -> list[Move]:
        key = _position_key(state)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = best_moves(
                engine._engine if isinstance(engine, _SearchView) else engine, state, legal, self.keep
            )
        return found

    def _greedy_step(self, engine: Engine, state: FogState, rng) -> Move:
        """Playouts follow the greedy player's choice (cached per position)."""
        if state.phase != MOVE:
            moves = engine.legal_moves(state)
            return moves[rng.randrange(len(moves))]
        return self._candidates(engine, state, engine.legal_moves(state))[0]

    def choose(self, ctx: TurnContext) -> Move:
        moves = list(ctx.legal_moves)
        if len(moves) == 1:
            return moves[0]
        state = ctx.engine.determinize(ctx.view, ctx.rng)
        if state.phase != MOVE:  # the draft and missions: the greedy choice is enough
            gains = move_gains(ctx.engine, state, moves)
            return moves[max(range(len(moves)), key=gains.__getitem__)]
        engine = _SearchView(ctx.engine, total_value(state) if state.rules.solo else 0.0)
        self._cache = {}
        candidates = self._candidates(ctx.engine, state, moves)
        return self._search.choose(dataclasses.replace(ctx, engine=engine, legal_moves=candidates))


class TurnSearchPlayer(Player):
    """Looks ahead to the end of the turn: each of the best few moves, then greedy play until the
    colour's turn is over, scored by the evaluation (solo: all nations; otherwise against the best
    rival). The greedy move is always among those tried, so it only changes its mind for a better turn.
    """

    def __init__(self, *, level: str = "search", keep: int = 5, horizon: int = 12):
        self.level = level
        self.keep = keep
        self.horizon = horizon
        self.description = Text(
            N_("tries the {keep} best moves, each followed by greedy play to the end of the turn"), keep=keep
        )

    def _score(self, state: FogState, seat: int) -> float:
        if state.rules.solo:
            return total_value(state)
        mine = _seat_value(state, seat)
        return mine - max(_seat_value(state, s) for s in range(state.rules.seats) if s != seat)

    def _finish_turn(self, engine: Engine, state: FogState, colour: int, turn_round: tuple[int, int]) -> FogState:
        for _ in range(self.horizon):
            if state.phase != MOVE or state.colour != colour or (state.round, state.turn) != turn_round:
                break
            moves = engine.legal_moves(state)
            state = engine.play(state, best_moves(engine, state, moves, 1)[0])
        return state

    def choose(self, ctx: TurnContext) -> Move:
        moves = list(ctx.legal_moves)
        if len(moves) == 1:
            return moves[0]
        engine = ctx.engine
        state = engine.determinize(ctx.view, ctx.rng)
        candidates = best_moves(engine, state, moves, self.keep)
        if state.phase != MOVE:
            return candidates[0]
        where = (state.round, state.turn)
        best, best_value = candidates[0], -math.inf
        for move in candidates:
            after = self._finish_turn(engine, engine.play(state, move), state.colour, where)
            value = self._score(after, ctx.seat)
            if value > best_value + 1e-9:
                best, best_value = move, value
        return best


# Weakest first. SearchPlayer (the shared MCTS) is not listed: as measured it scores below greedy in
# solo and is slower than the turn look-ahead (docs/games/fog.md); SearchPlayer(level="mcts") builds it.
LEVELS = {
    "greedy": GreedyPlayer,
    "search": lambda: TurnSearchPlayer(level="search"),
}
