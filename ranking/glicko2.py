"""Glicko-2, as Mark Glickman describes it in "Example of the Glicko-2 system" (2013).

Pure Python, no Django. One call updates one player over one rating period from the games of
that period; a player who did not play only sees their deviation grow (step 6 of the paper).
The volatility is found with the Illinois variant of regula falsi the paper gives (step 5); the
``glicko2`` package on PyPI uses an older Newton iteration that drifts from the published figures.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

SCALE = 173.7178  # the paper's conversion factor between the Glicko and Glicko-2 scales
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
DEFAULT_TAU = 0.5  # the system constant; the paper suggests 0.3 to 1.2
CONVERGENCE = 0.000001
PI_SQUARED = math.pi**2


@dataclass(frozen=True)
class Rating:
    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


@dataclass(frozen=True)
class Game:
    """One game of the period as the player saw it: the opponent's rating before the period."""

    opponent_rating: float
    opponent_deviation: float
    score: float  # 1 win, 0.5 draw, 0 loss


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / PI_SQUARED)


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))


def _new_volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the root of f with the Illinois algorithm, bracketed as the paper says."""
    a = math.log(sigma * sigma)
    delta2, phi2 = delta * delta, phi * phi
    tau2 = tau * tau

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta2 - phi2 - v - ex) / (2.0 * (phi2 + v + ex) ** 2) - (x - a) / tau2

    upper_a = a
    if delta2 > phi2 + v:
        upper_b = math.log(delta2 - phi2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        upper_b = a - k * tau
    f_a, f_b = f(upper_a), f(upper_b)
    while abs(upper_b - upper_a) > CONVERGENCE:
        c = upper_a + (upper_a - upper_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            upper_a, f_a = upper_b, f_b
        else:
            f_a /= 2.0
        upper_b, f_b = c, f_c
    return math.exp(upper_a / 2.0)


def idle(player: Rating, periods: int = 1) -> Rating:
    """A player who did not play for ``periods`` periods: only the deviation grows (step 6)."""
    if periods <= 0:
        return player
    phi = player.deviation / SCALE
    phi = math.sqrt(phi * phi + periods * player.volatility * player.volatility)
    return Rating(player.rating, min(phi * SCALE, DEFAULT_DEVIATION), player.volatility)


def update(player: Rating, games: Iterable[Game], tau: float = DEFAULT_TAU) -> Rating:
    """The player's rating after one rating period with these games (steps 1 to 8)."""
    games = list(games)
    if not games:
        return idle(player)
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    inverse_v = 0.0
    improvement = 0.0
    for game in games:
        mu_j = (game.opponent_rating - DEFAULT_RATING) / SCALE
        g_j = _g(game.opponent_deviation / SCALE)
        e_j = _expected(mu, mu_j, g_j)
        inverse_v += g_j * g_j * e_j * (1.0 - e_j)
        improvement += g_j * (game.score - e_j)
    v = 1.0 / inverse_v
    delta = v * improvement
    sigma = _new_volatility(delta, phi, v, player.volatility, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    # No deviation above a new player's, as idling has it: a surprise that raises the volatility
    # could otherwise leave a nearly unknown player less known after playing than before.
    return Rating(new_mu * SCALE + DEFAULT_RATING, min(new_phi * SCALE, DEFAULT_DEVIATION), sigma)


def rate_period(
    ratings: dict[object, Rating], results: Iterable[tuple[object, object, float]], tau: float = DEFAULT_TAU
) -> dict[object, Rating]:
    """New ratings of everyone who played in one period; ``results`` are (a, b, score of a).

    Every game uses the ratings from before the period, so the order of games never matters.
    Players missing from ``ratings`` start at the defaults.
    """
    games: dict[object, list[Game]] = {}
    for a, b, score in results:
        ra, rb = ratings.get(a) or Rating(), ratings.get(b) or Rating()
        games.setdefault(a, []).append(Game(rb.rating, rb.deviation, score))
        games.setdefault(b, []).append(Game(ra.rating, ra.deviation, 1.0 - score))
    return {player: update(ratings.get(player) or Rating(), played, tau) for player, played in games.items()}
