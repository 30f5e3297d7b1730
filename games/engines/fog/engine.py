"""The FOG: Escape from Paradise on the Brume engine contract."""

from __future__ import annotations

import random
from typing import Any

from games.engines.base import Engine, NotationError
from games.engines.fog import moves as notation
from games.engines.fog import play, scoring, setup
from games.engines.fog.state import OVER, FogState
from games.engines.fog.view import observe, state_from_view
from games.engines.info import GameInfo, Kind
from games.engines.outcome import Outcome
from games.engines.text import N_, Text, identity


class FogEngine(Engine):
    info = GameInfo(
        slug="fog",
        title="The FOG: Escape from Paradise",
        min_seats=1,
        max_seats=6,
        kinds=(Kind.MULTIPLAYER, Kind.SOLO),
        hidden_information=True,
        setup_chance=True,
        options=setup.OPTIONS,
        default_tiebreaks=("placement_points", "fog_rescue_points", "direct_encounter", "buchholz"),
        score_label=N_("Rescue Points"),
        tiebreak_labels=(N_("Rescue Points"), N_("fewest islanders lost (negated)"), N_("Commoners rescued")),
        summary=N_("Guide your islanders across a packed beach to the boats before the FOG swallows them."),
        rules_doc="docs/games/fog.md",
        # The Hourglass (option 1) is a clock, not a rule: online play runs it per turn and, when
        # it runs out, plays the turn's end for the player (remaining MP are lost).
        extra={
            "turn_clock_option": "hourglass_seconds",
            "turn_timeout_move": "end",
            # Ratings per board (a Large table is another game); solo ladders per scenario, with
            # the rescue levels of the solo rules.
            "ranking": {
                "pool_options": ["board"],
                "ladder_options": ["scenario"],
                "score_levels": [*scoring.LEVELS, (None, scoring.LOWEST_LEVEL)],  # None: below the rest
            },
        },
    )

    # --- setup -----------------------------------------------------------------------------

    def setup(self, options=None, seats=None, seed=None, layout=None) -> FogState:
        """As the contract's, except that a log naming no board replays on its layout's board: the
        default board changed (open "standard" to "standard-packed"), and the layout names the
        shipped board the game was played on."""
        return super().setup(setup.board_from_layout(options, layout), seats, seed, layout)

    def check_options(self, options: dict[str, Any]) -> None:
        setup.check_options(options)

    def check_seats(self, seats: int, options) -> None:
        super().check_seats(seats, options)
        setup.check_seats(dict(options), seats)

    def make_layout(self, options: dict[str, Any], seats: int, rng: random.Random) -> dict[str, Any]:
        return setup.make_layout(options, seats, rng)

    def initial_state(self, options: dict[str, Any], seats: int, layout: Any) -> FogState:
        return setup.initial_state(options, seats, layout)

    def layout(self, state: FogState) -> dict[str, Any]:
        return state.rules.layout

    def seat_count(self, state: FogState) -> int:
        return state.rules.seats

    # --- play --------------------------------------------------------------------------------

    def to_move(self, state: FogState) -> int | None:
        return state.seat

    def legal_moves(self, state: FogState):
        return play.legal_moves(state)

    def play(self, state: FogState, move: Any) -> FogState:
        return play.play(state, move)

    def acting_colour(self, state: FogState) -> str | None:
        """The colour (solo: the nation) the seat to move is acting for."""
        return None if state.phase == OVER else state.rules.colour_names[state.colour]

    # --- the end -----------------------------------------------------------------------------

    def outcome(self, state: FogState) -> Outcome | None:
        if state.phase != OVER:
            return None
        from games.engines.fog.outcome import outcome

        return outcome(state)

    # --- views, notation, pictures --------------------------------------------------------------

    def observe(self, state: FogState, seat: int | None) -> dict[str, Any]:
        return observe(self.info.slug, state, seat)

    def determinize(self, view: dict[str, Any], rng: random.Random) -> FogState:
        return state_from_view(view, rng)

    def move_to_text(self, state: FogState, move: Any) -> str:
        if not isinstance(move, notation.Move):
            raise NotationError(Text(N_("{move} is not a move of The FOG"), move=repr(move)))
        return notation.to_text(state.rules.board, move)

    def parse_move(self, state: FogState, text: str) -> notation.Move:
        return notation.parse(state.rules.board, text)

    def render_svg(self, view: dict[str, Any], translate=identity) -> str:
        from games.engines.fog.svg import render

        return render(view, translate)

    def move_gestures(self, view: dict[str, Any]) -> list:
        """Clicks for each offered move (``gestures.py``). The offered moves are the legal moves
        of the state rebuilt from the view alone (``seat_state``, as ``player_moves`` writes
        them); their costs come from the same state, listed once."""
        from games.engines.fog.gestures import move_gestures
        from games.engines.fog.state import MOVE

        if view.get("seat") is None or view.get("to_move") != view.get("seat"):
            return []
        state = self.seat_state(view)
        board = state.rules.board
        costs = play.movement_costs(state) if state.phase == MOVE else {}
        moves = {notation.to_text(board, move): move for move in self.legal_moves(state)}
        return move_gestures(view, board, moves, costs)

    def colour_scores(self, state: FogState) -> list[dict[str, Any]]:
        return scoring.colour_scores(state)
