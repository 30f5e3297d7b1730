"""Menhirs dans le Brouillard on the engine contract."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.engines.base import Engine, GameOver, IllegalMove, InvalidSetup, NotationError
from games.engines.info import GameInfo, Kind, OptionSpec
from games.engines.menhirs import layout as layouts
from games.engines.menhirs import notation, views
from games.engines.menhirs.board import MENHIR_TILES
from games.engines.menhirs.rules import (
    SCHEDULES,
    MenhirsState,
    RuleError,
    apply_turn,
    legal_turns,
    opening_state,
)
from games.engines.menhirs.svg import render
from games.engines.text import N_, Np_, Text, identity

SEATS = 2


class MenhirsEngine(Engine):
    info = GameInfo(
        slug="menhirs",
        title="Menhirs dans le Brouillard",
        min_seats=SEATS,
        max_seats=SEATS,
        kinds=(Kind.VERSUS,),
        hidden_information=False,
        setup_chance=True,
        options=(
            OptionSpec(
                "menhirs",
                MENHIR_TILES,
                N_("Menhirs in play: 7, or 5 with two laid face down"),
                choices=(7, 5),
                label=N_("menhirs"),
            ),
            OptionSpec(
                "clearing_starts",
                "dutch",
                N_(
                    "when players start taking fog away: round 8 (Dutch sheet) or player 2's turn of round 7 "
                    "(English sheet)"
                ),
                choices=SCHEDULES,
                label=N_("clearing starts"),
                value_labels=(
                    ("dutch", Np_("clearing schedule", "dutch")),
                    ("english", Np_("clearing schedule", "english")),
                ),
            ),
            OptionSpec(
                "first_round_bonus",
                False,
                N_("a win in the first moving round scores 21 instead of 11"),
                label=N_("first round bonus"),
            ),
            OptionSpec(
                "split_parts_keep_three",
                False,
                N_(
                    "the Dutch 'at all times' read strictly: the tile taken away after a split may not leave one of "
                    "its parts below 3 tiles"
                ),
                label=N_("split parts keep three"),
            ),
        ),
        default_tiebreaks=("match_points", "game_wins", "menhirs_fog_points", "direct_encounter", "buchholz"),
        score_label=N_("fog tiles in play at the win"),
        tiebreak_labels=(N_("fog points"),),
        summary=N_("Two players slide clusters of fog over a board of Menhirs; whoever uncovers the last Menhir wins."),
        rules_doc="docs/games/menhirs.md",
    )

    # --- setup -----------------------------------------------------------------------------

    def make_layout(self, options: dict[str, Any], seats: int, rng: random.Random) -> Any:
        return layouts.make_layout(options, rng)

    def initial_state(self, options: dict[str, Any], seats: int, layout: Any) -> MenhirsState:
        if seats != SEATS:
            raise InvalidSetup(Text(N_("Menhirs dans le Brouillard is played by 2 players, not {seats}"), seats=seats))
        return opening_state(layouts.table_from_layout(options, layout))

    def layout(self, state: MenhirsState) -> Any:
        return state.table.layout

    def seat_count(self, state: MenhirsState) -> int:
        return SEATS

    # --- play ------------------------------------------------------------------------------

    def to_move(self, state: MenhirsState) -> int | None:
        return None if state.over else state.ply % 2

    def legal_moves(self, state: MenhirsState) -> Sequence:
        """A list, or in the clearing phase a ``ClearingTurns`` whose turns are made when asked for."""
        return legal_turns(state)

    def play(self, state: MenhirsState, move) -> MenhirsState:
        if state.over:
            raise GameOver(Text(N_("the game is over: no more turns")))
        try:
            return apply_turn(state, move)
        except RuleError as exc:
            raise IllegalMove(exc.args[0]) from None

    def outcome(self, state: MenhirsState):
        return views.outcome(state)

    # --- views, notation, pictures -------------------------------------------------------------

    def observe(self, state: MenhirsState, seat: int | None) -> dict[str, Any]:
        return views.observe(state, seat)

    def determinize(self, view: dict[str, Any], rng: random.Random) -> MenhirsState:
        return views.rebuild(view, self.normalize_options(view["options"]))

    def move_to_text(self, state: MenhirsState, move) -> str:
        return notation.to_text(state, move)

    def parse_move(self, state: MenhirsState, text: str):
        try:
            return notation.parse_turn(state, text)
        except notation.NotationProblem as exc:
            raise NotationError(exc.args[0], move_text=text) from None

    def move_gestures(self, view: dict[str, Any]) -> list:
        from games.engines.menhirs.gestures import gestures

        return gestures(view, self.player_moves(view))

    def render_svg(self, view: dict[str, Any], translate=identity) -> str:
        return render(view, translate)
