"""The AI interface: players choose from their seat's view; games between them replay."""

import pytest

from games.ai import Budget, RandomPlayer, TurnContext
from games.ai.match import play_game
from games.ai.mcts import MCTSPlayer, seat_reward
from games.ai.registry import UnknownLevel, get_player, levels
from games.engines import Outcome
from games.gamelog.validator import validate


def test_every_game_has_a_random_level(misty_nim):
    assert list(levels("misty-nim")) == ["random"]
    assert isinstance(get_player("misty-nim", "random"), RandomPlayer)


def test_an_unknown_level_is_named(misty_nim):
    with pytest.raises(UnknownLevel, match="misty-nim has no AI level 'god'"):
        get_player("misty-nim", "god")


def test_an_ai_game_is_stored_as_a_valid_log_with_its_result(misty_nim):
    played = play_game(misty_nim, [RandomPlayer(), RandomPlayer()], seed=3)
    verdict = validate(played.log)
    assert verdict.valid and verdict.finished
    assert verdict.outcome == played.outcome
    assert played.log.result.ranks == played.outcome.ranks


def test_the_same_seed_plays_the_same_game(misty_nim):
    first = play_game(misty_nim, [RandomPlayer(), RandomPlayer()], seed=11)
    again = play_game(misty_nim, [RandomPlayer(), RandomPlayer()], seed=11)
    assert first.log == again.log


class SpyPlayer(RandomPlayer):
    def __init__(self):
        self.contexts: list[TurnContext] = []

    def choose(self, ctx):
        self.contexts.append(ctx)
        return super().choose(ctx)


def test_players_see_only_their_own_secret(misty_nim):
    spies = [SpyPlayer(), SpyPlayer()]
    play_game(misty_nim, spies, seed=5)
    for seat, spy in enumerate(spies):
        for ctx in spy.contexts:
            assert ctx.seat == seat
            secrets = ctx.view["secrets"]
            assert secrets[seat] is not None
            assert secrets[1 - seat] is None
            assert all(isinstance(view, dict) for view in ctx.history)


def test_seat_reward_counts_ties_as_half():
    assert seat_reward(Outcome.ranked([1, 0]), 0) == 1.0
    assert seat_reward(Outcome.ranked([1, 0]), 1) == 0.0
    assert seat_reward(Outcome.ranked([0, 0]), 1) == 0.5
    assert seat_reward(Outcome.ranked([3, 2, 1]), 1) == 0.5
    assert seat_reward(Outcome.ranked([9], team_won=True), 0) == 1.0


def test_mcts_finds_the_winning_take_in_nim(misty_nim):
    # Pile 5 with takes of 1-3: taking 1 leaves 4, a lost pile for the opponent.
    state = misty_nim.setup(layout={"pile": 5, "secrets": [1, 2]})
    ctx = TurnContext.at(misty_nim, state, budget=Budget(iterations=400))
    assert MCTSPlayer().choose(ctx) == 1


def test_mcts_beats_random_at_nim(misty_nim):
    wins = 0
    for seed in range(20):
        players = [MCTSPlayer(budget=Budget(iterations=150)), RandomPlayer()]
        mcts_seat = seed % 2
        if mcts_seat:
            players.reverse()
        played = play_game(misty_nim, players, seed=seed)
        wins += played.outcome.seats[mcts_seat].rank == 1
    assert wins >= 17


def test_mcts_searches_only_the_candidate_moves_it_is_given(misty_nim):
    state = misty_nim.setup(layout={"pile": 9, "secrets": [1, 2]})
    seen = set()

    def only_take_two(engine, position, legal):
        seen.update(legal)
        return [move for move in legal if move == 2]

    ctx = TurnContext.at(misty_nim, state, budget=Budget(iterations=50))
    player = MCTSPlayer(candidate_moves=only_take_two)
    assert player.choose(ctx) == 2
    assert seen >= {1, 2, 3}
