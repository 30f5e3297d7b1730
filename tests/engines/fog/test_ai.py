"""The FOG AI levels: registered weakest first, legal, and stronger than the level below."""

import random

import pytest

from games.ai.base import TurnContext
from games.ai.fog import SearchPlayer, colour_value
from games.ai.match import play_game
from games.ai.registry import get_player, levels
from tests.engines.fog.positions import ENGINE, arrange


def context(state, seed=0):
    return TurnContext.at(ENGINE, state, rng=random.Random(seed))


def test_levels_are_random_greedy_search():
    assert list(levels("fog")) == ["random", "greedy", "search"]


def test_the_evaluation_prefers_islanders_nearer_the_boats():
    near = arrange({"J3": ("bE1", "black")})
    far = arrange({"D3": ("bE1", "black")})
    assert colour_value(near, 0) > colour_value(far, 0)


@pytest.mark.parametrize("level", ["greedy", "search"])
def test_a_level_boards_an_islander_it_can_reach(level):
    state = arrange({"P1": ("bS3", "black"), "D3": ("bE1", "black")})
    move = get_player("fog", level).choose(context(state))
    assert ENGINE.move_to_text(state, move) in {"P1-bBl", "P1-bBr"}


@pytest.mark.parametrize("level", ["greedy", "mcts", "search"])
def test_each_level_plays_a_legal_game(level):
    player = SearchPlayer(level="mcts") if level == "mcts" else get_player("fog", level)
    players = [player, get_player("fog", "random")]
    game = play_game(ENGINE, players, seed=3)
    assert game.outcome is not None and len(game.log.moves) > 32


@pytest.mark.slow
def test_search_beats_three_random_players_most_of_the_time():
    wins = 0
    for seed in range(10):
        players = [get_player("fog", "search")] + [get_player("fog", "random") for _ in range(3)]
        wins += play_game(ENGINE, players, seed=seed).outcome.ranks[0] == 1
    assert wins >= 8


@pytest.mark.slow
def test_search_scores_more_than_greedy_in_solo():
    greedy = [play_game(ENGINE, [get_player("fog", "greedy")], seed=s).outcome.scores[0] for s in range(3)]
    search = [play_game(ENGINE, [get_player("fog", "search")], seed=s).outcome.scores[0] for s in range(3)]
    assert sum(search) / 3 > sum(greedy) / 3
