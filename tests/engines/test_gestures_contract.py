"""Every engine that lets a person play by clicking offers one right gesture per move it offers."""

from __future__ import annotations

import random
import re

import pytest

from games.engines import all_engines
from games.engines.gestures import Gesture, Placement, PlacementStep, gesture_problems, placement_problems, svg_targets

ENGINES = [engine for engine in all_engines()]


# Games walked per engine beyond its defaults with the fewest seats: (options, seats).
OPTION_SETS = {
    "fog": [
        ({}, 2),
        ({}, 4),
        ({"enhanced_movements": True, "guardians": "B", "drive_off": "advanced"}, 2),
        ({"missions": "both", "events": "on", "guardians": "A", "rescue_the_leaders": True}, 3),
    ],
    "mists": [
        ({"spell_circles": True}, 1),
        ({"level": 2, "spell_circles": True}, 2),
        ({"level": 3}, 3),
        ({"level": 5, "spell_circles": True}, 2),
        ({"level": 6}, 5),
    ],
}


def _positions(engine, games: int = 3, plies: int = 60):
    """Views of the seat to move along a few random games (each seat sees its own view)."""
    sets = [({}, engine.info.min_seats), *OPTION_SETS.get(engine.info.slug, [])]
    for number in range(games * len(sets)):
        options, seats = sets[number % len(sets)]
        rng = random.Random(number)
        state = engine.setup(engine.normalize_options(options), seats=seats, seed=number)
        for _ in range(plies):
            seat = engine.to_move(state)
            if seat is None:
                break
            yield engine.observe(state, seat)
            state = engine.play(state, rng.choice(list(engine.legal_moves(state))))


@pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.info.slug)
def test_gestures_cover_the_offered_moves_exactly(engine):
    for view in _positions(engine):
        gestures = engine.move_gestures(view)
        if not gestures:
            continue  # this engine (or this position) offers only the typed notation
        problems = gesture_problems(gestures, engine.player_moves(view), engine.render_svg(view))
        assert not problems, problems


def test_gesture_problems_finds_missing_moves_unknown_targets_and_unlabelled_twins():
    svg = '<svg><rect data-target="a1"/><rect data-target="b2"/></svg>'
    assert svg_targets(svg) == {"a1", "b2"}
    good = [Gesture("a1b2", ("a1", "b2")), Gesture("pass", (), "Pass")]
    assert gesture_problems(good, ["a1b2", "pass"], svg) == []
    assert gesture_problems(good, ["a1b2", "pass", "b2a1"], svg)  # a move with no gesture
    assert gesture_problems([Gesture("a1c3", ("a1", "c3"))], ["a1c3"], svg)  # c3 is not on the board
    twins = [Gesture("a1b2=N", ("a1", "b2")), Gesture("a1b2=S", ("a1", "b2"))]
    assert gesture_problems(twins, ["a1b2=N", "a1b2=S"], svg)  # same clicks, no labels
    labelled = [Gesture("a1b2=N", ("a1", "b2"), "north"), Gesture("a1b2=S", ("a1", "b2"), "south")]
    assert gesture_problems(labelled, ["a1b2=N", "a1b2=S"], svg) == []
    assert gesture_problems([Gesture("pass")], ["pass"], svg)  # a button needs a label


@pytest.mark.parametrize("engine", ENGINES, ids=lambda engine: engine.info.slug)
def test_a_placement_names_board_targets_and_every_way_of_filling_it_is_a_legal_move(engine):
    """A move made by placing pieces (a secret setup) is composed by the page: every composition
    of distinct targets the placement allows is a move the referee accepts, and every offered
    move can be composed (so nobody is forced to type)."""
    rng = random.Random(11)
    placed = 0
    for view in _positions(engine, games=1, plies=4):
        placement = engine.move_placement(view)
        if placement is None:
            continue
        placed += 1
        assert placement_problems(placement, engine.render_svg(view)) == []
        offered = {engine.parse_player_move(view, move) for move in engine.player_moves(view)}
        allowed = [set(step.targets) for step in placement.steps for _ in range(step.count)]
        for _ in range(200):
            picks = []
            for targets in allowed:
                picks.append(rng.choice(sorted(targets - set(picks))))
            assert engine.parse_player_move(view, placement.compose(picks)) in offered
        named = set(placement.names.values())
        for move in rng.sample(engine.player_moves(view), 50):
            assert set(re.findall(r"[a-z]\d+", move)) <= named, move
    assert placed or engine.info.slug != "brouillard"  # Brouillard's setups are placed by clicking


def test_placement_problems_finds_targets_off_the_board_and_a_template_that_drops_a_pick():
    svg = '<svg><rect data-target="s-a1"/><rect data-target="s-b1"/></svg>'
    step = PlacementStep("Q", "your Queen", 1, ("s-a1", "s-b1"))
    names = {"s-a1": "a1", "s-b1": "b1"}
    assert placement_problems(Placement((step,), names, "Q{Q0}"), svg) == []
    assert Placement((step,), names, "Q{Q0}").compose(["s-b1"]) == "Qb1"
    assert placement_problems(Placement((step,), names, "Q"), svg)  # the pick is never written
    off = PlacementStep("Q", "your Queen", 1, ("s-c9",))
    assert placement_problems(Placement((off,), {"s-c9": "c9"}, "Q{Q0}"), svg)
    two = PlacementStep("W", "your Watchers", 3, ("s-a1", "s-b1"))
    assert placement_problems(Placement((two,), names, "W{W0}{W1}{W2}"), svg)  # 3 pieces, 2 squares
