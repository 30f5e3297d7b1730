"""What standings are computed from: entrants, their rounds, and the games inside each round.

Plain frozen dataclasses, so tie-breaks can be tested with hand-made tournaments and no
database. ``ranking.standings.loading`` builds them from confirmed results.

They have slots: a 1,000-entrant Swiss has about 40,000 games, rounds and encounters, smaller
and quicker to read and to free without a ``__dict__`` each. Games and rounds also have a
``fast`` constructor for the loader, equal to calling the class: a frozen dataclass's
``__init__`` sets each field through ``object.__setattr__`` (its own ``__setattr__`` refuses);
``fast`` calls each slot's setter directly (about 0.45 µs instead of 0.8 for a game).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, fields
from enum import StrEnum

EntrantId = Hashable


class Unplayed(StrEnum):
    """Why a round was not played over the board (FIDE C.07 calls these unplayed rounds)."""

    PAIRING_BYE = "pairing_bye"  # no opponent was left: the stage's bye points
    FORFEIT_WIN = "forfeit_win"  # the opponent did not play
    FORFEIT_LOSS = "forfeit_loss"  # this entrant did not play
    ABSENT = "absent"  # not paired: withdrawn, not yet entered, or a zero-point bye


def _slot_setters(cls) -> tuple:
    """The setter of each field's slot, in field order (what ``fast`` constructors call)."""
    return tuple(cls.__dict__[f.name].__set__ for f in fields(cls))


_new = object.__new__


@dataclass(frozen=True, slots=True)
class GamePlayed:
    """One confirmed game of a series, as this entrant saw it."""

    number: int
    first_player: bool
    rank: int
    seats: int
    tied: int  # how many seats share this rank, the entrant included
    score: float
    tiebreak: tuple[float, ...] | None = None  # the engine's tie-break tuple, when it was recorded

    @classmethod
    def fast(cls, number, first_player, rank, seats, tied, score, tiebreak=None) -> GamePlayed:
        """``GamePlayed(...)``, built quicker (see the module's docstring)."""
        game = _new(cls)
        set_number, set_first_player, set_rank, set_seats, set_tied, set_score, set_tiebreak = _GAME_SLOTS
        set_number(game, number)
        set_first_player(game, first_player)
        set_rank(game, rank)
        set_seats(game, seats)
        set_tied(game, tied)
        set_score(game, score)
        set_tiebreak(game, tiebreak)
        return game

    @property
    def won(self) -> bool:
        return self.rank == 1 and self.tied == 1

    @property
    def win_share(self) -> float:
        """1 for a win, a share for a shared first place (½ for a drawn two-player game)."""
        return 1.0 / self.tied if self.rank == 1 else 0.0


@dataclass(frozen=True, slots=True)
class Encounter:
    """An opponent met in a round and the result against them: 1 above, ½ level, 0 below."""

    opponent: EntrantId
    result: float


@dataclass(frozen=True, slots=True)
class RoundResult:
    round: int
    points: float  # match points earned this round (bye points, placement points...)
    result: float  # the share of a win: 1, ½, 0; at a table, the share of opponents beaten
    encounters: tuple[Encounter, ...] = ()
    unplayed: Unplayed | None = None
    games: tuple[GamePlayed, ...] = ()

    @classmethod
    def fast(cls, round, points, result, encounters=(), unplayed=None, games=()) -> RoundResult:
        """``RoundResult(...)``, built quicker (see the module's docstring)."""
        played = _new(cls)
        set_round, set_points, set_result, set_encounters, set_unplayed, set_games = _ROUND_SLOTS
        set_round(played, round)
        set_points(played, points)
        set_result(played, result)
        set_encounters(played, encounters)
        set_unplayed(played, unplayed)
        set_games(played, games)
        return played

    @property
    def played(self) -> bool:
        return self.unplayed is None


_GAME_SLOTS = _slot_setters(GamePlayed)
_ROUND_SLOTS = _slot_setters(RoundResult)


@dataclass(frozen=True, slots=True)
class Entrant:
    id: EntrantId
    name: str
    rounds: tuple[RoundResult, ...] = ()
    seed: int | None = None
    rating: float = 0.0
    granted_points: float = 0.0  # points given by the organiser (a late entry)

    @property
    def points(self) -> float:
        return sum(r.points for r in self.rounds) + self.granted_points

    @property
    def games(self) -> list[GamePlayed]:
        return [game for r in self.rounds for game in r.games]


@dataclass(frozen=True, slots=True)
class Scoring:
    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    bye: float = 1.0
    lots_seed: int = 0  # the recorded seed that drawing of lots uses
    extra: dict = field(default_factory=dict)
