"""The AI levels: greedy wins when it can and never hands over a win it can avoid; search on top."""

import random

import pytest

from games.ai.base import TurnContext
from games.ai.match import play_game
from games.ai.menhirs import GreedyPlayer, PlannerPlayer, SearchPlayer, prospect, winning_slides_on
from games.ai.random_player import RandomPlayer
from games.ai.registry import levels
from games.engines.menhirs import ENGINE
from games.engines.menhirs.board import OPPOSITE, shift
from games.engines.menhirs.rules import winning_slides
from games.gamelog.validator import validate
from tests.engines.menhirs.helpers import position

ELEVEN = ["a2", "b1", "b2", "c3", "c4", "d2", "d3", "d4", "e2", "e3", "g1"]


def choose(player, state, seed=0):
    seat = ENGINE.to_move(state)
    ctx = TurnContext(
        engine=ENGINE,
        seat=seat,
        view=ENGINE.observe(state, seat),
        legal_moves=ENGINE.legal_moves(state),
        options={},
        rng=random.Random(seed),
    )
    return player.choose(ctx)


def test_the_levels_go_from_weakest_to_strongest():
    assert list(levels("menhirs")) == ["random", "greedy", "planner", "mcts"]


@pytest.mark.parametrize("player", [GreedyPlayer(), PlannerPlayer(), SearchPlayer()], ids=lambda p: p.level)
def test_every_level_takes_a_win_when_there_is_one(player):
    for seed in range(5):
        state = ENGINE.play(position(ELEVEN, round=5, seat=1), choose(player, position(ELEVEN, round=5, seat=1), seed))
        assert state.winner == 1


@pytest.mark.parametrize("player", [GreedyPlayer(), PlannerPlayer(), SearchPlayer()], ids=lambda p: p.level)
def test_no_level_hands_the_opponent_a_winning_move_when_it_can_avoid_it(player):
    # a1 and g1 are covered by lone tiles: sliding either away leaves one Menhir for the opponent.
    for round_number in (5, 9):
        state = position(["a1", "c3", "e2", "g1"], round=round_number)
        for seed in range(8):
            after = ENGINE.play(state, choose(player, state, seed))
            assert not winning_slides(after), ENGINE.move_to_text(state, after.last)


def test_greedy_still_moves_when_every_move_hands_over():
    state = position(["a1", "g1"], round=5)  # every slide uncovers a1 or g1
    move = choose(GreedyPlayer(), state)
    assert move in ENGINE.legal_moves(state) and prospect(state, move).hands_over


def test_a_threat_is_a_position_whose_only_winning_slide_is_my_own_slide_reversed():
    found = 0
    for seed in range(40):  # random games until some turn makes a threat
        rng, state = random.Random(seed), ENGINE.setup(seed=seed)
        while not ENGINE.is_over(state) and not found:
            moves = ENGINE.legal_moves(state)
            threats = [m for m in moves if prospect(state, m).threats and not prospect(state, m).hands_over]
            if threats:
                move = threats[0]
                after = ENGINE.play(state, move)
                assert not winning_slides(after)  # the opponent cannot win...
                back = (shift(move.part, move.direction), OPPOSITE[move.direction])
                assert winning_slides_on(after.fog, after.table.menhirs) == [back]  # ...only sliding back would
                found += 1
            state = ENGINE.play(state, rng.choice(moves))
        if found:
            break
    assert found


def test_an_ai_game_makes_a_valid_log():
    game = play_game(ENGINE, [SearchPlayer(), GreedyPlayer()], seed=4)
    assert game.outcome is not None and validate(game.log).valid


@pytest.mark.slow
def test_the_search_level_beats_random_in_most_games():
    wins = 0
    for number in range(20):
        me = number % 2
        players = [RandomPlayer(), RandomPlayer()]
        players[me] = SearchPlayer()
        wins += play_game(ENGINE, players, seed=1000 + number).outcome.winners == (me,)
    assert wins >= 18
