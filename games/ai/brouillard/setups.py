"""Opening placements for each level (the setup is the first, secret action)."""

from __future__ import annotations

import random

from games.engines.brouillard.board import HOME_ROWS, SIZE
from games.engines.brouillard.moves import Setup, make_setup
from games.engines.brouillard.rules import all_setups


def _square(seat: int, depth: int, col: int) -> int:
    """``depth`` 0 is the seat's back row, 2 its front row."""
    rows = HOME_ROWS[seat]
    row = rows[-1 - depth] if seat == 1 else rows[depth]
    return row * SIZE + col


def random_setup(seat: int, rng: random.Random) -> Setup:
    choices = all_setups(seat)
    return choices[rng.randrange(len(choices))]


def guarded_setup(seat: int, rng: random.Random) -> Setup:
    """The Queen on the back row, three Watchers screening it one or two rows ahead."""
    queen_col = rng.randrange(1, SIZE - 1)
    cols = rng.sample([c for c in range(SIZE) if c != queen_col], 3)
    return make_setup(_square(seat, 0, queen_col), [_square(seat, rng.choice((1, 2)), c) for c in cols])


def spread_setup(seat: int, rng: random.Random) -> Setup:
    """Four pieces spread over the width, one held back; the Queen is any of them, so the
    back piece is not a tell."""
    cols = sorted(rng.sample(range(SIZE), 4))
    back = rng.randrange(4)
    squares = [_square(seat, 0 if i == back else rng.choice((1, 2)), c) for i, c in enumerate(cols)]
    queen = squares[back] if rng.random() < 0.5 else rng.choice(squares)
    return make_setup(queen, [s for s in squares if s != queen])
