"""Brouillard figures: random games per second, Master think time, and the level ladder.

    .venv/bin/python -m bench.brouillard                 # speed and Master think time
    .venv/bin/python -m bench.brouillard --levels        # also Master–Intermediate, Intermediate–Beginner
    .venv/bin/python -m bench.brouillard --versus master,intermediate --games 40   # one pairing

Win rates count a draw as half a win; the interval is Wilson's 95% score interval. Seats
alternate between games so each side plays first equally often; with ``--versus`` the two games
of a pair share their seed (the same setups drawn, the seats swapped), which takes the
first-move advantage and the luck of the draw out of the comparison.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from games.ai.brouillard import LEVELS
from games.ai.match import play_game
from games.engines.brouillard import ENGINE


def random_games_per_second(games: int, seed: int = 0) -> tuple[float, float]:
    rng = random.Random(seed)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        state = ENGINE.setup()
        while ENGINE.to_move(state) is not None:
            moves = ENGINE.legal_moves(state)
            state = ENGINE.play(state, moves[rng.randrange(len(moves))])
            plies += 1
    seconds = time.perf_counter() - start
    return games / seconds, plies / seconds


class Timed:
    """Wraps a player and keeps how long each of its choices took."""

    def __init__(self, player):
        self.player = player
        self.name = player.name
        self.times: list[float] = []

    def choose(self, ctx):
        start = time.perf_counter()
        move = self.player.choose(ctx)
        self.times.append(time.perf_counter() - start)
        return move


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def match(strong: str, weak: str, games: int, seed: int, paired: bool = False) -> dict:
    """``strong`` against ``weak``, seats alternating; ``paired``: games 2k and 2k+1 share a seed."""
    wins = draws = losses = 0
    times: list[float] = []
    start = time.perf_counter()
    for game in range(games):
        timed = Timed(LEVELS[strong]())
        players = [timed, LEVELS[weak]()] if game % 2 == 0 else [LEVELS[weak](), timed]
        outcome = play_game(ENGINE, players, seed=seed + (game // 2 if paired else game)).outcome
        seat = 0 if game % 2 == 0 else 1
        mine, theirs = outcome.seats[seat].rank, outcome.seats[1 - seat].rank
        wins += mine < theirs
        draws += mine == theirs
        losses += mine > theirs
        times += timed.times
    score = (wins + draws / 2) / games
    low, high = wilson(wins + draws / 2, games)
    return {
        "pair": f"{strong} vs {weak}",
        "games": games,
        "wdl": (wins, draws, losses),
        "score": score,
        "interval": (low, high),
        "think_mean": statistics.mean(times),
        "think_max": max(times),
        "seconds": time.perf_counter() - start,
    }


def print_match(result: dict) -> None:
    wins, draws, losses = result["wdl"]
    low, high = result["interval"]
    print(
        f"{result['pair']}: {result['games']} games, W/D/L {wins}/{draws}/{losses}, score {result['score']:.3f} "
        f"(95% CI {low:.3f}–{high:.3f}); {result['pair'].split()[0]} think mean {result['think_mean'] * 1000:.1f} ms, "
        f"max {result['think_max'] * 1000:.0f} ms; {result['seconds']:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-games", type=int, default=300)
    parser.add_argument("--think-games", type=int, default=4, help="Master–Intermediate games timed for think time")
    parser.add_argument("--levels", action="store_true", help="play the level ladder")
    parser.add_argument("--master-games", type=int, default=30)
    parser.add_argument("--intermediate-games", type=int, default=40)
    parser.add_argument("--versus", metavar="A,B", help="play level A against level B only (paired seeds)")
    parser.add_argument("--games", type=int, default=40, help="games of --versus (rounded up to pairs)")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    if args.versus:
        first, second = args.versus.split(",")
        print_match(match(first, second, args.games + args.games % 2, args.seed, paired=True))
        return

    games_per_second, plies_per_second = random_games_per_second(args.random_games)
    print(
        f"random games: {args.random_games} games, {games_per_second:.0f} games/s ({plies_per_second:.0f} plies/s) on one core"
    )
    if not args.levels:
        timed = match("master", "intermediate", args.think_games, args.seed)
        print(
            f"Master think time over {args.think_games} games: mean {timed['think_mean'] * 1000:.1f} ms, "
            f"max {timed['think_max'] * 1000:.0f} ms"
        )
        return
    print_match(match("master", "intermediate", args.master_games, args.seed))
    print_match(match("intermediate", "beginner", args.intermediate_games, args.seed + 10_000))


if __name__ == "__main__":
    main()
