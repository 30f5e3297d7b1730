"""How long ``move_gestures(view)`` takes on busy positions of The FOG and Mists (target: well
under 50 ms, as the live page asks for it after every move).

    .venv/bin/python -m bench.gestures_fog_mists            # the 20 busiest positions per option set
    .venv/bin/python -m bench.gestures_fog_mists --games 10 --busiest 40

Positions come from random games (mostly movements rather than ending the turn, so the beach
fills up and turns keep their MP); the busiest are those offering the most moves. Each is timed
several times on one core and the best run kept (the machine is shared); the figure includes
``player_moves`` (a state rebuilt from the view) since ``move_gestures`` starts from it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from games.engines import get_engine

CASES = (
    ("fog", {}, 4),
    ("fog", {"board": "large", "enhanced_movements": True, "guardians": "B", "drive_off": "advanced"}, 6),
    ("mists", {"level": 1}, 1),
    ("mists", {"level": 6, "spell_circles": True}, 5),
)


def busy_views(engine, options: dict, seats: int, games: int, busiest: int) -> list[dict]:
    rng = random.Random(11)
    found = []
    for _ in range(games):
        state = engine.setup(options, seats=seats, seed=rng.randrange(2**32))
        while engine.to_move(state) is not None:
            view = engine.observe(state, engine.to_move(state))
            found.append((len(engine.player_moves(view)), rng.random(), view))
            moves = list(engine.legal_moves(state))
            busy = [m for m in moves if engine.move_to_text(state, m) != "end"]
            state = engine.play(state, rng.choice(busy) if busy and rng.random() < 0.9 else moves[-1])
    found.sort(key=lambda entry: entry[:2], reverse=True)
    return [view for _, _, view in found[:busiest]]


def best_of(engine, view: dict, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        engine.move_gestures(view)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--busiest", type=int, default=20)
    args = parser.parse_args()
    print("move_gestures on the busiest positions, one core (best of 5 runs each)")
    for slug, options, seats in CASES:
        engine = get_engine(slug)
        views = busy_views(engine, engine.normalize_options(options), seats, args.games, args.busiest)
        engine.move_gestures(views[0])  # warm the caches (tile data, boards) once
        times = [best_of(engine, view) * 1000 for view in views]
        moves = [len(engine.player_moves(view)) for view in views]
        print(
            f"{slug:5} {seats} seat(s) {options or 'defaults'}: {max(moves)} moves at most; "
            f"median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms"
        )


if __name__ == "__main__":
    main()
