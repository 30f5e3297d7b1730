"""The FOG position: an immutable NamedTuple over a static ``Rules`` object shared by a game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.engines.fog.board import Board

EMPTY, OBSTACLE, WOODS_CELL = -1, -2, -3
LOST = -1
# Phases
MISSIONS, DRAFT, MOVE, OVER = 0, 1, 2, 3
PHASE_NAMES = ("missions", "draft", "move", "over")


@dataclass(frozen=True, eq=False)
class Rules:
    """Everything fixed for one game: the board, options, colours and the drawn scoring values."""

    board: Board
    options: dict[str, Any]
    seats: int
    colours: int  # colours in play (solo: the nations, each a "colour" of the one player)
    colour_names: tuple[str, ...]
    seat_of: tuple[int, ...]  # per colour
    solo: bool
    area_values: tuple[tuple[int, ...], ...]  # per boat, per area A-D
    penalties: tuple[int, ...]  # per row (beach rows from A, then the shore)
    fog_start: int
    turn_mp: tuple[int, ...]  # per colour
    layout: dict[str, Any] = field(repr=False)
    leaders: frozenset[int] = frozenset()  # Rescue the Leaders: the islanders that count as Leaders
    obstacles: dict[int, str] = field(default_factory=dict)  # hex -> kind
    scenario: dict[str, Any] | None = None

    def opt(self, name: str) -> Any:
        return self.options[name]


class FogState(NamedTuple):
    rules: Rules
    phase: int
    cells: tuple[int, ...]  # per hex: an islander, EMPTY, OBSTACLE or WOODS_CELL
    where: tuple[int, ...]  # per islander: its node (hex or boat place) or LOST
    aboard: tuple[tuple[int, ...], ...]  # per boat place: islanders, bottom first
    owner: tuple[int, ...]  # per islander: its colour, -1 while undrafted
    lost_row: tuple[int, ...]  # per islander: the row where the FOG took it, -1
    fog: int  # the FOG marker's position on the track
    swallowed: int  # rows (from A, the shore last) inside the FOG
    colour: int  # the colour to act, -1 when the game is over
    order: tuple[int, ...]  # this round's turn order
    turn: int  # index in ``order``
    round: int
    mp: int
    moved: tuple[int, ...]  # islanders moved with MP this turn, in order
    spent: tuple[tuple[int, str], ...]  # (islander, movement kind) done this turn: Guardian abilities count them
    bonus_next: tuple[int, ...]  # per boat: Preparation Bonuses already taken
    bonuses: tuple[tuple[int, ...], ...]  # per colour: the bonuses it holds
    picks: int  # draft turns taken (picks, and passes of a colour with its Leader when only Leaders are left)
    fog_deck: tuple[int, ...]  # FOG Uncertainty cards still face down (hidden order)
    fog_drawn: tuple[int, ...]
    event_deck: tuple[int, ...]  # Unforeseen Events still face down (hidden order)
    event: int  # the event card of this round, -1 for none
    hands: tuple[tuple[int, ...], ...]  # per colour: mission cards dealt, before one is kept (secret)
    missions: tuple[tuple[int, ...], ...]  # per colour: mission cards kept (secret until the end)
    open_missions: tuple[int, ...]  # alternate play: face-up missions everybody scores
    guardians: tuple[tuple[int, str], ...]  # per colour: (card, side), () without Guardians
    transit: int  # an islander standing on an occupied field that must move on, -1
    free_runs: tuple[int, ...]  # islanders allowed one free Run to end the turn (Endurance, Guardians)
    last: tuple[str, ...]  # the movements of the last two turns, for pictures
    ply: int

    @property
    def seat(self) -> int | None:
        if self.phase == OVER:
            return None
        return self.rules.seat_of[self.colour]
