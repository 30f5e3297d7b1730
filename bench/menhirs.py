"""Menhirs dans le Brouillard benchmark: engine speed, and AI strength against another level.

.venv/bin/python -m bench.menhirs                 # random games/s and legal-move generations/s
.venv/bin/python -m bench.menhirs --runs 3        # the same three times: median and spread
.venv/bin/python -m bench.menhirs --ai-time       # CPU time a move of the AI levels on fixed clearing positions
.venv/bin/python -m bench.menhirs --strength      # 200 games of the strong level against random
.venv/bin/python -m bench.menhirs --strength --level search --against greedy --games 100
.venv/bin/python -m bench.menhirs --strength --level search --against greedy --iterations 10000

Speed figures are wall-clock games per second and, in brackets, games per CPU second of this
process (steadier on a machine shared with other jobs). 50 games of other seeds warm the cluster
caches first, as in a long-lived server or AI worker; each run plays games of new seeds, so no
run replays positions an earlier one cached.

--strength prints the level's score (wins plus half the draws) with Wilson's 95% interval and
its thinking time per move (mean and worst); seats alternate from game to game.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time
from dataclasses import replace

from games.ai.base import Budget, Player, TurnContext
from games.ai.match import play_game
from games.ai.registry import get_player, levels
from games.ai.tally import LevelScore
from games.engines.menhirs import ENGINE


def random_games(games: int, options: dict, first_seed: int = 0) -> tuple[float, list]:
    """Games per second of uniformly random play; also returns every position seen."""
    rate, _cpu_rate, positions = timed_random_games(games, options, first_seed)
    return rate, positions


def timed_random_games(games: int, options: dict, first_seed: int = 0) -> tuple[float, float, list]:
    """(games per wall-clock second, games per CPU second, every position seen) of random play."""
    positions = []
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        state = ENGINE.setup(options, seed=seed)
        while not ENGINE.is_over(state):
            positions.append(state)
            moves = ENGINE.legal_moves(state)
            state = ENGINE.play(state, moves[rng.randrange(len(moves))])
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return games / wall, games / max(cpu, 1e-9), positions


def generations(positions: list) -> tuple[float, float]:
    """Legal-move generations per second over the positions, and the mean number of moves."""
    start = time.perf_counter()
    total = sum(len(ENGINE.legal_moves(state)) for state in positions)
    return len(positions) / (time.perf_counter() - start), total / len(positions)


def clearing_positions(games: int = 12) -> list:
    """Fixed clearing positions (rounds 8-11, player 2 to act) of seeded random games."""
    positions = []
    for seed in range(games):
        rng = random.Random(seed)
        state = ENGINE.setup({}, seed=seed)
        while not ENGINE.is_over(state):
            if state.table.clears(state.ply) and state.ply in (15, 17, 19, 21):
                positions.append(state)
            moves = ENGINE.legal_moves(state)
            state = ENGINE.play(state, moves[rng.randrange(len(moves))])
    return positions


def ai_time() -> None:
    """CPU time a move of greedy and the search at two budgets on the same positions; the digest of
    the turns chosen shows that a faster engine or search still picks the same turns."""
    positions = clearing_positions()
    for level, iterations in (("greedy", None), ("planner", 3_000), ("search", 30_000)):
        chosen = []
        start = time.process_time()
        for number, state in enumerate(positions):
            ctx = TurnContext.at(ENGINE, state, budget=Budget(iterations=iterations), rng=random.Random(number))
            chosen.append(ENGINE.move_to_text(state, get_player("menhirs", level).choose(ctx)))
        spent = time.process_time() - start
        digest = hashlib.sha1(" ".join(chosen).encode()).hexdigest()[:10]
        budget = f"{iterations} positions a move" if iterations else "no search"
        print(
            f"{level} ({budget}): {1000 * spent / len(positions):.0f} ms CPU a move over {len(positions)} "
            f"clearing positions; turns chosen digest {digest}"
        )


class _Timed(Player):
    """Wraps a player, gives it its own budget (the opponent keeps its default) and times its choices."""

    def __init__(self, inner: Player, budget: Budget):
        self.inner = inner
        self.budget = budget
        self.level = inner.level
        self.times: list[float] = []

    def choose(self, ctx):
        start = time.perf_counter()
        move = self.inner.choose(replace(ctx, budget=self.budget))
        self.times.append(time.perf_counter() - start)
        return move


def strength(level: str, against: str, games: int, iterations: int | None) -> None:
    wins = draws = losses = 0
    times: list[float] = []
    start = time.perf_counter()
    budget = Budget(iterations=iterations)  # iterations=None: the level's default budget
    for number in range(games):
        me = number % 2  # alternate who starts
        timed = _Timed(get_player("menhirs", level), budget)
        players = [get_player("menhirs", against), get_player("menhirs", against)]
        players[me] = timed
        outcome = play_game(ENGINE, players, seed=number).outcome
        times += timed.times
        if outcome.is_draw:
            draws += 1
        elif outcome.winners == (me,):
            wins += 1
        else:
            losses += 1
    seconds = time.perf_counter() - start
    score = LevelScore(level, games, wins + draws / 2)
    low, high = score.interval()
    spent = f"{iterations} positions a move" if iterations else "its default budget"
    print(
        f"{level} ({spent}) v {against}, {games} games alternating first player: "
        f"{wins} wins, {draws} draws, {losses} losses; score {score.rate:.3f} (95% interval {low:.3f}-{high:.3f}); "
        f"{1000 * sum(times) / len(times):.0f} ms a move on average, worst {1000 * max(times):.0f} ms "
        f"({seconds:.0f} s in all)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=None, help="games to play (200 for --strength, 300 otherwise)")
    parser.add_argument("--strength", action="store_true", help="measure an AI level against the random player")
    parser.add_argument("--level", default="search", choices=[k for k in levels("menhirs") if k != "random"])
    parser.add_argument("--against", default="random", choices=list(levels("menhirs")), help="the opposing level")
    parser.add_argument(
        "--iterations", type=int, default=None, help="search budget in positions a move (default: the level's own)"
    )
    parser.add_argument("--runs", type=int, default=1, help="speed runs to make (their median and spread)")
    parser.add_argument("--ai-time", action="store_true", help="CPU time a move of the AI levels (fixed positions)")
    args = parser.parse_args()
    if args.ai_time:
        ai_time()
        return
    if args.strength:
        strength(args.level, args.against, args.games or 200, args.iterations)
        return
    random_games(50, {}, first_seed=1_000_000)  # warm the cluster caches: the figures are steady-state
    option_sets = ({}, {"clearing_starts": "english"}, {"menhirs": 5})
    rates: dict[str, list[tuple[float, float]]] = {str(options or "default options"): [] for options in option_sets}
    for run in range(args.runs):
        for options in option_sets:
            games = args.games or 300
            rate, cpu_rate, positions = timed_random_games(games, options, first_seed=run * games)
            per_second, mean_moves = generations(positions)
            rates[str(options or "default options")].append((rate, cpu_rate))
            prefix = f"run {run + 1}: " if args.runs > 1 else ""
            print(
                f"{prefix}{options or 'default options'}: {rate:.0f} random games/s ({cpu_rate:.0f} a CPU second); "
                f"{per_second:.0f} legal-move generations/s (mean {mean_moves:.0f} moves a position)"
            )
    if args.runs > 1:
        for name, figures in rates.items():
            walls, cpus = sorted(f[0] for f in figures), sorted(f[1] for f in figures)
            print(
                f"{name}: median {statistics.median(walls):.0f} random games/s (spread {walls[0]:.0f}-{walls[-1]:.0f}); "
                f"median {statistics.median(cpus):.0f} a CPU second (spread {cpus[0]:.0f}-{cpus[-1]:.0f})"
            )


if __name__ == "__main__":
    main()
