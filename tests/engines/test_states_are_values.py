"""Playing a move never changes the state it was played on: the site keeps replayed states in a
cache (games/live_states.py) and hands the same state to several readers, which is only right if
every engine treats its states as values."""

from __future__ import annotations

import pickle
import random

import pytest

from games.engines import all_engines

ENGINES = list(all_engines())


@pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.info.slug)
def test_play_leaves_the_state_it_was_given_unchanged(engine):
    for seed in range(3):
        rng = random.Random(seed)
        seats = engine.info.min_seats if seed != 2 else min(engine.info.max_seats, engine.info.min_seats + 2)
        state = engine.setup(engine.normalize_options({}), seats=seats, seed=seed)
        for _ in range(80):
            if engine.to_move(state) is None:
                break
            before = pickle.dumps(state)
            moves = list(engine.legal_moves(state))
            for move in rng.sample(moves, min(3, len(moves))):  # several moves from one state
                engine.play(state, move)
                assert pickle.dumps(state) == before, f"{engine.info.slug}: play changed its input state"
            state = engine.play(state, rng.choice(moves))
