"""AI players for Menhirs dans le Brouillard: greedy, and an endgame search at two budgets.

The game turns on one fact: a slide that uncovers the last Menhirs wins for whoever plays it,
except that the no-undo rule bars the opponent from sliding back what I just slid. So after my
turn, any winning slide is the opponent's unless it is the reverse of mine, and a position in
which the only winning slide is my own slide reversed is a threat: I win next turn unless the
opponent's move spoils it. ``prospect`` reads that straight from the fog bitmasks.

Games between greedy players are nearly all drawn, and the decisive ones are decided in the
last round: the game is won in the endgame, where each turn takes a fog tile away and the rest
of the game is small enough to search to the end (``menhirs_search``). The search levels play
greedy until then.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from games.ai.base import Budget, Player, TurnContext
from games.ai.menhirs_search import DRAW, LOSS, Block, Child, OutOfBudget, Solver, child_of
from games.engines.menhirs.board import (
    BOARD,
    MIN_SPLIT_SIZE,
    OPPOSITE,
    bits_of,
    component_of,
    is_split_part,
    shift,
)
from games.engines.menhirs.rules import (
    LAST_PLY,
    MenhirsState,
    Place,
    Slide,
    slid_fog,
)
from games.engines.text import N_, Text


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


def best_turns(state: MenhirsState, turns) -> list:
    """The turns a tactical player picks from: a win, else a threat, else a safe turn, else any."""
    winning, threatening, safe, losing = sorted_turns(state, turns)
    return winning or threatening or safe or losing


class GreedyPlayer(Player):
    level = "greedy"
    description = Text(N_("Wins at once when it can, never hands the opponent a winning move when it can avoid it."))

    def choose(self, ctx: TurnContext):
        state = ctx.engine.determinize(ctx.view, ctx.rng)
        group = best_turns(state, ctx.legal_moves)
        return group[ctx.rng.randrange(len(group))]


# --- search -----------------------------------------------------------------------------------


@dataclass
class _Option:
    """A turn the search weighs, with the bare position it leaves for the opponent."""

    turn: Slide | Place
    child: Child
    trap: float = -1.0  # the share of the opponent's likely replies that improve my result; -1 unknown


def likely_replies(solver: Solver, fog: int, ply: int, block: Block) -> list[Child]:
    """The replies a greedy opponent picks from: a threat if it has one, else a safe turn, else any.

    Seen from the player who moves after the reply: a reply that lets me win at once is a blunder;
    one whose only win for me is the slide the no-undo rule bars is the opponent's threat.
    """
    threats, safe, blunders = [], [], []
    for child in solver.children(fog, ply, block):
        if solver.can_win(*child):
            blunders.append(child)
        elif child[1] is not None and solver.can_win(child[0], None):
            threats.append(child)
        else:
            safe.append(child)
    return threats or safe or blunders


DEFAULT_NODES = 30_000  # positions a move: the search reaches back to round 9 in well under a second


class SearchPlayer(Player):
    """Greedy until the rest of the game fits in the budget; from there, best play to the end.

    The budget counts positions searched (``Budget.iterations``) or seconds. In the clearing
    phase the player searches the rest of the game exactly: it takes a forced win, keeps a draw
    when it cannot win, and among the turns that keep the draw picks the one where most of a
    greedy opponent's likely replies would hand it a forced win (``traps``: 0 turns this off).
    When the budget runs out first it plays like greedy.
    """

    description = Text(N_("Greedy early; in the clearing phase searches to the end of the game and sets traps."))

    def __init__(self, *, level: str = "search", budget: Budget | None = None, traps: int = 32):
        self.level = level
        self.default_budget = budget or Budget(iterations=DEFAULT_NODES)
        self.traps = traps
        self.searched = False  # whether the last choice came from a completed search (for tests)

    def _budget(self, ctx: TurnContext) -> Budget:
        if ctx.budget.seconds is None and ctx.budget.iterations is None:
            return self.default_budget
        return ctx.budget

    def choose(self, ctx: TurnContext):
        state = ctx.engine.determinize(ctx.view, ctx.rng)
        self.searched = False
        group = best_turns(state, ctx.legal_moves)
        if len(ctx.legal_moves) == 1 or prospect(state, group[0]).wins or not state.table.clears(state.ply):
            return group[ctx.rng.randrange(len(group))]
        budget = self._budget(ctx)
        solver = Solver(state.table, node_limit=budget.iterations, deadline=budget.deadline())
        try:
            turn = self._search(state, solver, ctx.legal_moves, ctx.rng)
        except OutOfBudget:
            return group[ctx.rng.randrange(len(group))]
        self.searched = True
        return turn

    def _search(self, state: MenhirsState, solver: Solver, turns, rng: random.Random):
        """A forced win if there is one; else the turn that keeps the draw and sets the best trap."""
        ply = state.ply + 1  # the opponent's turn, after mine
        options = [_Option(turn, child_of(state.fog, turn)) for turn in turns]
        safe = [option for option in options if not solver.can_win(*option.child)]
        if not safe:
            return options[rng.randrange(len(options))].turn
        rng.shuffle(safe)
        for option in safe:  # a forced win: the opponent's best is a loss
            if not solver.exceeds(option.child[0], ply, option.child[1], LOSS):
                return option.turn
        # Among the turns that keep the draw, weigh as many traps as the budget allows.
        holding: list[_Option] = []
        try:
            for option in safe:
                if not solver.exceeds(option.child[0], ply, option.child[1], DRAW):
                    holding.append(option)
                    option.trap = self._trap(solver, option.child, ply, DRAW, rng)
        except OutOfBudget:
            if not holding:
                raise
        if not holding:  # every turn loses against best play: hope for a slip
            return safe[0].turn
        best = max(option.trap for option in holding)
        return next(option for option in holding if option.trap == best).turn

    def _trap(self, solver: Solver, child: Child, ply: int, level: int, rng: random.Random) -> float:
        """The share of a greedy opponent's likely replies after which I do better than ``level``."""
        if not self.traps or ply >= LAST_PLY - 1:
            return 0.0
        replies = likely_replies(solver, child[0], ply, child[1])
        if len(replies) > self.traps:
            replies = rng.sample(replies, self.traps)
        better = 0
        for fog, block in replies:
            if solver.can_win(fog, block) or solver.exceeds(fog, ply + 1, block, level):
                better += 1
        return better / len(replies)


def planner() -> SearchPlayer:
    return SearchPlayer(level="planner", budget=Budget(iterations=3_000), traps=0)


LEVELS = {
    "greedy": GreedyPlayer,
    "planner": planner,
    "search": SearchPlayer,
}
