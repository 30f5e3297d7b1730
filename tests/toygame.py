"""Misty Nim: a tiny game that exercises the whole engine contract in tests.

A random pile of pebbles (the layout) and a secret number per seat. Seats take 1 to
``take_max`` pebbles in turn; whoever takes the last pebble wins. Each seat sees only its own
secret until the end; the secrets are the tie-break of the winner's score (a made-up rule, so
that outcomes carry a tie-break).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.engines import (
    Engine,
    GameInfo,
    GameOver,
    IllegalMove,
    InvalidSetup,
    Kind,
    NotationError,
    OptionSpec,
    Outcome,
)


@dataclass(frozen=True)
class NimState:
    pile: int
    secrets: tuple[int, ...]
    to_move: int | None
    last_taker: int | None
    layout: dict
    take_max: int


class MistyNim(Engine):
    info = GameInfo(
        slug="misty-nim",
        title="Misty Nim (test game)",
        min_seats=2,
        max_seats=3,
        kinds=(Kind.VERSUS, Kind.MULTIPLAYER),
        hidden_information=True,
        setup_chance=True,
        options=(
            OptionSpec("take_max", 3, "most pebbles a turn may take", minimum=1, maximum=5),
            OptionSpec("pile", "random", "pile size", choices=("random", "small")),
        ),
        default_tiebreaks=("match_points",),
    )

    def make_layout(self, options, seats, rng):
        pile = rng.randint(10, 20) if options["pile"] == "random" else 5
        return {"pile": pile, "secrets": [rng.randint(1, 9) for _ in range(seats)]}

    def initial_state(self, options, seats, layout):
        if not isinstance(layout, dict) or not isinstance(layout.get("pile"), int) or layout["pile"] < 1:
            raise InvalidSetup("the layout needs a pile of at least one pebble")
        secrets = layout.get("secrets")
        if not isinstance(secrets, list) or len(secrets) != seats:
            raise InvalidSetup("the layout needs one secret per seat")
        return NimState(layout["pile"], tuple(secrets), 0, None, layout, options["take_max"])

    def layout(self, state):
        return state.layout

    def seat_count(self, state):
        return len(state.secrets)

    def to_move(self, state):
        return state.to_move

    def legal_moves(self, state):
        if state.to_move is None:
            return []
        return list(range(1, min(state.take_max, state.pile) + 1))

    def play(self, state, move):
        if state.to_move is None:
            raise GameOver("the game is over")
        if move not in self.legal_moves(state):
            raise IllegalMove(f"you may take 1 to {min(state.take_max, state.pile)} pebbles, not {move!r}")
        pile = state.pile - move
        nxt = None if pile == 0 else (state.to_move + 1) % len(state.secrets)
        return NimState(pile, state.secrets, nxt, state.to_move, state.layout, state.take_max)

    def outcome(self, state):
        if state.to_move is not None:
            return None
        scores = [1 if seat == state.last_taker else 0 for seat in range(len(state.secrets))]
        return Outcome.ranked(
            scores, [(s,) for s in scores], reason=f"seat {state.last_taker + 1} took the last pebble"
        )

    def observe(self, state, seat):
        over = state.to_move is None
        secrets = [s if over or seat == i else None for i, s in enumerate(state.secrets)]
        return {
            "game": self.info.slug,
            "seat": seat,
            "to_move": state.to_move,
            "over": over,
            "pile": state.pile,
            "secrets": secrets,
            "take_max": state.take_max,
        }

    def determinize(self, view, rng: random.Random):
        secrets = tuple(s if s is not None else rng.randint(1, 9) for s in view["secrets"])
        return NimState(
            view["pile"],
            secrets,
            view["to_move"],
            None,
            {"pile": view["pile"], "secrets": list(secrets)},
            view["take_max"],
        )

    def move_to_text(self, state, move):
        return f"t{move}"

    def parse_move(self, state, text):
        if len(text) != 2 or text[0] != "t" or not text[1].isdigit():
            raise NotationError(f"{text!r} is not a move: write t1, t2 or t3")
        return int(text[1])

    def render_svg(self, view):
        return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 20"><text x="2" y="15">{view["pile"]}</text></svg>'


ENGINE = MistyNim()
