"""Mists over Carcassonne benchmark: random games per second, legal-move generation, AI win rates.

    .venv/bin/python -m bench.mists                          # speed at every level, solo
    .venv/bin/python -m bench.mists --winrate --games 200    # random, greedy, search at level 1 solo
    .venv/bin/python -m bench.mists --winrate --levels greedy --level 3 --games 50

Speed goes through the public contract only (``to_move``, ``legal_moves`` and ``play`` each ply,
``outcome`` at the end), on one core. Win rates play every AI level on the same seeded games
(the same tile orders: a duplicate), so the levels are compared on equal luck.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time

from bench.common import random_games_per_second
from games.ai.match import play_game
from games.ai.registry import get_player, levels
from games.engines import get_engine

ENGINE = get_engine("mists")


def legal_moves_per_second(options: dict, seconds: float, seed: int = 2) -> tuple[float, float]:
    """(legal_moves calls per second, moves per call) on fresh copies of positions from random games.

    Placements are worked out on demand and kept with the state, so each call is timed on a
    state that has not listed its moves yet: the figure is the cost of generating them.
    """
    rng = random.Random(seed)
    states = []
    while len(states) < 300:
        state = ENGINE.setup(options, seats=1, seed=rng.randrange(2**32))
        while ENGINE.to_move(state) is not None:
            states.append(state)
            moves = ENGINE.legal_moves(state)
            state = ENGINE.play(state, moves[rng.randrange(len(moves))])
    calls = listed = 0
    spent = 0.0
    while spent < seconds:
        fresh = [state.clone() for state in states]
        start = time.perf_counter()
        for state in fresh:
            listed += len(ENGINE.legal_moves(state))
        spent += time.perf_counter() - start
        calls += len(fresh)
    return calls / spent, listed / calls


def speed(seconds: float) -> None:
    print(f"Mists speed, one core, {seconds:g} s per figure (legal_moves + play each ply, outcome at the end)")
    for level in range(1, 7):
        for spell in (False, True):
            options = {"level": level, "spell_circles": spell}
            games, plies = random_games_per_second(ENGINE, options, 1, seconds)
            calls, listed = legal_moves_per_second(options, seconds)
            print(
                f"  level {level}{' +circles' if spell else '         '}  {games:7.1f} random games/s "
                f"({plies:.0f} plies/game, {games * plies:7.0f} plies/s)  {calls:8.0f} legal_moves calls/s "
                f"({listed:.0f} moves per position)"
            )


def win_rates(names: list[str], level: int, seats: int, games: int, spell: bool) -> dict[str, list[bool]]:
    """Each level's result on every seed (the same tile orders for every level)."""
    results = {}
    for name in names:
        start = time.perf_counter()
        won, points = [], 0.0
        for seed in range(games):
            players = [get_player("mists", name) for _ in range(seats)]
            outcome = play_game(
                ENGINE, players, options={"level": level, "spell_circles": spell}, seed=seed, keep_history=False
            ).outcome
            won.append(bool(outcome.team_won))
            points += outcome.scores[0]
        elapsed = time.perf_counter() - start
        results[name] = won
        wins = sum(won)
        print(
            f"  {name:7} level {level}, {seats} seat(s){' +circles' if spell else ''}: {wins}/{games} won = "
            f"{wins / games:.1%}, mean score {points / games:.1f}  ({elapsed:.0f} s, {elapsed / games:.2f} s/game)",
            flush=True,
        )
    return results


def sign_test(only_first: int, only_second: int) -> float:
    """Two-sided exact sign test on the deals only one of two levels won (McNemar, exact)."""
    n, k = only_first + only_second, min(only_first, only_second)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n if n else 1.0
    return min(1.0, 2 * tail)


def paired(results: dict[str, list[bool]]) -> None:
    """Each pair of levels on the same deals: the deals only one of them won, and the sign test."""
    names = list(results)
    for first, second in itertools.pairwise(names):
        a = sum(1 for x, y in zip(results[first], results[second], strict=True) if x and not y)
        b = sum(1 for x, y in zip(results[first], results[second], strict=True) if y and not x)
        print(f"  {second} v {first} on the same deals: {b} won only by {second}, {a} only by {first}; "
              f"exact sign test p = {sign_test(a, b):.3f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per speed figure")
    parser.add_argument("--winrate", action="store_true", help="measure AI win rates instead of speed")
    parser.add_argument("--levels", nargs="*", default=None, help="AI levels to measure (default: all)")
    parser.add_argument("--level", type=int, default=1, help="the game's level, 1 to 6")
    parser.add_argument("--seats", type=int, default=1)
    parser.add_argument("--spell-circles", action="store_true")
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    if args.winrate:
        names = args.levels or list(levels("mists"))
        paired(win_rates(names, args.level, args.seats, args.games, args.spell_circles))
    else:
        speed(args.seconds)


if __name__ == "__main__":
    main()
