"""Glicko-2 against Glickman's worked example ("Example of the Glicko-2 system")."""

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from ranking import glicko2
from ranking.glicko2 import Game, Rating


def test_glickmans_worked_example_gives_1464_06_and_151_52():
    player = Rating(1500, 200, 0.06)
    games = [Game(1400, 30, 1), Game(1550, 100, 0), Game(1700, 300, 0)]
    after = glicko2.update(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    player = Rating(1700, 100, 0.06)
    after = glicko2.update(player, [])
    assert after.rating == 1700
    assert after.deviation == pytest.approx(173.7178 * ((100 / 173.7178) ** 2 + 0.06**2) ** 0.5)
    assert glicko2.idle(player, 3).deviation > glicko2.idle(player, 1).deviation


def test_the_deviation_never_grows_beyond_that_of_a_new_player():
    assert glicko2.idle(Rating(1500, 340, 0.06), 1000).deviation == 350


def test_the_order_of_games_in_a_period_does_not_matter():
    ratings = {"a": Rating(1600, 80), "b": Rating(1500, 200), "c": Rating(1400, 50)}
    results = [("a", "b", 1.0), ("b", "c", 0.5), ("c", "a", 0.0)]
    forward = glicko2.rate_period(ratings, results)
    backward = glicko2.rate_period(ratings, list(reversed(results)))
    assert forward == backward


@given(
    st.floats(1000, 2500),
    st.floats(30, 350),
    st.lists(st.tuples(st.floats(1000, 2500), st.floats(30, 350), st.sampled_from([0.0, 0.5, 1.0])), min_size=1),
)
@example(2470.0, 350.0, [(1000.0, 30.0, 0.0)])  # a surprise at the ceiling: 350.0006 before the cap
def test_a_period_with_games_never_widens_the_deviation_beyond_the_idle_one(rating, deviation, games):
    player = Rating(rating, deviation)
    after = glicko2.update(player, [Game(r, d, s) for r, d, s in games])
    # A surprise may raise the volatility, but games always narrow what idling would give.
    assert after.deviation <= glicko2.idle(Rating(rating, deviation, after.volatility)).deviation + 1e-9
    wins_only = all(s == 1.0 for _, _, s in games)
    if wins_only:
        assert after.rating > rating
