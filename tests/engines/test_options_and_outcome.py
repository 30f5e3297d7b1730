"""Options are checked against the game's schema; outcomes rank seats as competitions do."""

import pytest

from games.engines import InvalidOptions, Outcome, UnknownGame, get_engine, ranks_from_keys
from games.engines.info import OptionSpec


def test_ranks_from_keys_share_ranks_on_ties():
    assert ranks_from_keys([3, 5, 5, 1]) == (3, 1, 1, 4)
    assert ranks_from_keys([(2, 8, 6), (2, 8, 5)]) == (1, 2)


def test_an_outcome_ranked_by_tiebreak_tuples():
    outcome = Outcome.ranked([5, 5], [(5, 8, 5), (5, 8, 6)], reason="white's second dolmen is larger")
    assert outcome.ranks == (2, 1)
    assert outcome.winners == (1,)
    assert not outcome.is_draw


def test_a_draw_has_every_seat_first():
    outcome = Outcome.ranked([0, 0])
    assert outcome.is_draw and outcome.winners == (0, 1)


def test_a_lost_cooperative_game_has_no_winners():
    outcome = Outcome.ranked([40, 40], team_won=False)
    assert outcome.winners == ()
    assert not outcome.is_draw


@pytest.mark.parametrize(
    ("spec", "value", "message"),
    [
        (OptionSpec("board", "medium", choices=("small", "medium")), "huge", "must be one of 'small', 'medium'"),
        (OptionSpec("turns", 40, minimum=10, maximum=80), 5, "at least 10"),
        (OptionSpec("turns", 40, minimum=10, maximum=80), 40.5, "whole number"),
        (OptionSpec("turns", 40), "40", "must be a number"),
        (OptionSpec("turns", 40), True, "must be a number"),
        (OptionSpec("bonus", False), "yes", "true or false"),
    ],
)
def test_option_values_are_checked(spec, value, message):
    with pytest.raises(InvalidOptions, match=message):
        spec.coerce(value)


def test_defaults_fill_missing_options(misty_nim):
    assert misty_nim.normalize_options({"take_max": 2}) == {"take_max": 2, "pile": "random"}


def test_unknown_games_are_named_with_the_known_ones(misty_nim):
    with pytest.raises(UnknownGame, match=r"known games: .*misty-nim"):
        get_engine("chess")


def test_setup_from_a_seed_is_reproducible(misty_nim):
    first = misty_nim.setup(seed=7)
    again = misty_nim.setup(seed=7)
    assert misty_nim.layout(first) == misty_nim.layout(again)
    assert misty_nim.setup(layout=misty_nim.layout(first)) == first
