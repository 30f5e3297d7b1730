"""Brouillard on the engine contract: the referee holds the truth, seats get ``observe`` views."""

from __future__ import annotations

import random
from typing import Any

from games.engines.base import Engine, IllegalMove, InvalidSetup, NotationError
from games.engines.brouillard import determinize as sampling
from games.engines.brouillard import moves as notation
from games.engines.brouillard import player, rules, svg, views
from games.engines.brouillard.state import BrouillardState
from games.engines.info import GameInfo, Kind, OptionSpec
from games.engines.outcome import Outcome
from games.engines.text import N_, Text, identity


class BrouillardEngine(Engine):
    info = GameInfo(
        slug="brouillard",
        title="Brouillard",
        min_seats=2,
        max_seats=2,
        kinds=(Kind.VERSUS,),
        hidden_information=True,
        setup_chance=False,  # the secret setups are each seat's first move, kept in the log
        options=(
            OptionSpec(
                "turns",
                40,
                N_("turns each side plays before the mist closes"),
                minimum=1,
                maximum=200,
                label=N_("turns"),
            ),
            OptionSpec(
                "diagonal_two_step",
                False,
                N_("also allow moving two squares in a straight diagonal line"),
                label=N_("diagonal two step"),
            ),
            OptionSpec(
                "first_seat", 1, N_("the seat that places and moves first"), choices=(1, 2), label=N_("first seat")
            ),
        ),
        default_tiebreaks=("match_points", "game_score"),
        score_label=N_("pieces kept"),
        tiebreak_labels=(N_("pieces kept"),),
        summary=N_("Hide a Queen among three Watchers in the mist, probe, and capture the enemy Queen."),
        rules_doc="docs/games/brouillard.md",
    )

    # --- setup -----------------------------------------------------------------------------

    def initial_state(self, options: dict[str, Any], seats: int, layout: Any) -> BrouillardState:
        if layout is not None:
            raise InvalidSetup(
                Text(N_("Brouillard has no layout: each side's secret setup is its first move in the log"))
            )
        return rules.initial(options["turns"], options["diagonal_two_step"], options["first_seat"] - 1)

    def layout(self, state: BrouillardState) -> None:
        return None

    def seat_count(self, state: BrouillardState) -> int:
        return 2

    # --- play ------------------------------------------------------------------------------

    def to_move(self, state: BrouillardState) -> int | None:
        return state.to_move

    def legal_moves(self, state: BrouillardState) -> list:
        return rules.legal_moves(state)

    def play(self, state: BrouillardState, move) -> BrouillardState:
        return rules.apply(state, move)

    def outcome(self, state: BrouillardState) -> Outcome | None:
        if state.to_move is not None:
            return None
        summary = views.result(state)
        counts = summary["pieces_left"]
        queen_alive = [state.queens[s] >= 0 for s in (0, 1)]
        return Outcome.ranked(
            scores=[float(c) for c in counts],
            tiebreaks=[(float(c),) for c in counts],
            keys=[(queen_alive[s], counts[s]) for s in (0, 1)],
            reason=summary["reason"],
            seat_details=[{"pieces_left": counts[s], "queen_alive": queen_alive[s]} for s in (0, 1)],
            details={"ended_by": summary["ended_by"]},
        )

    # --- views -----------------------------------------------------------------------------

    def observe(self, state: BrouillardState, seat: int | None) -> dict[str, Any]:
        if seat not in (None, 0, 1):
            raise IllegalMove(Text(N_("Brouillard has seats 1 and 2, not {seat}"), seat=repr(seat)))
        return views.observe(state, seat)

    def determinize(self, view: dict[str, Any], rng: random.Random) -> BrouillardState:
        return sampling.determinize(view, rng)

    # --- notation and pictures -------------------------------------------------------------

    def move_to_text(self, state: BrouillardState, move) -> str:
        """The move with the referee's answer (capture or probe count) read from the truth."""
        if state.to_move is None or not isinstance(move, notation.Setup | notation.Step | notation.Probe):
            return notation.to_text(move)
        return notation.to_text(rules.answer(state, move))

    def parse_move(self, state: BrouillardState, text: str):
        move = notation.parse(text)
        if state.to_move is not None and state.in_setup() != isinstance(move, notation.Setup):
            if state.in_setup():
                wanted = N_("{text}: Seat {seat} plays its setup (e.g. Qd1,Wb2,Wc3,Wf2) now")
            else:
                wanted = N_("{text}: Seat {seat} plays a move or a probe now")
            raise NotationError(Text(wanted, text=repr(text), seat=state.to_move + 1), move_text=text)
        return move

    # --- the player's form: a seat types c2c4 or ?d4, the referee adds the answer ------------

    def player_moves(self, view: dict[str, Any]) -> list[str]:
        return player.player_moves(view)

    def player_move_text(self, view: dict[str, Any], move) -> str:
        return notation.to_text(player.bare(move))

    def parse_player_move(self, view: dict[str, Any], text: str) -> str:
        return player.parse_player_move(view, text)

    def move_gestures(self, view: dict[str, Any]) -> list:
        from games.engines.brouillard.gestures import gestures

        return gestures(view, self.player_moves(view))

    def move_placement(self, view: dict[str, Any]):
        from games.engines.brouillard.gestures import setup_placement

        return setup_placement(view)

    def render_svg(self, view: dict[str, Any], translate=identity) -> str:
        return svg.render(view, translate)
