"""Rebuilding a state from a view, for every engine and every option set.

Perfect information: ``determinize(observe(s, seat), rng)`` is ``s`` itself, for every seat and
the spectator. Hidden information: the rebuilt state gives the seat the same turn and the same
legal moves (they depend only on what the seat sees). Each option's values are enumerated (all
combinations when there are few, else one option at a time); options holding a data file are
left at their default.
"""

from __future__ import annotations

import itertools
import random

import pytest

from games.engines import EngineError, all_engines
from games.engines.info import OptionSpec

MAX_PRODUCT = 64


def option_values(spec: OptionSpec) -> list:
    if spec.choices is not None:
        return list(spec.choices)
    if isinstance(spec.default, bool):
        return [False, True]
    if isinstance(spec.default, int | float) and spec.minimum is not None and spec.maximum is not None:
        return sorted({type(spec.default)(spec.minimum), spec.default, type(spec.default)(spec.maximum)})
    return [spec.default]


def option_sets(engine) -> list[dict]:
    specs = [spec for spec in engine.info.options if spec.file_format is None]
    values = {spec.name: option_values(spec) for spec in specs}
    product = 1
    for choices in values.values():
        product *= len(choices)
    if product <= MAX_PRODUCT:
        candidates = [dict(zip(values, combo)) for combo in itertools.product(*values.values())]
    else:
        candidates = [{}] + [
            {name: v} for name, choices in values.items() for v in choices if v != _default(engine, name)
        ]
    out = []
    for options in candidates:
        try:
            out.append(engine.normalize_options(options))
        except EngineError:
            continue  # options that do not go together
    return out


def _default(engine, name):
    return next(spec.default for spec in engine.info.options if spec.name == name)


def states_of_a_random_game(engine, options: dict, seed: int, every: int):
    rng = random.Random(seed)
    seats = max(engine.info.min_seats, min(2, engine.info.max_seats))
    try:
        state = engine.setup(options, seats=seats, seed=seed)
    except EngineError:
        return
    for ply in range(5000):
        if ply % every == 0 or engine.to_move(state) is None:
            yield state
        if engine.to_move(state) is None:
            return
        moves = engine.legal_moves(state)
        state = engine.play(state, moves[rng.randrange(len(moves))])


PERFECT = [e for e in all_engines() if not e.info.hidden_information]
HIDDEN = [e for e in all_engines() if e.info.hidden_information]


def cases(engines, *, slow_beyond_defaults=False):
    """One case per option set; with ``slow_beyond_defaults`` only the defaults run in the quick suite."""
    return [
        pytest.param(
            e, options, id=f"{e.info.slug}-{i}", marks=[pytest.mark.slow] if slow_beyond_defaults and i else []
        )
        for e in engines
        for i, options in enumerate(option_sets(e))
    ]


@pytest.mark.parametrize(("engine", "options"), cases(PERFECT))
def test_a_perfect_information_state_is_rebuilt_exactly_from_any_view(engine, options):
    checked = 0
    for state in states_of_a_random_game(engine, options, seed=1, every=3):
        for seat in [*range(engine.seat_count(state)), None]:
            rebuilt = engine.determinize(engine.observe(state, seat), random.Random(7))
            assert rebuilt == state, f"{options}: seat {seat} at {engine.observe(state, None)}"
            checked += 1
    assert checked


@pytest.mark.parametrize(("engine", "options"), cases(HIDDEN, slow_beyond_defaults=True))
def test_a_state_rebuilt_from_a_seats_view_gives_it_the_same_turn_and_moves(engine, options):
    for state in states_of_a_random_game(engine, options, seed=1, every=9):
        seat = engine.to_move(state)
        if seat is None:
            continue
        view = engine.observe(state, seat)
        offered = sorted(engine.player_moves(view))
        for sample in (1, 2):
            rebuilt = engine.determinize(view, random.Random(sample))
            assert engine.to_move(rebuilt) == seat
            assert sorted(engine.player_move_text(view, m) for m in engine.legal_moves(rebuilt)) == offered


def test_menhirs_views_carry_the_strict_split_rule_so_a_rebuilt_state_keeps_it():
    from games.engines import get_engine

    engine = get_engine("menhirs")
    state = engine.setup({"split_parts_keep_three": True}, seed=3)
    view = engine.observe(state, 0)
    assert view["options"]["split_parts_keep_three"] is True
    assert engine.determinize(view, random.Random(0)).table.split_parts_keep_three is True
