"""The engine contract: what every game in Brume offers, and the errors it raises.

Engines are plain Python (no Django import). A state is whatever the engine likes, but it is
treated as immutable: ``play`` returns a new state and leaves its input untouched, so AI search
and replay can keep old states. A move is any hashable value the engine chooses (a small
dataclass, a tuple, an int); outside the engine it only travels as notation text.

Seats are numbered from 0 in code. Pages and logs show them from 1 ("Seat 1" is seat 0).
"""

from __future__ import annotations

import logging
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from games.engines.info import GameInfo
from games.engines.outcome import Outcome
from games.engines.text import N_, Text, identity

Move = Hashable
State = Any
View = dict[str, Any]

logger = logging.getLogger(__name__)

# The fixed seed of ``Engine.seat_state``: the same view always gives the same state, so whatever
# is computed from it is a function of the view alone.
SEAT_STATE_SEED = 0

GAME_OVER = Text(N_("the game is over: no more moves"))
NOT_YOUR_TURN = Text(N_("it is not your turn"))


class EngineError(ValueError):
    """Base class of the errors an engine raises for bad input (never for its own bugs)."""


class IllegalMove(EngineError):
    """The move is not allowed here; ``reason`` is written for the player who tried it."""

    def __init__(self, reason: str, *, move_text: str | None = None):
        # ``reason`` is English (``str(exc)``); when it is a ``Text`` the site translates it.
        super().__init__(reason)
        self.reason = reason
        self.move_text = move_text


class NotationError(IllegalMove):
    """The text is not a move in the game's notation (or names no move in this position)."""


class InvalidOptions(EngineError):
    """Unknown option, value out of range, or options that do not go together."""


class InvalidSetup(EngineError):
    """A layout that this game cannot start from, or a seat count it does not allow."""


class GameOver(IllegalMove):
    """A move was offered after the game ended."""


