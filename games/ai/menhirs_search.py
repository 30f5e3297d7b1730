"""Exact search of the Menhirs endgame: win, draw or loss under best play, within a node budget.

The game is short (24 turns) and, once fog is being taken away, narrow: each turn leaves one
tile fewer, so from round 9 or so the rest of the game can be searched to the end. Two facts
keep the search small:

- a player who can uncover the last Menhirs does so, so a position with a winning slide is a
  win without looking further, and a turn after which the opponent has a winning slide is a
  loss: only *safe* turns are searched;
- before the last two turns the opponent's reply decides, but at the second-to-last turn the
  player to act just needs one safe turn (the last player can only win by a slide, which the
  safe turn excluded): that node is a single scan.

Positions are plain tuples ``(fog, ply, block)``, where ``block`` is the (tiles, direction)
slide the no-undo rule bars (or None), as in ``rules.undo_block``. Values are for the player
to act: ``WIN`` (1), ``DRAW`` (0), ``LOSS`` (-1), searched by alpha-beta with a transposition
table of bounds. The search raises ``OutOfBudget`` when it has visited its allowance of
positions (or its time is up); bounds stored before that stay true and are reused.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from games.engines.menhirs.board import (
    BOARD,
    HEXES,
    MIN_SPLIT_SIZE,
    OPPOSITE,
    bits_of,
    component_of,
    components,
    is_split_part,
    shift,
)
from games.engines.menhirs.rules import LAST_PLY, Place, Slide, Table, cluster_steps, split_minimum_parts

WIN, DRAW, LOSS = 1, 0, -1
WIN_MEMO_SIZE = 1 << 19  # positions whose winning slides are remembered (about 50 MB at most)

Block = tuple[int, int] | None
Child = tuple[int, Block]  # the fog after a turn, and the slide it bars for the next player


class OutOfBudget(Exception):
    """The search visited as many positions as it was allowed (or ran out of time)."""


def _stuck_masks(menhirs: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per direction: hexes whose step leaves the board, and those whose step leaves it or lands on a Menhir."""
    off, stuck = [], []
    for direction in range(6):
        leaving = landing = 0
        for index in HEXES:
            dest = shift(1 << index, direction)
            if dest & ~BOARD:
                leaving |= 1 << index
            elif dest & menhirs:
                landing |= 1 << index
        off.append(leaving)
        stuck.append(leaving | landing)
    return tuple(off), tuple(stuck)


