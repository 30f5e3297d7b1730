"""AI players for Menhirs dans le Brouillard: greedy and a Monte Carlo tree search.

The game turns on one fact: a slide that uncovers the last Menhirs wins for whoever plays it,
except that the no-undo rule bars the opponent from sliding back what I just slid. So after my
turn, any winning slide is the opponent's unless it is the reverse of mine, and a position in
which the only winning slide is my own slide reversed is a threat: I win next turn unless the
opponent's move spoils it. ``tactics`` reads that straight from the fog bitmasks.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from games.ai.base import Budget, Player, TurnContext
from games.ai.mcts import MCTSPlayer
from games.engines.menhirs.board import (
    BOARD,
    MIN_SPLIT_SIZE,
    OPPOSITE,
    bits_of,
    component_of,
    is_split_part,
    shift,
)
from games.engines.menhirs.engine import MenhirsEngine
from games.engines.menhirs.rules import (
    MenhirsState,
    Place,
    Slide,
    advance,
    fog_slides,
    legal_turns,
    removable,
    slid_fog,
    winning_slides,
)


@dataclass(frozen=True, slots=True)
class Prospect:
    """What a turn leaves behind, seen from the player who plays it."""

    wins: bool  # the turn itself uncovers the last Menhir
    hands_over: bool  # the opponent can then win at once
    threats: int  # 1 when my own slide, reversed, is the only winning slide: barred for the opponent


def iter_winning_slides(fog: int, menhirs: int) -> Iterator[tuple[int, int]]:
    """Every slide that leaves no Menhir covered in this fog, ignoring the no-undo rule.

    Faster than trying every slide: the moving part must hold every covered Menhir, and each of
    its tiles must land on the board, off the Menhirs, and not on a tile that stays behind.
    """
    covered = fog & menhirs
    if not covered:
        return
    cluster = component_of(covered & -covered, fog)
    if cluster & covered != covered:  # covered Menhirs in two clusters: no single slide clears both
        return
    big = cluster.bit_count() >= MIN_SPLIT_SIZE
    for direction in range(6):
        if shift(covered, direction) & (menhirs | ~BOARD):
            continue
        if not shift(cluster, direction) & (menhirs | ~BOARD):
            yield cluster, direction
        if not big:
            continue
        # Tiles that may take part: their landing hex is on the board and holds no Menhir.
        able = 0
        for index in bits_of(cluster & ~covered):
            if not shift(1 << index, direction) & (menhirs | ~BOARD):
                able |= 1 << index
        extra = able
        while True:
            part = covered | extra
            if part != cluster and is_split_part(cluster, part) and not shift(part, direction) & (cluster & ~part):
                yield part, direction
            if not extra:
                break
            extra = (extra - 1) & able


def winning_slides_on(fog: int, menhirs: int) -> list[tuple[int, int]]:
    return list(iter_winning_slides(fog, menhirs))


def prospect(state: MenhirsState, turn: Slide | Place) -> Prospect:
    menhirs = state.table.menhirs
    if isinstance(turn, Place):
        fog = state.fog | 1 << turn.hex
        opponent_moves = not state.table.places(state.ply + 1)
        return Prospect(False, opponent_moves and bool(winning_slides_on(fog, menhirs)), 0)
    fog = slid_fog(state.fog, turn.part, turn.direction)
    if not fog & menhirs:
        return Prospect(True, False, 0)
    moved = shift(turn.part, turn.direction)
    if turn.removed is not None:
        fog &= ~(1 << turn.removed)
    if state.ply + 1 >= 24:
        return Prospect(False, False, 0)
    barred = (moved, OPPOSITE[turn.direction])
    if turn.removed is not None and moved >> turn.removed & 1:
        barred = None
    threat = False
    for win in iter_winning_slides(fog, menhirs):
        if win != barred:
            return Prospect(False, True, 0)
        threat = True
    return Prospect(False, False, int(threat))


def covered_after(state: MenhirsState, turn: Slide | Place) -> int:
    """How many Menhirs stay covered after ``turn``."""
    if isinstance(turn, Place):
        return (state.covered | state.table.menhirs & 1 << turn.hex).bit_count()
    fog = slid_fog(state.fog, turn.part, turn.direction)
    if turn.removed is not None:
        fog &= ~(1 << turn.removed)
    return (fog & state.table.menhirs).bit_count()


def sorted_turns(state: MenhirsState, turns) -> tuple[list, list, list, list]:
    """(winning, safe with a threat, safe, handing over) turns."""
    winning, threatening, safe, losing = [], [], [], []
    for turn in turns:
        seen = prospect(state, turn)
        if seen.wins:
            winning.append(turn)
        elif seen.hands_over:
            losing.append(turn)
        elif seen.threats:
            threatening.append(turn)
        else:
            safe.append(turn)
    return winning, threatening, safe, losing


def best_turns(state: MenhirsState, turns, *, plan: bool) -> list:
    """The turns a tactical player picks from: a win, else a threat, else a safe turn.

    With ``plan``, safe turns are narrowed to those leaving the fewest Menhirs covered: a threat
    needs a single covered Menhir at the start of one's turn, so heading there pays.
    """
    winning, threatening, safe, losing = sorted_turns(state, turns)
    if winning or threatening:
        return winning or threatening
    if safe and plan:
        counts = [covered_after(state, turn) for turn in safe]
        fewest = min(counts)
        return [turn for turn, count in zip(safe, counts) if count == fewest]
    return safe or losing


class GreedyPlayer(Player):
    level = "greedy"
    description = "Wins at once when it can, never hands the opponent a winning move when it can avoid it."
    plan = False

    def choose(self, ctx: TurnContext):
        state = ctx.engine.determinize(ctx.view, ctx.rng)
        group = best_turns(state, ctx.legal_moves, plan=self.plan)
        return group[ctx.rng.randrange(len(group))]


class PlannerPlayer(GreedyPlayer):
    level = "planner"
    description = "Greedy, and among safe turns heads for a single covered Menhir, where threats start."
    plan = True


# --- search -----------------------------------------------------------------------------------


def quick_turn(engine, state: MenhirsState, rng: random.Random):
    """A playout turn: a winning slide when there is one, else a random legal turn (cheaply drawn)."""
    table = state.table
    if table.places(state.ply):
        free = bits_of(BOARD & ~state.fog)
        return Place(free[rng.randrange(len(free))])
    wins = winning_slides(state)
    if wins:
        return Slide(*wins[rng.randrange(len(wins))])
    slides = fog_slides(state)
    part, direction = slides[rng.randrange(len(slides))]
    if not table.clears(state.ply):
        return Slide(part, direction)
    choices = removable(slid_fog(state.fog, part, direction), table.menhirs)
    return Slide(part, direction, choices[rng.randrange(len(choices))] if choices else None)


class _CandidateRules(MenhirsEngine):
    """The rules as the search sees them: each position offers only the planner's best few turns."""

    def __init__(self, width: int, rng: random.Random):
        self.width = width
        self.rng = rng
        self.cache: dict[tuple, list] = {}

    def legal_moves(self, state: MenhirsState) -> list:
        key = (state.fog, state.ply, state.last, state.winner)
        found = self.cache.get(key)
        if found is None:
            found = best_turns(state, legal_turns(state), plan=True)
            if len(found) > self.width:
                found = self.rng.sample(found, self.width)
            self.cache[key] = found
        return found

    def play(self, state: MenhirsState, move) -> MenhirsState:
        return advance(state, move)


class SearchPlayer(Player):
    """Monte Carlo tree search over the planner's candidate turns, with quick random playouts."""

    description = "Tree search over the planner's best turns; its strength grows with the budget."

    def __init__(self, *, level: str = "mcts", budget: Budget | None = None, width: int = 6):
        self.level = level
        self.budget = budget or Budget(iterations=40)
        self.width = width

    def choose(self, ctx: TurnContext):
        state = ctx.engine.determinize(ctx.view, ctx.rng)
        group = best_turns(state, ctx.legal_moves, plan=True)
        # Before the clearing phase no threat can exist (sliding back restores the covered
        # Menhirs), so the planner's choice stands there and the budget goes to the endgame.
        if len(group) == 1 or prospect(state, group[0]).wins or not state.table.clears(state.ply):
            return group[ctx.rng.randrange(len(group))]
        rules = _CandidateRules(self.width, ctx.rng)
        candidates = rules.legal_moves(state)
        search = MCTSPlayer(level=self.level, budget=self.budget, rollout_policy=quick_turn)
        return search.choose(replace(ctx, engine=rules, legal_moves=candidates))


LEVELS = {
    "greedy": GreedyPlayer,
    "planner": PlannerPlayer,
    "mcts": SearchPlayer,
}
