"""Every registered engine, and the test game, keep the engine contract over random games."""

import json

import pytest

from games.engines import all_engines, get_engine, register, unregister
from games.engines.conformance import check_move_after_end_is_refused, random_game
from games.gamelog import GameLog, Seat
from games.gamelog.validator import validate
from tests.toygame import ENGINE as NIM


@pytest.fixture(autouse=True)
def toy_game_registered():
    register(NIM)
    yield
    unregister(NIM.info.slug)


def engines_under_test():
    return [NIM, *[e for e in all_engines() if e.info.slug != NIM.info.slug]]


@pytest.mark.parametrize("engine", engines_under_test(), ids=lambda e: e.info.slug)
def test_random_games_keep_the_contract_and_replay_through_the_validator(engine):
    for seed in range(3):
        seats = engine.info.min_seats if engine.info.min_seats >= 2 else max(2, engine.info.min_seats)
        seats = min(seats, engine.info.max_seats)
        first, moves, last = random_game(engine, seats=seats, seed=seed, check_players=True)
        log = GameLog(
            game=engine.info.slug,
            options=engine.normalize_options({}),
            seats=tuple(Seat(name=f"P{i + 1}") for i in range(engine.seat_count(first))),
            layout=engine.layout(first),
            moves=tuple(moves),
        )
        verdict = validate(log)
        assert verdict.valid, verdict.summary
        assert verdict.finished
        assert verdict.outcome == engine.outcome(last)
        legal_somewhere = engine.legal_moves(first)[0]
        check_move_after_end_is_refused(engine, last, legal_somewhere)


@pytest.mark.parametrize("engine", engines_under_test(), ids=lambda e: e.info.slug)
def test_info_is_json_safe_and_defaults_are_valid_options(engine):
    json.dumps(engine.info.to_json())
    defaults = engine.normalize_options({})
    assert set(defaults) == {spec.name for spec in engine.info.options}
    assert get_engine(engine.info.slug) is engine
