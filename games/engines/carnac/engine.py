"""Carnac on the Brume engine contract."""

from __future__ import annotations

import random
from typing import Any

from games.engines.base import Engine, GameOver, IllegalMove, InvalidSetup
from games.engines.carnac import moves as notation
from games.engines.carnac import play, scoring
from games.engines.carnac.board import DIRECTION_NAMES, SIZE_WORDS, SIZES, board_named
from games.engines.carnac.moves import COLOUR_NAMES, DECLINE, EMPTY, LYING, TILT
from games.engines.carnac.state import CarnacState
from games.engines.carnac.view import observe, state_from_view
from games.engines.info import GameInfo, Kind, OptionSpec
from games.engines.outcome import Outcome
from games.engines.text import N_, Nn_, Np_, Text, identity

ORDINALS = (N_("largest"), N_("second largest"), N_("third largest"))
COLOUR_WORDS = {"red": N_("Red"), "white": N_("White")}


class CarnacEngine(Engine):
    info = GameInfo(
        slug="carnac",
        title="Carnac",
        min_seats=2,
        max_seats=2,
        kinds=(Kind.VERSUS,),
        options=(
            OptionSpec(
                "board",
                "medium",
                N_("board section: small 8×5, medium 10×7, large 14×9"),
                choices=tuple(SIZES),
                label=N_("{} board"),
                value_labels=tuple(SIZE_WORDS.items()),
            ),
            OptionSpec(
                "first_colour",
                "red",
                N_("the colour of play of seat 1, the first player"),
                choices=COLOUR_NAMES,
                label=N_("first colour"),
                value_labels=(("red", Np_("colour", "red")), ("white", Np_("colour", "white"))),
            ),
        ),
        default_tiebreaks=("match_points", "game_wins", "carnac_dolmens", "direct_encounter", "buchholz"),
        score_label=N_("dolmens"),
        tiebreak_labels=(N_("dolmens"), N_("dolmen sizes, largest first")),
        summary=N_("Stand megaliths, tilt your opponent's, and build the most dolmens seen from above."),
        rules_doc="docs/games/carnac.md",
        # One rating pool per board: the small board is not the same skill as the large one.
        extra={"ranking": {"pool_options": ["board"]}},
    )

    # --- setup -------------------------------------------------------------------------

    def initial_state(self, options: dict[str, Any], seats: int, layout: Any) -> CarnacState:
        if layout is not None:
            raise InvalidSetup(Text(N_("Carnac has no random setup: its layout is always null")))
        return play.initial(board_named(options["board"]), COLOUR_NAMES.index(options["first_colour"]))

    def layout(self, state: CarnacState) -> None:
        return None

    def seat_count(self, state: CarnacState) -> int:
        return 2

    # --- play ----------------------------------------------------------------------------

    def to_move(self, state: CarnacState) -> int | None:
        return state.to_move

    def legal_moves(self, state: CarnacState) -> tuple[int, ...]:
        if state.to_move is None:
            return ()
        return state.pending or state.placements

    def play(self, state: CarnacState, move: Any) -> CarnacState:
        if state.to_move is None:
            raise GameOver(Text(N_("the game is over: no megalith is left to place or no square is free")))
        if state.pending:
            if type(move) is int and move in state.pending:
                return play.tilt(state, move) if move != DECLINE else play.decline(state)
            raise IllegalMove(self._why_not_while_deciding(state, move))
        if notation.is_placement(move) and move >> 2 < state.board.size and state.cells[move >> 2] == EMPTY:
            return play.place(state, move)
        raise IllegalMove(self._why_not_while_placing(state, move))

    def _why_not_while_deciding(self, state: CarnacState, move: Any) -> str:
        where = state.board.square_names[state.last_square]
        if notation.is_placement(move):
            return Text(
                N_("first decide about the megalith just placed on {square}: tilt it or decline (x)"), square=where
            )
        if type(move) is int and TILT <= move < DECLINE:
            direction = move - TILT
            target = state.board.tilt_targets[state.last_square][direction]
            name = DIRECTION_NAMES[direction]
            if target is None:
                return Text(
                    N_("the megalith on {square} cannot be tilted {direction}: it would stick out over the edge"),
                    square=where,
                    direction=name,
                )
            taken = [state.board.square_names[sq] for sq in target if state.cells[sq] != EMPTY]
            return Text(
                N_("the megalith on {square} cannot be tilted {direction}: the square {taken} is taken"),
                square=where,
                direction=name,
                taken=taken[0],
            )
        return Text(
            N_("{move} is not a move: tilt the megalith on {square} or decline (x)"), move=repr(move), square=where
        )

    def _why_not_while_placing(self, state: CarnacState, move: Any) -> str:
        if move == DECLINE or (type(move) is int and TILT <= move < DECLINE):
            return Text(N_("there is no megalith to tilt now: place a new one on an empty square"))
        if not notation.is_placement(move) or move >> 2 >= state.board.size:
            return Text(
                N_("{move} is not a placement on the {board} board"),
                move=repr(move),
                board=SIZE_WORDS.get(state.board.name, state.board.name),
            )
        square = move >> 2
        if state.cells[square] >= LYING:
            return Text(N_("the square {square} is taken by a lying megalith"), square=state.board.square_names[square])
        return Text(N_("the square {square} is taken by a standing megalith"), square=state.board.square_names[square])

    # --- the end -------------------------------------------------------------------------

    def outcome(self, state: CarnacState) -> Outcome | None:
        if state.to_move is not None:
            return None
        found = scoring.dolmens(state.board, state.cells)
        sizes = [scoring.dolmen_sizes(found, state.colour_of(seat)) for seat in (0, 1)]
        width = max(len(s) for s in sizes)
        keys = [scoring.comparison_key(s, width) for s in sizes]
        names = state.board.square_names
        return Outcome.ranked(
            [len(s) for s in sizes],
            keys,
            reason=self._reason(state, sizes),
            seat_details=[
                {"colour": COLOUR_NAMES[state.colour_of(seat)], "dolmens": len(sizes[seat]), "sizes": sizes[seat]}
                for seat in (0, 1)
            ],
            details={
                "board": state.board.name,
                "dolmens": [
                    {"colour": COLOUR_NAMES[d.colour], "size": d.size, "squares": [names[sq] for sq in d.squares]}
                    for d in found
                ],
            },
        )

    def _reason(self, state: CarnacState, sizes: list[list[int]]) -> str:
        colours = [COLOUR_WORDS[COLOUR_NAMES[state.colour_of(seat)]] for seat in (0, 1)]
        counts = [len(s) for s in sizes]
        if counts[0] != counts[1]:
            winner = 0 if counts[0] > counts[1] else 1
            return Text(
                N_("{colour} has more dolmens ({won} to {lost})"),
                colour=colours[winner],
                won=counts[winner],
                lost=counts[1 - winner],
            )
        for index, (a, b) in enumerate(zip(*sizes)):
            if a != b:
                winner = 0 if a > b else 1
                ordinal = ORDINALS[index] if index < len(ORDINALS) else Text(N_("{index}th largest"), index=index + 1)
                return Text(
                    N_(
                        "{colour} wins on equal dolmens ({each} each): its {ordinal} dolmen is bigger ({won} to {lost})"
                    ),
                    colour=colours[winner],
                    each=counts[0],
                    ordinal=ordinal,
                    won=max(a, b),
                    lost=min(a, b),
                )
        if counts[0] == 0:
            return Text(N_("a draw: nobody built a dolmen"))
        return Text(
            Nn_("a draw: {n} dolmen each, of the same sizes", "a draw: {n} dolmens each, of the same sizes"),
            n=counts[0],
        )

    # --- views, notation, pictures ---------------------------------------------------------

    def observe(self, state: CarnacState, seat: int | None) -> dict[str, Any]:
        return observe(self.info.slug, state, seat)

    def determinize(self, view: dict[str, Any], rng: random.Random) -> CarnacState:
        return state_from_view(view)

    def move_to_text(self, state: CarnacState, move: Any) -> str:
        return notation.move_to_text(state.board, move)

    def parse_move(self, state: CarnacState, text: str) -> int:
        return notation.parse_move(state.board, text)

    def move_gestures(self, view: dict[str, Any]) -> list:
        from games.engines.carnac.gestures import gestures

        return gestures(view, self.player_moves(view))

    def render_svg(self, view: dict[str, Any], translate=identity) -> str:
        from games.engines.carnac.svg import render

        return render(view, translate)
