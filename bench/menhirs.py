"""Menhirs dans le Brouillard benchmark: engine speed, and AI strength against the random player.

.venv/bin/python -m bench.menhirs                 # random games/s and legal-move generations/s
.venv/bin/python -m bench.menhirs --strength      # 200 games of the strong level against random
.venv/bin/python -m bench.menhirs --strength --level planner --games 100
"""

from __future__ import annotations

import argparse
import random
import time

from games.ai.base import Budget
from games.ai.match import play_game
from games.ai.random_player import RandomPlayer
from games.ai.registry import get_player, levels
from games.engines.menhirs import ENGINE


def random_games(games: int, options: dict) -> tuple[float, list]:
    """Games per second of uniformly random play; also returns every position seen."""
    positions = []
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = ENGINE.setup(options, seed=seed)
        while not ENGINE.is_over(state):
            positions.append(state)
            moves = ENGINE.legal_moves(state)
            state = ENGINE.play(state, moves[rng.randrange(len(moves))])
    return games / (time.perf_counter() - start), positions


def generations(positions: list) -> tuple[float, float]:
    """Legal-move generations per second over the positions, and the mean number of moves."""
    start = time.perf_counter()
    total = sum(len(ENGINE.legal_moves(state)) for state in positions)
    return len(positions) / (time.perf_counter() - start), total / len(positions)


def strength(level: str, games: int, iterations: int | None) -> None:
    wins = draws = losses = 0
    start = time.perf_counter()
    for number in range(games):
        me = number % 2  # alternate who starts
        players = [RandomPlayer(), RandomPlayer()]
        players[me] = get_player("menhirs", level)
        budget = Budget(iterations=iterations) if iterations else None
        outcome = play_game(ENGINE, players, seed=number, budget=budget).outcome
        if outcome.is_draw:
            draws += 1
        elif outcome.winners == (me,):
            wins += 1
        else:
            losses += 1
    seconds = time.perf_counter() - start
    print(
        f"{level} vs random, {games} games alternating first player: {wins} wins, {draws} draws, {losses} losses "
        f"= {100 * wins / games:.1f}% wins ({seconds:.0f} s, {seconds / games:.2f} s a game)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=None, help="games to play (200 for --strength, 300 otherwise)")
    parser.add_argument("--strength", action="store_true", help="measure an AI level against the random player")
    parser.add_argument("--level", default="mcts", choices=[k for k in levels("menhirs") if k != "random"])
    parser.add_argument("--iterations", type=int, default=None, help="search budget (default: the level's own)")
    args = parser.parse_args()
    if args.strength:
        strength(args.level, args.games or 200, args.iterations)
        return
    random_games(50, {})  # warm the cluster caches (movable_parts) so the figures are steady-state
    for options in ({}, {"clearing_starts": "english"}, {"menhirs": 5}):
        rate, positions = random_games(args.games or 300, options)
        per_second, mean_moves = generations(positions)
        print(
            f"{options or 'default options'}: {rate:.0f} random games/s; "
            f"{per_second:.0f} legal-move generations/s (mean {mean_moves:.0f} moves a position)"
        )


if __name__ == "__main__":
    main()
