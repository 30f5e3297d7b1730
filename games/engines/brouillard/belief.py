"""A seat's belief: every enemy arrangement (and Queen) consistent with what it has seen.

A world is ``(queen square, army bitmask)``. The tracker replays the seat's record of plies (a
view's ``events``, which carry the shadows seen after each ply) and keeps a weight per world:

- the enemy setup starts from every placement in its home rows, equally likely;
- after each ply, the enemy pieces inside the seat's zone must be exactly the shadows it saw;
- an enemy step moves one piece to a square it can reach; the origin must be outside the zone
  unless it was seen leaving, the target outside unless seen arriving; each successor gets the
  parent's weight divided by the parent's number of steps (an enemy moving at random);
- a probe's answer and a capture's revealed type filter the worlds.

While the worlds are few this is exact. When an enemy step would branch too many worlds, the
tracker first resamples the weights down to ``particles`` draws and expands those: weighted
sampling that keeps the likely worlds. If the evidence ever rules out every world (only after
sampling lost the true one), it restarts from the present facts (``recoveries`` counts it).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from games.engines.brouillard.board import RING, SQUARES, bit, parse_square, reach_mask, squares_of, zone
from games.engines.brouillard.rules import all_setups

World = tuple[int, int]  # (queen square, army bitmask)
RECOVERY_TRIES = 20


def mask_of(names) -> int:
    return sum(bit(parse_square(n)) for n in names)


class Belief:
    def __init__(self, seat: int, diagonal: bool, particles: int = 800, rng: random.Random | None = None):
        self.seat = seat
        self.enemy = 1 - seat
        self.reach = reach_mask(diagonal)
        self.particles = particles
        self.rng = rng or random.Random(0)
        self.mine = 0
        self.enemy_count = 4
        self.worlds: dict[World, float] = {}
        self.placed = False
        self.processed: list[dict[str, Any]] = []
        self.recoveries = 0
        self.exact = True  # no resampling so far: the worlds are every consistent arrangement
        self.last_shadows = 0

    # --- following the record --------------------------------------------------------------

    def update(self, events) -> None:
        """Take in the events not seen yet (``events`` must extend what was processed)."""
        for event in list(events)[len(self.processed) :]:
            self._take(event)
            self.processed.append(event)

    def extends(self, events) -> bool:
        return len(events) >= len(self.processed) and list(events[: len(self.processed)]) == self.processed

    def _take(self, event: dict[str, Any]) -> None:
        shadows = mask_of(event.get("shadows", []))
        self.last_shadows = shadows
        kind, mine = event["type"], event["by"] == self.seat
        if kind == "setup":
            if mine:
                self.mine = mask_of([event["queen"], *event["watchers"]])
            else:
                self._enemy_setup()
        elif kind == "move" and mine:
            self._my_step(event)
        elif kind == "move":
            self._enemy_step(event, shadows)
            return  # the expansion already applied the shadows
        elif kind == "probe" and mine:
            ring = RING[parse_square(event["square"])]
            self._filter(lambda q, army: (army & ring).bit_count() == event["count"])
        if self.placed:
            self._see(shadows)

    def _enemy_setup(self) -> None:
        self.placed = True
        self.worlds = {}
        for setup in all_setups(self.enemy):
            army = bit(setup.queen) | sum(bit(w) for w in setup.watchers)
            self.worlds[setup.queen, army] = 1.0

    def _my_step(self, event: dict[str, Any]) -> None:
        origin, target = parse_square(event["from"]), parse_square(event["to"])
        self.mine ^= bit(origin) | bit(target)
        if event["captured"] == "W":
            self.enemy_count -= 1
            t = bit(target)
            self.worlds = {(q, army & ~t): w for (q, army), w in self.worlds.items() if army & t and q != target}
        elif event["captured"] == "Q":
            self.enemy_count -= 1
            self.worlds = {}  # the game is over

    def _see(self, shadows: int) -> None:
        area = zone(self.mine)
        self._filter(lambda q, army: army & area == shadows)

    def _filter(self, keep) -> None:
        before = self.worlds
        self.worlds = {world: w for world, w in before.items() if keep(*world)}
        if before and not self.worlds:
            for _ in range(RECOVERY_TRIES):  # start again from the present, still under this test
                self._recover()
                self.worlds = {world: w for world, w in self.worlds.items() if keep(*world)}
                if self.worlds:
                    return

    # --- the enemy's step: expand every world into the successors the mist allows ------------

    def _enemy_step(self, event: dict[str, Any], shadows: int) -> None:
        seen_from = parse_square(event["from"]) if event["from"] else None
        seen_to = parse_square(event["to"]) if event["to"] else None
        watched_before = zone(self.mine)
        if event["captured"]:
            self.mine &= ~bit(seen_to)
        watched_after = zone(self.mine)
        if len(self.worlds) > 2 * self.particles:
            self._resample()
        grown: dict[World, float] = {}
        for (queen, army), weight in self.worlds.items():
            self._expand(queen, army, weight, seen_from, seen_to, watched_before, watched_after, shadows, grown)
        if self.worlds and not grown:
            self.worlds = {}
            self._recover(shadows)
        else:
            self.worlds = grown

    def _expand(self, queen, army, weight, seen_from, seen_to, before, after, shadows, out) -> None:
        reach = self.reach
        pieces = squares_of(army)
        total = sum((reach[p] & ~army).bit_count() for p in pieces)
        if not total:
            return
        share = weight / total
        if seen_from is not None:
            if not army & bit(seen_from):
                return
            origins = [seen_from]
        else:
            origins = [p for p in pieces if not before & bit(p)]
        for origin in origins:
            rest = army & ~bit(origin)
            if seen_to is not None:
                targets = reach[origin] & bit(seen_to) & ~army
            else:
                targets = reach[origin] & ~army & ~after
            while targets:
                low = targets & -targets
                targets ^= low
                moved = rest | low
                if moved & after != shadows:
                    continue
                target = low.bit_length() - 1
                key = (target if origin == queen else queen, moved)
                out[key] = out.get(key, 0.0) + share

    # --- sampling ---------------------------------------------------------------------------

    def _resample(self) -> None:
        self.exact = False
        keys = list(self.worlds)
        drawn = Counter(self.rng.choices(keys, weights=list(self.worlds.values()), k=self.particles))
        self.worlds = {world: float(n) for world, n in drawn.items()}

    def _recover(self, shadows: int | None = None) -> None:
        """Start again from the present: shadows fixed, the rest anywhere in the mist."""
        self.recoveries += 1
        if shadows is None:
            shadows = self.last_shadows
        self.exact = False
        area = zone(self.mine)
        fixed = shadows
        free = [s for s in SQUARES if not (area | fixed | self.mine) & bit(s)]
        missing = self.enemy_count - fixed.bit_count()
        worlds: dict[World, float] = {}
        if missing < 0 or missing > len(free):
            return
        for _ in range(self.particles):
            army = fixed | sum(bit(s) for s in self.rng.sample(free, missing))
            pieces = squares_of(army)
            for queen in pieces:
                worlds[queen, army] = worlds.get((queen, army), 0.0) + 1.0 / len(pieces)
        self.worlds = worlds

    def sample(self, k: int, rng: random.Random) -> list[World]:
        if not self.worlds:
            return []
        return rng.choices(list(self.worlds), weights=list(self.worlds.values()), k=k)

    # --- what the belief says -----------------------------------------------------------------

    def queen_odds(self) -> dict[int, float]:
        """Probability of the enemy Queen on each square."""
        total = sum(self.worlds.values()) or 1.0
        odds: dict[int, float] = {}
        for (queen, _), weight in self.worlds.items():
            odds[queen] = odds.get(queen, 0.0) + weight / total
        return odds

    def occupancy(self) -> list[float]:
        """Probability of an enemy piece on each square."""
        total = sum(self.worlds.values()) or 1.0
        odds = [0.0] * len(SQUARES)
        for (_, army), weight in self.worlds.items():
            for square in squares_of(army):
                odds[square] += weight / total
        return odds

    def probe_gain(self, worlds: list[World]) -> list[float]:
        """Expected information (bits) a probe of each square would give: the answer's entropy.

        The answer is a function of the world, so its entropy is exactly the information it
        brings; half of it is counted again for what it says about the Queen's square.
        """
        n = len(worlds)
        gains = []
        for square in SQUARES:
            ring = RING[square]
            answers = Counter((army & ring).bit_count() for _, army in worlds)
            by_queen = Counter(((army & ring).bit_count(), queen) for queen, army in worlds)
            h_answer = -sum(c / n * math.log2(c / n) for c in answers.values())
            queens = Counter(queen for queen, _ in worlds)
            h_answer_given_queen = -sum(c / n * math.log2(c / queens[q]) for (_, q), c in by_queen.items())
            gains.append(h_answer + 0.5 * (h_answer - h_answer_given_queen))
        return gains

    def __len__(self) -> int:
        return len(self.worlds)
