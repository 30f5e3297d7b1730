"""The FOG benchmark: random games per second, legal-move generation, AI time per turn and strength.

    .venv/bin/python -m bench.fog                      # speed (4 players, Standard) and AI time per decision
    .venv/bin/python -m bench.fog --strength           # strongest level vs 3 random players, 100 games
    .venv/bin/python -m bench.fog --solo --games 5     # solo: mean score of greedy and search

Speed goes through the public contract only (to_move, legal_moves, play; outcome at the end).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench.common import random_games_per_second
from games.ai.base import TurnContext
from games.ai.fog import SearchPlayer
from games.ai.match import play_game
from games.ai.registry import get_player, levels
from games.engines import get_engine

ENGINE = get_engine("fog")


def sample_states(count: int, seed: int = 2) -> list:
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = ENGINE.setup({}, seats=4, seed=rng.randrange(2**32))
        while ENGINE.to_move(state) is not None:
            if state.phase == 2:
                states.append(state)
            moves = ENGINE.legal_moves(state)
            state = ENGINE.play(state, moves[rng.randrange(len(moves))])
    return states[:count]


def legal_moves_per_second(seconds: float) -> tuple[float, float]:
    """Phase-2 positions; each call builds the list afresh (copies drop the engine's one-position cache)."""
    states = [s._replace(ply=s.ply) for s in sample_states(500)]
    calls = listed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in states:
            listed += len(ENGINE.legal_moves(state._replace(ply=state.ply)))
        calls += len(states)
    elapsed = time.perf_counter() - start
    return calls / elapsed, listed / calls


def ai_seconds_per_decision(level: str, decisions: int = 40) -> float:
    player = SearchPlayer(level="mcts") if level == "mcts" else get_player("fog", level)
    states = sample_states(decisions, seed=5)
    start = time.perf_counter()
    for k, state in enumerate(states):
        player.choose(TurnContext.at(ENGINE, state, rng=random.Random(k)))
    return (time.perf_counter() - start) / len(states)


def speed(seconds: float) -> None:
    games, plies = random_games_per_second(ENGINE, {"board": "standard"}, 4, seconds)
    calls, listed = legal_moves_per_second(seconds)
    print(f"The FOG speed, one core, {seconds:g} s per figure, 4 players on the Standard beach")
    print(f"  {games:8.1f} random games/s  ({plies:.0f} plies/game, {games * plies:8.0f} plies/s)")
    print(f"  {calls:8.0f} legal_moves calls/s in phase 2  ({listed:.1f} moves per position on average)")
    for level in list(levels("fog"))[1:]:
        print(f"  {level:7} {ai_seconds_per_decision(level) * 1000:8.1f} ms per decision (phase 2)")
    print(f"  mcts    {ai_seconds_per_decision('mcts') * 1000:8.1f} ms per decision (phase 2, unlisted SearchPlayer)")


def strength(level: str, games: int) -> float:
    wins = 0
    start = time.perf_counter()
    for game in range(games):
        players = [get_player("fog", level)] + [get_player("fog", "random") for _ in range(3)]
        wins += play_game(ENGINE, players, seed=game, keep_history=False).outcome.ranks[0] == 1
    elapsed = time.perf_counter() - start
    print(
        f"{level} vs 3 random players, 4 players on Standard: {wins}/{games} first places = {wins / games:.0%} ({elapsed:.0f} s)"
    )
    return wins / games


def solo(games: int) -> None:
    for level in ("greedy", "search"):
        start = time.perf_counter()
        scores = [
            play_game(ENGINE, [get_player("fog", level)], seed=g, keep_history=False).outcome.scores[0]
            for g in range(games)
        ]
        print(
            f"solo brume-s1, {level:7}: mean {statistics.mean(scores):6.1f} RP over {games} games {scores} ({time.perf_counter() - start:.0f} s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--strength", action="store_true")
    parser.add_argument("--solo", action="store_true")
    parser.add_argument("--level", default=None)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    if args.strength:
        strength(args.level or list(levels("fog"))[-1], args.games)
    elif args.solo:
        solo(args.games)
    else:
        speed(args.seconds)


if __name__ == "__main__":
    main()
