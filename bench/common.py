"""What several benchmarks measure the same way."""

from __future__ import annotations

import random
import time

from games.engines import Engine


def random_games_per_second(
    engine: Engine, options: dict, seats: int, seconds: float, seed: int = 1
) -> tuple[float, float]:
    """(games per second, plies per game) of uniformly random play to the end, through the public
    contract (``legal_moves`` + ``play`` each ply, the outcome at the end), for ``seconds``."""
    rng = random.Random(seed)
    start = time.perf_counter()
    games = plies = 0
    while time.perf_counter() - start < seconds:
        state = engine.setup(options, seats=seats, seed=rng.randrange(2**32))
        while engine.to_move(state) is not None:
            moves = engine.legal_moves(state)
            state = engine.play(state, moves[rng.randrange(len(moves))])
            plies += 1
        engine.outcome(state)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / games
