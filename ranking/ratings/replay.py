"""Replay a pool's confirmed games, oldest period first, from given starting states.

Deterministic: games are replayed in (period, id) order, Glicko-2 periods are order-free, and
OpenSkill games follow that order. The output is the state of every player who played, and one
history snapshot per player and period played.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from itertools import groupby

from ranking import glicko2

PROVISIONAL_DEVIATION = 110.0  # Glicko-2: a rating is provisional while its deviation is above this
PROVISIONAL_SIGMA = 5.0  # OpenSkill: the same idea on its scale (σ starts at 25/3)
OPENSKILL_MU, OPENSKILL_SIGMA = 25.0, 25.0 / 3.0


@dataclass(frozen=True)
class GameRow:
    period: int
    players: tuple[Hashable, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...] | None = None
    tiebreaks: tuple[tuple[float, ...], ...] | None = None
    day: int = 0  # the date's ordinal, for "last played"


@dataclass(frozen=True)
class State:
    rating: float
    deviation: float = 0.0
    volatility: float = 0.0
    mu: float | None = None
    sigma: float | None = None
    last_period: int = 0
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    best_tiebreak: tuple[float, ...] | None = None
    last_day: int = 0

    @property
    def provisional(self) -> bool:
        if self.sigma is not None:
            return self.sigma > PROVISIONAL_SIGMA
        if self.best_tiebreak is not None:
            return False
        return self.deviation > PROVISIONAL_DEVIATION


@dataclass(frozen=True)
class Snapshot:
    player: Hashable
    period: int
    state: State
    games: int  # in this period
    wins: int
    draws: int
    losses: int


@dataclass
class Replay:
    states: dict[Hashable, State]
    history: list[Snapshot]


def _tally(state: State, period: int, results: list[float], day: int) -> tuple[State, tuple[int, int, int]]:
    wins = sum(1 for r in results if r == 1.0)
    losses = sum(1 for r in results if r == 0.0)
    draws = len(results) - wins - losses
    counted = replace(
        state,
        last_period=period,
        last_day=max(state.last_day, day),
        games=state.games + len(results),
        wins=state.wins + wins,
        draws=state.draws + draws,
        losses=state.losses + losses,
    )
    return counted, (wins, draws, losses)


def _new_glicko() -> State:
    return State(glicko2.DEFAULT_RATING, glicko2.DEFAULT_DEVIATION, glicko2.DEFAULT_VOLATILITY)


def replay_glicko2(
    games: Iterable[GameRow], start: dict[Hashable, State], tau: float = glicko2.DEFAULT_TAU, progress=None
) -> Replay:
    """Two-player games; a draw is a shared rank. One Glicko-2 update per player and period."""
    states = dict(start)
    history: list[Snapshot] = []
    done = 0
    for period, rows in groupby(games, key=lambda g: g.period):
        played: dict[Hashable, list[tuple[Hashable, float]]] = {}
        days: dict[Hashable, int] = {}
        for game in rows:
            a, b = game.players
            days[a] = max(days.get(a, 0), game.day)
            days[b] = max(days.get(b, 0), game.day)
            score = 0.5 if game.ranks[0] == game.ranks[1] else (1.0 if game.ranks[0] < game.ranks[1] else 0.0)
            played.setdefault(a, []).append((b, score))
            played.setdefault(b, []).append((a, 1.0 - score))
            done += 1
        before = {}
        for player in played:
            state = states.get(player)
            if state is None:
                before[player] = glicko2.Rating()
            else:
                idle = period - state.last_period - 1
                before[player] = glicko2.idle(glicko2.Rating(state.rating, state.deviation, state.volatility), idle)
        for player, results in played.items():
            games_now = [glicko2.Game(before[o].rating, before[o].deviation, score) for o, score in results]
            rated = glicko2.update(before[player], games_now, tau)
            state = states.get(player) or _new_glicko()
            state = replace(state, rating=rated.rating, deviation=rated.deviation, volatility=rated.volatility)
            state, (w, d, lo) = _tally(state, period, [s for _, s in results], days[player])
            states[player] = state
            history.append(Snapshot(player, period, state, len(results), w, d, lo))
        if progress is not None:
            progress(done)
    return Replay(states, history)


def _ordinal(mu: float, sigma: float) -> float:
    return mu - 3.0 * sigma


def _replay_game_by_game(games: Iterable[GameRow], start: dict[Hashable, State], rate_game, progress=None) -> Replay:
    """Games in period order, each rated at once by ``rate_game(states, game)``, which updates
    ``states`` and returns each player's result in the game (1 a win, 0.5 shared first, 0 else);
    each period then closes with the players' tallies and a snapshot."""
    states = dict(start)
    history: list[Snapshot] = []
    done = 0
    for period, rows in groupby(games, key=lambda g: g.period):
        in_period: dict[Hashable, list[float]] = {}
        days: dict[Hashable, int] = {}
        for game in rows:
            for player in game.players:
                days[player] = max(days.get(player, 0), game.day)
            for player, result in rate_game(states, game):
                in_period.setdefault(player, []).append(result)
            done += 1
        for player, results in in_period.items():
            state, (w, d, lo) = _tally(states[player], period, results, days[player])
            states[player] = state
            history.append(Snapshot(player, period, state, len(results), w, d, lo))
        if progress is not None:
            progress(done)
    return Replay(states, history)


def replay_openskill(games: Iterable[GameRow], start: dict[Hashable, State], progress=None) -> Replay:
    """Tables of three or more (or any number): Plackett–Luce, one game after another."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=OPENSKILL_MU, sigma=OPENSKILL_SIGMA)

    def rate_game(states: dict[Hashable, State], game: GameRow) -> list[tuple[Hashable, float]]:
        teams = []
        for player in game.players:
            state = states.get(player)
            known = state is not None and state.mu is not None
            mu, sigma = (state.mu, state.sigma) if known else (OPENSKILL_MU, OPENSKILL_SIGMA)
            teams.append([model.create_rating([mu, sigma])])
        rated = model.rate(teams, ranks=list(game.ranks))
        best = min(game.ranks)
        results = []
        for player, team, rank in zip(game.players, rated, game.ranks, strict=True):
            mu, sigma = team[0].mu, team[0].sigma
            state = states.get(player) or State(0.0)
            states[player] = replace(state, rating=_ordinal(mu, sigma), deviation=sigma, mu=mu, sigma=sigma)
            shared = sum(1 for r in game.ranks if r == rank)
            results.append((player, (1.0 if shared == 1 else 0.5) if rank == best else 0.0))
        return results

    return _replay_game_by_game(games, start, rate_game, progress)


def replay_ladder(games: Iterable[GameRow], start: dict[Hashable, State], progress=None) -> Replay:
    """Score ladders: a player's best game, compared by its tie-break tuple (score first)."""

    def rate_game(states: dict[Hashable, State], game: GameRow) -> list[tuple[Hashable, float]]:
        results = []
        for index, player in enumerate(game.players):
            score = float(game.scores[index]) if game.scores else 0.0
            key = tuple(game.tiebreaks[index]) if game.tiebreaks else (score,)
            state = states.get(player)
            if state is None or state.best_tiebreak is None or key > tuple(state.best_tiebreak):
                state = replace(state or State(score), rating=score, best_tiebreak=key)
            states[player] = state
            results.append((player, 1.0 if game.ranks[index] == 1 else 0.0))
        return results

    return _replay_game_by_game(games, start, rate_game, progress)
