"""The state of a game of Mists over Carcassonne.

A state is treated as immutable by the engine: ``play`` works on a ``clone`` (containers copied,
so the old state never changes). Positions are (x, y) with y growing southwards. A feature key
is (x, y, kind, index): kind "r" a road, "c" a city, "k" a castle, index the feature's number on
its tile. Ghosts sit on (x, y, region): region is the mist region's index on the tile, or
CEMETERY for the ghosts resting on a cemetery.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.engines.mists.levels import Level

CEMETERY = -1
COLOURS = ("red", "green", "blue", "yellow", "black", "pink")
Pos = tuple[int, int]
Key = tuple[int, int, str, int]


def seat_colours(seats: int) -> tuple[tuple[int, ...], ...]:
    """Solo: four colours; two players: two colours each; three to five: one colour each."""
    if seats == 1:
        return ((0, 1, 2, 3),)
    if seats == 2:
        return ((0, 1), (2, 3))
    return tuple((seat,) for seat in range(seats))


def meeples_per_colour(seats: int) -> int:
    return 3 if seats <= 2 else 5


@dataclass
class MistsState:
    level: Level
    spell_circles: bool
    seats: int
    layout: dict[str, Any]
    # levels 2-4, a cemetery that closes frees: "tile" every free ghost on its tile (Dized), or
    # "cemetery" only the ghosts resting on the cemetery itself (the engine's first reading)
    cemetery_closing: str = "tile"
    board: dict[Pos, tuple[str, int]] = field(default_factory=dict)  # rotation -1: a face-down tile
    ghosts: dict[tuple[int, int, int], int] = field(default_factory=dict)  # free ghosts
    trapped: dict[tuple[int, int, int], int] = field(default_factory=dict)  # ghosts held in spell circles
    meeples: dict[Key, int] = field(default_factory=dict)  # colour of the meeple on each feature
    in_hand: list[int] = field(default_factory=list)  # meeples in supply, per colour (0 = not in play)
    buried: list[tuple[Pos, int]] = field(default_factory=list)
    closed: list[Pos] = field(default_factory=list)  # cemeteries closed (a meeple was buried there)
    supply: int = 0  # the general ghost supply
    cat_supply: int = 0  # the ghosts in front of Eloise (Spell Circles)
    cat: Any = None  # None (not in the game), "supply", "beside", or the feature key of her meeple
    hounds: list[Any] = field(default_factory=list)  # per hound: "track", "lost", "done" or a feature key
    scores: list[int] = field(default_factory=lambda: [0] * len(COLOURS))  # per colour (level 6)
    score: int = 0  # the shared score (levels 1-5); the sum of colour scores at level 6
    piles: list[list[str]] = field(default_factory=list)  # the active pile first, top tile first
    tile: str | None = None  # the drawn tile, shown to everyone
    discarded: list[str] = field(default_factory=list)  # drawn tiles that fitted nowhere
    seat: int = 0
    queue: list[tuple] = field(default_factory=list)  # what is left of this turn; queue[0] may wait for a choice
    legal: tuple | None = ()  # the choices of queue[0] when it waits for one; None: placements, worked out on demand
    turn: dict[str, Any] = field(default_factory=dict)  # facts about the running turn
    result: str | None = None  # None while running, then "won" or "lost"
    reason: str = ""
    turns: int = 0

    def __getstate__(self) -> dict[str, Any]:
        # The cached placements are not part of the position (pickling compares positions).
        return {key: value for key, value in self.__dict__.items() if key != "_placements"}

    def clone(self) -> MistsState:
        other = MistsState.__new__(MistsState)
        other.__dict__.update(self.__getstate__())
        other.board = dict(self.board)
        other.ghosts = dict(self.ghosts)
        other.trapped = dict(self.trapped)
        other.meeples = dict(self.meeples)
        other.in_hand = list(self.in_hand)
        other.buried = list(self.buried)
        other.closed = list(self.closed)
        other.hounds = list(self.hounds)
        other.scores = list(self.scores)
        other.piles = [list(pile) for pile in self.piles]
        other.discarded = list(self.discarded)
        other.queue = list(self.queue)
        other.turn = dict(self.turn)
        return other

    def choices(self) -> tuple:
        if self.legal is not None:
            return self.legal
        if "_placements" not in self.__dict__:
            from games.engines.mists.board import placements

            self.__dict__["_placements"] = placements(self.board, self.tile)
        return self.__dict__["_placements"]

    @property
    def colours(self) -> tuple[int, ...]:
        """The colours in play, in seat order."""
        return tuple(c for group in seat_colours(self.seats) for c in group)

    @property
    def over(self) -> bool:
        return self.result is not None

    def ghosts_on_board(self) -> int:
        return sum(self.ghosts.values()) + sum(self.trapped.values())

    def available_ghosts(self) -> int:
        return self.supply + self.cat_supply
