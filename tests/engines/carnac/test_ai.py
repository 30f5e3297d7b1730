"""Carnac AI levels: registered weakest first, legal, sensible, and stronger than random."""

import random

import pytest

from games.ai.base import Budget, TurnContext
from games.ai.carnac import Groups, evaluate, move_values
from games.ai.match import play_game
from games.ai.registry import get_player, levels
from games.engines.carnac import play
from games.engines.carnac.moves import DECLINE, RED, WHITE
from tests.engines.carnac.positions import ENGINE, build, play_texts


def context(state, budget=None, seed=0):
    return TurnContext.at(ENGINE, state, budget=budget, rng=random.Random(seed))


def white_about_to_complete_a_dolmen():
    """White lies on b1-c1 and has just stood d1 (white on top); Red (seat 1) must decide."""
    state = play_texts(build(["a1 w e"]), ["d1wn"])
    assert ENGINE.to_move(state) == 0 and state.colour_of(0) == RED and state.pending
    return state


def test_levels_are_random_greedy_mcts_weakest_first():
    assert list(levels("carnac")) == ["random", "greedy", "mcts"]


def test_the_evaluation_counts_dolmens_pairs_and_the_largest_dolmen():
    state = build(["a1 w e", "d1 w", "a5 r e"])  # white 3 (b1-d1), red pair (b5-c5)
    assert evaluate(state, WHITE) == pytest.approx(1 - 0.3 + 0.03)
    assert evaluate(state, RED) == pytest.approx(-evaluate(state, WHITE))


def test_the_quick_placement_values_match_a_full_evaluation_after_each_reply():
    state = build(["a1 w e", "d1 w", "a5 r e", "h3 r"])
    colour = state.colour_of(state.to_move)
    moves = ENGINE.legal_moves(state)
    for move, value in zip(moves, move_values(state, moves)):
        after = play.apply(state, move)
        replies = [evaluate(play.apply(after, reply), colour) for reply in after.pending] or [evaluate(after, colour)]
        assert value == pytest.approx(min(replies))


def test_groups_score_added_symbols_by_the_groups_they_join():
    state = build(["a1 w e", "e1 w"])  # white pair b1-c1, white single e1
    groups = Groups(state)
    d1 = state.board.parse_square("d1")
    assert groups.value_with((d1,), WHITE, WHITE) == pytest.approx(1 + 0.04)  # one white dolmen of 4
    assert groups.value_with((d1,), RED, WHITE) == pytest.approx(0.3)  # the pair stays a pair


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_the_ai_tilts_away_a_megalith_that_would_complete_the_opponents_dolmen(level):
    state = white_about_to_complete_a_dolmen()
    move = get_player("carnac", level).choose(context(state, Budget(iterations=60)))
    assert move in ENGINE.legal_moves(state)
    assert move != DECLINE


@pytest.mark.parametrize("level", ["greedy", "mcts"])
def test_the_ai_plays_legal_moves_through_a_whole_small_game(level):
    players = [get_player("carnac", level), get_player("carnac", "random")]
    game = play_game(ENGINE, players, options={"board": "small"}, seed=3, budget=Budget(iterations=20))
    assert game.outcome is not None
    from games.gamelog.validator import validate

    assert validate(game.log).valid


@pytest.mark.slow
@pytest.mark.parametrize(("level", "games", "wins_needed"), [("greedy", 20, 19), ("mcts", 10, 10)])
def test_the_ai_beats_random_play(level, games, wins_needed):
    wins = 0
    for game in range(games):
        seat = game % 2
        players = [get_player("carnac", "random"), get_player("carnac", "random")]
        players[seat] = get_player("carnac", level)
        outcome = play_game(ENGINE, players, seed=1000 + game, budget=Budget(iterations=60)).outcome
        wins += seat in outcome.winners and not outcome.is_draw
    assert wins >= wins_needed
