"""The FOG benchmark: random games per second, legal-move generation, AI time per turn and strength.

    .venv/bin/python -m bench.fog                      # speed (4 players, Standard) and AI time per decision
    .venv/bin/python -m bench.fog --seconds 0.05 --decisions 2   # the same, tiny (the smoke test's)
    .venv/bin/python -m bench.fog --strength           # strongest level vs 3 random players, 100 games
    .venv/bin/python -m bench.fog --solo --games 5     # solo: mean score of greedy and search
    .venv/bin/python -m bench.fog --boards             # open vs packed Standard: game length, AI results

Speed goes through the public contract only (to_move, legal_moves, play; outcome at the end).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass, field

from bench.common import random_games_per_second
from games.ai.base import TurnContext
from games.ai.fog import SearchPlayer
from games.ai.match import play_game
from games.ai.registry import get_player, levels
from games.engines import get_engine
from games.engines.fog.moves import END
from games.engines.fog.state import MOVE

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


def speed(seconds: float, decisions: int = 40) -> None:
    games, plies = random_games_per_second(ENGINE, {"board": "standard"}, 4, seconds)
    calls, listed = legal_moves_per_second(seconds)
    print(f"The FOG speed, one core, {seconds:g} s per figure, 4 players on the Standard beach")
    print(f"  {games:8.1f} random games/s  ({plies:.0f} plies/game, {games * plies:8.0f} plies/s)")
    print(f"  {calls:8.0f} legal_moves calls/s in phase 2  ({listed:.1f} moves per position on average)")
    for level in list(levels("fog"))[1:]:
        print(f"  {level:7} {ai_seconds_per_decision(level, decisions) * 1000:8.1f} ms per decision (phase 2)")
    print(
        f"  mcts    {ai_seconds_per_decision('mcts', decisions) * 1000:8.1f} ms per decision (phase 2, unlisted SearchPlayer)"
    )


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


@dataclass
class BoardFigures:
    """Totals over the games of one board and one line-up; per-game means are printed."""

    games: int = 0
    plies: int = 0
    movements: int = 0  # phase-2 moves other than ending the turn
    turns: int = 0  # colour turns in phase 2 (a double turn counts twice)
    rounds: int = 0
    rescued: int = 0  # islanders in a boat at the end
    lost: int = 0  # islanders the FOG took (at the end, those left on the beach or shore too)
    first_places: int = 0  # seat 0's
    scores: list[list[int]] = field(default_factory=lambda: [[], []])  # seat 0's, the others'


def board_games(board: str, seat0: str, games: int, seed: int) -> BoardFigures:
    """``games`` 4-player games on ``board``: seat 0 plays ``seat0``, the others random."""
    figures = BoardFigures()
    options = ENGINE.normalize_options({"board": board})
    for game in range(games):
        rng = random.Random(f"{seed}:{game}")
        players = [get_player("fog", seat0)] + [get_player("fog", "random") for _ in range(3)]
        state = ENGINE.setup(options, seats=4, seed=rng.randrange(2**32))
        turn = None
        while (seat := ENGINE.to_move(state)) is not None:
            if state.phase == MOVE and (state.round, state.turn) != turn:
                turn = (state.round, state.turn)
                figures.turns += 1
            ctx = TurnContext.at(ENGINE, state, options=options, rng=random.Random(rng.randrange(2**63)))
            move = players[seat].choose(ctx)
            figures.plies += 1
            figures.movements += state.phase == MOVE and move.kind != END
            state = ENGINE.play(state, move)
        board_ = state.rules.board
        outcome = ENGINE.outcome(state)
        figures.games += 1
        figures.rounds += state.round
        figures.rescued += sum(1 for node in state.where if node >= 0 and board_.is_place(node))
        figures.lost += sum(1 for row in state.lost_row if row >= 0)
        figures.first_places += outcome.ranks[0] == 1
        figures.scores[0].append(outcome.scores[0])
        figures.scores[1] += outcome.scores[1:]
    return figures


def _stderr(values: list[int]) -> float:
    return statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def boards(games: int, ai_games: int, level: str, names: tuple[str, ...] = ("standard", "standard-packed")) -> None:
    """Game length and the AI's results on the open and the packed Standard, 4 players."""
    print(
        f"The FOG, 4 players: the open Standard beach against the packed one ({games} random games, "
        f"{ai_games} games of {level} vs 3 random per board)"
    )
    for name in names:
        start = time.perf_counter()
        rand = board_games(name, "random", games, seed=1)
        ai = board_games(name, level, ai_games, seed=2)
        n, m = rand.games, ai.games
        print(
            f"  {name:16} random: {rand.plies / n:6.1f} plies, {rand.movements / n:5.1f} movements, "
            f"{rand.turns / n:5.1f} turns, {rand.rounds / n:4.1f} rounds, rescued {rand.rescued / n:4.1f} "
            f"lost {rand.lost / n:4.1f} of 32, mean RP {statistics.mean(rand.scores[0] + rand.scores[1]):6.1f}"
        )
        print(
            f"  {'':16} {level}: {ai.first_places}/{m} first places ({ai.first_places / m:.0%}), mean RP "
            f"{statistics.mean(ai.scores[0]):6.1f} ±{_stderr(ai.scores[0]):.1f} vs random {statistics.mean(ai.scores[1]):6.1f}; "
            f"{ai.movements / m:5.1f} movements, rescued {ai.rescued / m:4.1f} lost {ai.lost / m:4.1f} "
            f"({time.perf_counter() - start:.0f} s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--strength", action="store_true")
    parser.add_argument("--solo", action="store_true")
    parser.add_argument("--level", default=None)
    parser.add_argument("--games", type=int, default=None, help="100 (--boards: 300 random games per board)")
    parser.add_argument("--boards", action="store_true", help="open vs packed Standard: length and AI results")
    parser.add_argument("--ai-games", type=int, default=200, help="--boards: games of the AI level per board")
    parser.add_argument("--decisions", type=int, default=40, help="speed: phase-2 decisions timed per AI level")
    args = parser.parse_args()
    if args.boards:
        boards(args.games or 300, args.ai_games, args.level or "greedy")
    elif args.strength:
        strength(args.level or list(levels("fog"))[-1], args.games or 100)
    elif args.solo:
        solo(args.games or 100)
    else:
        speed(args.seconds, args.decisions)


if __name__ == "__main__":
    main()
