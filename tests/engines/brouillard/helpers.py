"""Positions built from notation, and random games, for the Brouillard tests."""

from __future__ import annotations

import random

from games.engines.brouillard import ENGINE

# Seat 1 on rows 1-3, Seat 2 on rows 5-7, Queens on the back rows.
SETUP_1 = "Qd1,Wb2,Wd2,Wf2"
SETUP_2 = "Qd7,Wb6,Wd6,Wf6"


def position(*texts: str, setups: tuple[str, str] = (SETUP_1, SETUP_2), **options):
    """The state after both setups (Seat 1's first) and then ``texts``."""
    state = ENGINE.setup(options or None)
    first = state.first
    ordered = setups if first == 0 else (setups[1], setups[0])
    for text in (*ordered, *texts):
        state = ENGINE.play_text(state, text)
    return state


def random_states(seed: int, **options):
    """Every state of one random game, the first included, with the moves between them."""
    rng = random.Random(seed)
    state = ENGINE.setup(options or None)
    states, moves = [state], []
    while ENGINE.to_move(state) is not None:
        legal = ENGINE.legal_moves(state)
        move = legal[rng.randrange(len(legal))]
        moves.append(move)
        state = ENGINE.play(state, move)
        states.append(state)
    return states, moves


def squares(view_list) -> set[str]:
    return {p["square"] for p in view_list}
