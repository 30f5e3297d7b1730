"""The AI levels: greedy wins when it can and never hands over a win it can avoid; the search
levels play the endgame exactly (checked against a plain minimax over the engine's own turns)."""

import random
from functools import cache

import pytest

from games.ai.base import Budget, TurnContext
from games.ai.match import play_game
from games.ai.menhirs import GreedyPlayer, SearchPlayer, best_turns, planner, prospect, winning_slides_on
from games.ai.menhirs_search import DRAW, LOSS, WIN, OutOfBudget, Solver, child_of
from games.ai.random_player import RandomPlayer
from games.ai.registry import levels
from games.engines.menhirs import ENGINE
from games.engines.menhirs.board import OPPOSITE, shift
from games.engines.menhirs.rules import LAST_PLY, advance, legal_turns, undo_block, winning_slides
from games.gamelog.validator import validate
from tests.engines.menhirs.helpers import position

ELEVEN = ["a2", "b1", "b2", "c3", "c4", "d2", "d3", "d4", "e2", "e3", "g1"]


def choose(player, state, seed=0):
    return player.choose(TurnContext.at(ENGINE, state, options={}, rng=random.Random(seed)))


def test_the_levels_go_from_weakest_to_strongest():
    assert list(levels("menhirs")) == ["random", "greedy", "planner", "search"]


@pytest.mark.parametrize("player", [GreedyPlayer(), planner(), SearchPlayer()], ids=lambda p: p.level)
def test_every_level_takes_a_win_when_there_is_one(player):
    for seed in range(5):
        state = ENGINE.play(position(ELEVEN, round=5, seat=1), choose(player, position(ELEVEN, round=5, seat=1), seed))
        assert state.winner == 1


@pytest.mark.parametrize("player", [GreedyPlayer(), planner(), SearchPlayer()], ids=lambda p: p.level)
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


@pytest.mark.slow
def test_the_search_level_scores_better_than_greedy():
    points = 0.0
    games = 16
    for number in range(games):
        me = number % 2
        players = [GreedyPlayer(), GreedyPlayer()]
        players[me] = SearchPlayer()
        outcome = play_game(ENGINE, players, seed=2000 + number).outcome
        points += 0.5 if outcome.is_draw else float(outcome.winners == (me,))
    assert points / games >= 0.65  # greedy against greedy: about 0.5, mostly draws


# --- the endgame search ------------------------------------------------------------------------


def random_positions(seeds, *, from_ply=0, options=None):
    """Every position of random games (seeded) from ``from_ply`` on, before the game ends."""
    for seed in seeds:
        rng, state = random.Random(seed), ENGINE.setup(options, seed=seed)
        while not ENGINE.is_over(state):
            if state.ply >= from_ply:
                yield state
            state = advance(state, rng.choice(legal_turns(state)))


def play_to(ply, seed):
    """A position at ``ply`` reached by greedy play (more endgames stay open than in random play)."""
    rng, state = random.Random(seed), ENGINE.setup(seed=seed)
    while state.ply < ply and not state.over:
        state = advance(state, rng.choice(best_turns(state, legal_turns(state))))
    return state


def minimax(state) -> int:
    """The value for the player to act, by the engine's own turns (slow, memoized per test)."""

    @cache
    def value(fog, ply, last):
        position = state.__class__(state.table, fog, ply, state.supply, last)
        if ply >= LAST_PLY:
            return DRAW
        best = LOSS
        for turn in legal_turns(position):
            after = advance(position, turn)
            if after.winner is not None:
                return WIN
            best = max(best, -value(after.fog, after.ply, after.last))
        return best

    return value(state.fog, state.ply, state.last)


@pytest.mark.parametrize("options", [None, {"split_parts_keep_three": True}])
def test_the_search_sees_the_same_turns_as_the_rules(options):
    for state in random_positions(range(6), from_ply=4, options=options):
        solver = Solver(state.table)
        block = undo_block(state)
        assert solver.can_win(state.fog, block) == bool(winning_slides(state))
        expected = set()
        for turn in legal_turns(state):
            after = advance(state, turn)
            if after.winner is None:
                expected.add((after.fog, undo_block(after)))
                assert child_of(state.fog, turn) == (after.fog, undo_block(after))
        assert set(solver.children(state.fog, state.ply, block)) == expected


def test_the_search_values_agree_with_a_plain_minimax():
    greedy_games = [play_to(20, seed) for seed in range(8)]
    seen = set()
    for state in [*random_positions(range(8), from_ply=20), *greedy_games]:
        if state.over:
            continue
        block = undo_block(state)
        solver = Solver(state.table)
        searched = WIN if solver.can_win(state.fog, block) else solver.value(state.fog, state.ply, block)
        assert searched == minimax(state), ENGINE.observe(state, None)["fog"]
        seen.add(searched)
    assert seen == {WIN, DRAW, LOSS}


def test_the_search_level_takes_a_forced_win_that_greedy_does_not_see():
    found = 0
    for seed in range(40):
        state = play_to(19, seed)
        solver = Solver(state.table)
        if state.over or solver.can_win(state.fog, undo_block(state)):
            continue
        if solver.value(state.fog, state.ply, undo_block(state)) != WIN:
            continue
        turn = choose(SearchPlayer(), state, seed)
        assert minimax(ENGINE.play(state, turn)) == LOSS  # the opponent, to act, is lost
        found += 1
        if found == 2:
            break
    assert found


def test_the_search_level_keeps_a_draw_when_it_cannot_win():
    checked = 0
    for seed in range(6):
        state = play_to(20, seed)
        if state.over or minimax(state) != DRAW:
            continue
        after = ENGINE.play(state, choose(SearchPlayer(), state, seed))
        assert after.over or minimax(after) == DRAW
        checked += 1
    assert checked


def test_the_search_stops_when_its_budget_is_spent():
    state = play_to(14, 3)
    solver = Solver(state.table, node_limit=50)
    with pytest.raises(OutOfBudget):
        solver.value(state.fog, state.ply, undo_block(state))
    assert solver.nodes == 51


def test_a_search_level_out_of_budget_plays_like_greedy():
    state = play_to(14, 3)
    player = SearchPlayer(budget=Budget(iterations=50))
    turn = choose(player, state)
    assert not player.searched
    assert turn in best_turns(state, legal_turns(state))


def test_the_search_level_searches_to_the_end_within_its_budget_late_in_the_game():
    state = play_to(18, 3)
    player = SearchPlayer()
    choose(player, state)
    assert player.searched
