"""Carnac benchmark: random games per second, legal-move generation, and AI strength.

    .venv/bin/python -m bench.carnac                  # speed on every board
    .venv/bin/python -m bench.carnac --strength       # strongest AI level against random, 200 games
    .venv/bin/python -m bench.carnac --strength --level greedy --opponent random --games 50

Speed goes through the public contract only: ``to_move``, ``legal_moves`` and ``play`` each
ply, and ``outcome`` at the end, on one core.
"""

from __future__ import annotations

import argparse
import random
import time

from bench.common import random_games_per_second
from games.ai.match import play_game
from games.ai.registry import get_player, levels
from games.engines import get_engine

ENGINE = get_engine("carnac")
BOARDS = ("small", "medium", "large")


def sample_states(board: str, count: int, seed: int = 2) -> list:
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = ENGINE.setup({"board": board})
        while ENGINE.to_move(state) is not None:
            states.append(state)
            moves = ENGINE.legal_moves(state)
            state = ENGINE.play(state, moves[rng.randrange(len(moves))])
    return states[:count]


def legal_moves_per_second(board: str, seconds: float) -> tuple[float, float]:
    """(legal_moves calls per second, average moves per call) over positions of random games.

    The legal list is built by ``play`` (a tuple kept in the state), so a call only hands it
    over; the cost of generating it is inside the games-per-second figure.
    """
    states = sample_states(board, 2000)
    legal_moves = ENGINE.legal_moves
    calls = listed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in states:
            listed += len(legal_moves(state))
        calls += len(states)
    elapsed = time.perf_counter() - start
    return calls / elapsed, listed / calls


def speed(seconds: float) -> None:
    print(f"Carnac speed, one core, {seconds:g} s per figure (legal_moves + play each ply, outcome at the end)")
    for board in BOARDS:
        games, plies = random_games_per_second(ENGINE, {"board": board}, 2, seconds)
        calls, listed = legal_moves_per_second(board, seconds)
        print(
            f"  {board:6}  {games:8.0f} random games/s  ({plies:.1f} plies/game, {games * plies:9.0f} plies/s)"
            f"  {calls:10.0f} legal_moves calls/s  ({listed:.0f} moves per position on average)"
        )


def strength(level: str, opponent: str, games: int, board: str) -> float:
    """Win rate of ``level`` against ``opponent``, alternating the first player (draws count half)."""
    wins = draws = 0
    start = time.perf_counter()
    for game in range(games):
        seat = game % 2
        players = [get_player("carnac", opponent), get_player("carnac", opponent)]
        players[seat] = get_player("carnac", level)
        outcome = play_game(ENGINE, players, options={"board": board}, seed=game, keep_history=False).outcome
        if outcome.is_draw:
            draws += 1
        elif seat in outcome.winners:
            wins += 1
    elapsed = time.perf_counter() - start
    rate = (wins + draws / 2) / games
    budget = getattr(players[seat], "budget_text", "")
    print(
        f"{level}{f' ({budget})' if budget else ''} vs {opponent} on the {board} board: {wins} wins, {draws} draws, "
        f"{games - wins - draws} losses in {games} games = {rate:.1%}  ({elapsed:.0f} s, {elapsed / games:.2f} s/game)"
    )
    return rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per speed figure")
    parser.add_argument("--strength", action="store_true", help="measure an AI level's win rate instead of speed")
    parser.add_argument("--level", default=None, help="AI level to measure (default: the strongest)")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--board", default="medium", choices=BOARDS)
    args = parser.parse_args()
    if args.strength:
        level = args.level or list(levels("carnac"))[-1]
        strength(level, args.opponent, args.games, args.board)
    else:
        speed(args.seconds)


if __name__ == "__main__":
    main()
