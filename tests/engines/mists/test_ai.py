"""The AI levels: registered weakest first, legal choices from views only, whole games to the end."""

import random

import pytest

from games.ai.base import Budget, TurnContext
from games.ai.match import play_game
from games.ai.mists import GreedyPlayer, MistsSearchPlayer, evaluate
from games.ai.registry import get_player, levels
from games.engines.mists import ENGINE
from tests.engines.mists.positions import game, hold, meeple, play


def context(state, rng_seed=0, budget=None):
    options = {"level": state.level.level, "spell_circles": state.spell_circles}
    return TurnContext.at(ENGINE, state, options=options, budget=budget, rng=random.Random(rng_seed))


def test_the_levels_are_random_greedy_search_weakest_first():
    assert list(levels("mists")) == ["random", "greedy", "search"]


def test_greedy_calms_two_ghosts_rather_than_score_two_points_but_takes_the_winning_points():
    state = meeple(game(), 0, 0, "r", 0, "red")
    state = play(hold(state, "L28"), "0,-1@180")
    assert ENGINE.move_to_text(state, GreedyPlayer().choose(context(state))) == "calm:1,0"
    state.score = state.scores[0] = 48
    assert ENGINE.move_to_text(state, GreedyPlayer().choose(context(state))) == "score"


def test_greedy_closes_a_mist_bank_when_it_can():
    state = hold(game(), "L27")  # one placement closes the north-east mist and frees two ghosts
    move = GreedyPlayer().choose(context(state))
    assert ENGINE.move_to_text(state, move) == "1,-1@180"


def test_the_evaluation_prefers_ghosts_in_the_supply():
    state = game()
    richer = state.clone()
    richer.supply += 2
    richer.ghosts[(1, 0, 0)] -= 2
    assert evaluate(richer) > evaluate(state)


def test_search_chooses_a_legal_move_from_the_view_alone():
    state = hold(game(), "L27")
    player = MistsSearchPlayer(level="search", budget=Budget(iterations=12), keep=3)
    move = player.choose(context(state))
    assert move in ENGINE.legal_moves(state)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["greedy", "search"])
def test_ai_levels_play_whole_games_that_replay(level):
    played = play_game(ENGINE, [get_player("mists", level), get_player("mists", level)], seed=3, options={"level": 2})
    assert played.outcome is not None and played.outcome.ranks == (1, 1)