class Solver:
    """Win/draw/loss values of positions of one table, and the turns of the game as children."""

    def __init__(self, table: Table, *, node_limit: int | None = None, deadline: float | None = None):
        self.table = table
        self.menhirs = table.menhirs
        self.off, self.stuck = _stuck_masks(table.menhirs)
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self.bounds: dict[tuple[int, int, Block], tuple[int, int]] = {}
        self._clear_dirs: dict[int, tuple[int, ...]] = {}
        self._wins: dict[int, bool] = {}  # can_win by position (fog and ban packed in one int)

    # --- the rules, on bare positions -----------------------------------------------------------

    def slides(self, fog: int, block: Block) -> list[tuple[int, int]]:
        """Every (tiles, direction) the player to act may slide (as ``rules.fog_slides``)."""
        found = []
        for cluster in components(fog):
            for part, direction, dest in cluster_steps(cluster):
                if dest & fog & ~part:
                    continue
                if block is not None and block[0] == part and block[1] == direction:
                    continue
                found.append((part, direction))
        return found

    def _directions_off_menhirs(self, covered: int) -> tuple[int, ...]:
        """Directions in which every tile of ``covered`` would land on the board and off the Menhirs."""
        found = self._clear_dirs.get(covered)
        if found is None:
            found = tuple(d for d in range(6) if not covered & self.stuck[d])
            self._clear_dirs[covered] = found
        return found

    def can_win(self, fog: int, block: Block) -> bool:
        """Has the player to act a slide that uncovers the last covered Menhirs (no-undo rule kept)?"""
        key = fog if block is None else fog | block[0] << 64 | (block[1] + 1) << 128
        found = self._wins.get(key)
        if found is None:
            if len(self._wins) > WIN_MEMO_SIZE:
                self._wins.clear()
            found = self._wins[key] = self._can_win(fog, block)
        return found

    def _can_win(self, fog: int, block: Block) -> bool:
        covered = fog & self.menhirs
        directions = self._directions_off_menhirs(covered)
        if not directions:
            return False
        cluster = component_of(covered & -covered, fog)
        if cluster & covered != covered:  # covered Menhirs in two clusters: one slide cannot clear both
            return False
        stuck = self.stuck
        for direction in directions:
            if not cluster & stuck[direction] and (cluster, direction) != block:
                return True
            if cluster.bit_count() >= MIN_SPLIT_SIZE and self._split_wins(cluster, covered, direction, block):
                return True
        return False

    def _split_wins(self, cluster: int, covered: int, direction: int, block: Block) -> bool:
        able = (cluster & ~covered) & ~self.stuck[direction]  # tiles free to come along
        extra = able
        while True:
            part = covered | extra
            if (
                part != cluster
                and (part, direction) != block
                and is_split_part(cluster, part)
                and not shift(part, direction) & (cluster & ~part)
            ):
                return True
            if not extra:
                return False
            extra = (extra - 1) & able

    def children(self, fog: int, ply: int, block: Block) -> Iterator[Child]:
        """The positions after each turn of the player to act (winning slides left out)."""
        table, menhirs = self.table, self.menhirs
        if table.places(ply):
            for index in bits_of(BOARD & ~fog):
                yield fog | 1 << index, None
            return
        clears = table.clears(ply)
        keep_three = table.split_parts_keep_three
        for part, direction in self.slides(fog, block):
            moved = shift(part, direction)
            after = (fog & ~part) | moved
            covered = after & menhirs
            if not covered:
                continue
            barred = (moved, OPPOSITE[direction])
            if not clears:
                yield after, barred
                continue
            if covered & (covered - 1) == 0 and after == covered:  # one tile left, on the last Menhir
                yield after, barred
                continue
            removals = after & ~covered if covered & (covered - 1) == 0 else after  # never the last Menhir's
            if keep_three:
                removals &= ~split_minimum_parts(fog, part, direction)
            if not removals:  # nothing may be taken away: the turn ends with the slide
                yield after, barred
            while removals:  # in notation order, lowest hex first
                tile = removals & -removals
                removals ^= tile
                # Taking away one of the tiles just moved lifts the ban on sliding them back.
                yield after & ~tile, None if moved & tile else barred

    def safe_children(self, fog: int, ply: int, block: Block) -> Iterator[Child]:
        """Children after which the opponent cannot win at once."""
        if ply + 1 >= LAST_PLY or self.table.places(ply + 1):
            yield from self.children(fog, ply, block)
            return
        menhirs, clear_dirs, wins = self.menhirs, self._clear_dirs, self._wins
        for child in self.children(fog, ply, block):
            # Most children fail the cheap test: no direction clears the covered Menhirs.
            child_fog, child_block = child
            covered = child_fog & menhirs
            directions = clear_dirs.get(covered)
            if directions is None:
                directions = self._directions_off_menhirs(covered)
            if not directions:
                yield child
                continue
            key = child_fog if child_block is None else child_fog | child_block[0] << 64 | (child_block[1] + 1) << 128
            found = wins.get(key)
            if found is None:
                found = self.can_win(child_fog, child_block)
            if not found:
                yield child

    # --- search ----------------------------------------------------------------------------------

    def _count(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfBudget
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise OutOfBudget

    def value(self, fog: int, ply: int, block: Block, alpha: int = LOSS, beta: int = WIN) -> int:
        """The value for the player to act, who has no winning slide (the caller checked)."""
        self._count()
        if ply >= LAST_PLY - 1:  # the last turn: no winning slide, so a draw whatever is played
            return DRAW
        key = (fog, ply, block)
        low, high = self.bounds.get(key, (LOSS, WIN))
        if ply == LAST_PLY - 2 and low != high:  # one safe turn holds the draw
            low = high = next((DRAW for _ in self.safe_children(fog, ply, block)), LOSS)
            self.bounds[key] = (low, high)
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        best = LOSS
        window_low = alpha
        for child_fog, child_block in self.safe_children(fog, ply, block):
            found = -self.value(child_fog, ply + 1, child_block, -beta, -alpha)
            if found > best:
                best = found
                alpha = max(alpha, found)
                if alpha >= beta:
                    break
        if best <= window_low:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        self.bounds[key] = (low, high)
        return best

    def exceeds(self, fog: int, ply: int, block: Block, level: int) -> bool:
        """Is the value of this position (no winning slide in it) above ``level``? A null-window search."""
        return self.value(fog, ply, block, level, level + 1) > level


def child_of(fog: int, turn: Place | Slide) -> Child:
    """The bare position after a legal turn that does not end the game."""
    if isinstance(turn, Place):
        return fog | 1 << turn.hex, None
    moved = shift(turn.part, turn.direction)
    after = (fog & ~turn.part) | moved
    barred = (moved, OPPOSITE[turn.direction])
    if turn.removed is None:
        return after, barred
    return after & ~(1 << turn.removed), None if moved >> turn.removed & 1 else barred