class Engine(ABC):
    """One game's rules. Subclasses set ``info`` and implement the abstract calls."""

    info: GameInfo

    # --- options and setup -------------------------------------------------------------

    def normalize_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Fill defaults and check every option; raises InvalidOptions with a clear message."""
        options = dict(options or {})
        known = {spec.name: spec for spec in self.info.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            names = ", ".join(known)
            raise InvalidOptions(
                Text(
                    N_("{game} has no option {unknown} (options: {names})"),
                    game=self.info.title,
                    unknown=", ".join(map(repr, unknown)),
                    names=names if known else Text(N_("none")),
                )
            )
        normalized = {name: spec.coerce(options.get(name, spec.default)) for name, spec in known.items()}
        self.check_options(normalized)
        return normalized

    def check_options(self, options: dict[str, Any]) -> None:
        """Hook for rules between options (raise InvalidOptions). Single options are checked already."""

    def check_seats(self, seats: int, options: Mapping[str, Any]) -> None:
        """Raise InvalidSetup when this many seats cannot play with these options."""
        lo, hi = self.info.min_seats, self.info.max_seats
        if not isinstance(seats, int) or isinstance(seats, bool) or not lo <= seats <= hi:
            raise InvalidSetup(
                Text(
                    N_("{game} is played by {seats}, not {count}"),
                    game=self.info.title,
                    seats=self.info.seats_text(),
                    count=repr(seats),
                )
            )

    def make_layout(self, options: dict[str, Any], seats: int, rng: random.Random) -> Any:
        """The random part of the setup, written out as JSON-safe data (None when there is none)."""
        return None

    def setup(
        self,
        options: Mapping[str, Any] | None = None,
        seats: int | None = None,
        seed: int | None = None,
        layout: Any = None,
    ) -> State:
        """The initial state. ``layout`` wins over ``seed``; with neither, a fresh random layout."""
        normalized = self.normalize_options(options)
        seats = self.info.min_seats if seats is None else seats
        self.check_seats(seats, normalized)
        if layout is None:
            layout = self.make_layout(normalized, seats, random.Random(seed))
        return self.initial_state(normalized, seats, layout)

    @abstractmethod
    def initial_state(self, options: dict[str, Any], seats: int, layout: Any) -> State:
        """Build the first state from normalized options and a layout; raise InvalidSetup if bad."""

    @abstractmethod
    def layout(self, state: State) -> Any:
        """The layout this game started from (what a log stores to replay it)."""

    @abstractmethod
    def seat_count(self, state: State) -> int:
        """How many seats play in this game."""

    # --- play ----------------------------------------------------------------------------

    @abstractmethod
    def to_move(self, state: State) -> int | None:
        """The seat to act, or None when the game is over."""

    @abstractmethod
    def legal_moves(self, state: State) -> Sequence[Move]:
        """Every legal move of the seat to act (empty when the game is over).

        It may only depend on what that seat is allowed to see, so it can be handed to the seat.
        """

    @abstractmethod
    def play(self, state: State, move: Move) -> State:
        """The state after ``move``; raises IllegalMove (GameOver once finished). Input unchanged."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """None while the game runs; then ranks, scores and the rulebook's tie-break per seat."""

    def is_over(self, state: State) -> bool:
        return self.to_move(state) is None

    # --- what a seat may see -------------------------------------------------------------

    @abstractmethod
    def observe(self, state: State, seat: int | None) -> View:
        """JSON-safe view of what ``seat`` may know; None is the spectator.

        Hidden information is filtered here and only here. A view always has the keys
        ``game`` (the slug), ``seat``, ``to_move`` and ``over``.
        """

    def determinize(self, view: View, rng: random.Random) -> State:
        """A full state consistent with ``view``, for AI search.

        Perfect-information games return the exact state; hidden-information games sample one
        of the states the viewer cannot tell apart.
        """
        raise NotImplementedError(f"{self.info.slug} does not rebuild states from views")

    # --- notation and pictures -----------------------------------------------------------

    @abstractmethod
    def move_to_text(self, state: State, move: Move) -> str:
        """The move's notation in this position: short, no whitespace, stable across versions."""

    @abstractmethod
    def parse_move(self, state: State, text: str) -> Move:
        """The move that ``text`` names in this position; raises NotationError."""

    @abstractmethod
    def render_svg(self, view: View, translate=identity) -> str:
        """An SVG picture (a complete ``<svg>`` element) of a view.

        ``translate`` turns the picture's words (engine texts) into the reader's language; the
        default draws them in English (the site passes ``games.engine_texts.translated``)."""

    # --- the player's form: everything a seat is offered, shown or told -------------------
    #
    # Two forms of a move. The record form (``move_to_text``) is the referee's: it is built from
    # the state and may carry answers only the referee knows (Brouillard's ``d3xd5=Q``,
    # ``?c5=2``); it goes into the log and nowhere else while the game runs. The player form is
    # built from the seat's VIEW: the moves a seat is offered, the text it types, and the reason
    # a move of its is refused all come from these calls, which never receive a state. The live
    # layer talks to a seat only through them (and ``observe`` / ``render_svg``).

    def seat_state(self, view: View) -> State:
        """A state rebuilt from ``view`` alone (``determinize`` with a fixed seed).

        Anything computed from it depends on the view only, so it cannot leak what the seat may
        not see. For perfect information it is the true state.
        """
        return self.determinize(view, random.Random(SEAT_STATE_SEED))

    def player_moves(self, view: View) -> list[str]:
        """The legal moves of the view's seat in the player form; empty when it is not its turn.

        The default writes the legal moves of ``seat_state(view)`` in the game's notation: right
        for every game whose notation of a legal move holds nothing the seat cannot see. An
        engine whose notation carries referee answers must override this and the calls below.
        """
        if view.get("seat") is None or view.get("to_move") != view.get("seat"):
            return []
        state = self.seat_state(view)
        return [self.move_to_text(state, move) for move in self.legal_moves(state)]

    def player_move_text(self, view: View, move: Move) -> str:
        """The player form of ``move`` (one of the seat's legal moves), from the view alone."""
        return self.move_to_text(self.seat_state(view), move)

    def parse_player_move(self, view: View, text: str) -> str:
        """The player form of the move ``text`` names, when the view's seat may play it now.

        Refusals (IllegalMove) are reasoned from the view alone, so a refused move tells the
        seat nothing it did not know.
        """
        seat = view.get("seat")
        if view.get("over"):
            raise GameOver(GAME_OVER)
        if seat is None or view.get("to_move") != seat:
            raise IllegalMove(NOT_YOUR_TURN, move_text=text)
        state = self.seat_state(view)
        move = self.parse_move(state, text)
        self.play(state, move)  # raises IllegalMove with a reason drawn from the rebuilt state
        return self.move_to_text(state, move)

    def record_move(self, state: State, player_text: str) -> str:
        """The referee's record form of a move given in the player form (answers filled in)."""
        return self.move_to_text(state, self.parse_move(state, player_text))

    def play_player(self, state: State, seat: int, text: str) -> tuple[State, str]:
        """Play a seat's move typed in the player form: (the next state, the record form for the log).

        The move is checked against the seat's view (refusals say only what the seat could
        know), then the referee writes it in the record form and plays it on the truth.
        """
        to_move = self.to_move(state)
        if to_move is None:
            raise GameOver(GAME_OVER)
        if to_move != seat:
            raise IllegalMove(NOT_YOUR_TURN, move_text=text)
        said = self.parse_player_move(self.observe(state, seat), text)
        record = self.record_move(state, said)
        try:
            return self.play(state, self.parse_move(state, record)), record
        except IllegalMove as exc:
            # The view allowed what the truth refuses: a broken contract (legal moves must depend
            # only on what the seat sees). Its reason may name hidden facts: keep it in the log.
            logger.error("%s: the referee refused %r (%s) that the view of seat %s allowed", self, record, exc, seat)
            raise IllegalMove(Text(N_("this move cannot be played now")), move_text=text) from None

    def move_gestures(self, view: View) -> list:
        """How a person makes each of ``player_moves(view)`` by clicking the board (a list of
        ``games.engines.gestures.Gesture``), from the view alone. Empty when the game offers no
        clicking: the page then offers the typed notation only."""
        return []

    def move_placement(self, view: View):
        """For a move made by placing several pieces at once (a secret setup), how the page asks
        for them (a ``games.engines.gestures.Placement``), from the view alone; None otherwise."""
        return None

    # --- conveniences built on the contract ----------------------------------------------

    def play_text(self, state: State, text: str) -> State:
        return self.play(state, self.parse_move(state, text))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.info.slug}>"
