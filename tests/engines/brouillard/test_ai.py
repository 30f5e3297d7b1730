"""The Brouillard AI levels: legal, honest (views only), and each doing what its level promises."""

import random

import pytest

from games.ai.base import TurnContext
from games.ai.brouillard import LEVELS, Beginner, Intermediate, Master
from games.ai.match import play_game
from games.ai.registry import levels
from games.engines.brouillard import ENGINE
from games.engines.brouillard.board import REACH, parse_square
from games.engines.brouillard.moves import Probe, Step

from .helpers import position, random_states


def context(state, seed=0):
    return TurnContext.at(ENGINE, state, rng=random.Random(seed))


def test_the_levels_are_registered_weakest_first():
    assert list(levels("brouillard")) == ["random", "beginner", "intermediate", "master"]


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_whole_games_with_legal_moves(level):
    played = play_game(ENGINE, [LEVELS[level](), Beginner()], options={"turns": 12}, seed=4)
    assert played.outcome is not None
    assert played.log.moves[0].startswith("Q")


def test_the_intermediate_takes_a_shadow_it_can_see():
    state = position("?a7", "d6d4", setups=("Qd1,Wb2,Wd3,Wf2", "Qd7,Wb6,Wd6,Wf6"))
    move = Intermediate().choose(context(state))
    assert move == Step(parse_square("d3"), parse_square("d4"))


def test_the_intermediate_never_steps_where_a_shadow_could_take_it_without_taking_first():
    player = Intermediate()
    for seed in range(4):
        states, _ = random_states(seed, turns=25)
        for state in states[2:-1]:
            ctx = context(state, seed=seed)
            view = ctx.view
            move = player.choose(ctx)
            shadows = {parse_square(s) for s in view["shadows"]}
            if isinstance(move, Step) and move.target not in shadows:
                assert move.target not in {t for s in shadows for t in REACH[s]}


def test_the_master_takes_the_queen_when_she_is_the_last_piece_in_sight():
    setups = ("Qd1,Wb3,Wd3,Wf3", "Qd7,Wb5,Wd5,Wf5")
    state = position("b3b5", "?a1", "d3d5", "?a2", "f3f5", "d7d6", setups=setups)
    assert state.armies[1].bit_count() == 1
    assert Master(samples=40).choose(context(state)).target == parse_square("d6")


def test_the_master_probes_where_the_answer_is_expected_to_tell_most():
    master = Master(samples=60, probe_weight=100.0)  # make probing always worth it
    state = position("?a1", "b6b5")
    ctx = context(state)
    move = master.choose(ctx)
    assert isinstance(move, Probe)
    belief = master.belief(ctx)
    gains = belief.probe_gain(belief.sample(300, random.Random(1)))
    assert gains[move.square] >= max(gains) - 0.35  # the best square, up to sampling noise


@pytest.mark.parametrize("level", list(LEVELS))
def test_no_level_cheats_two_states_with_the_same_view_give_the_same_choice(level):
    """The AI gets the seat's view only: a state whose hidden enemy differs cannot change its move."""
    for moves in (("?a1", "b6b5"), ("?a1", "b6b5", "b2b3", "f6f5")):
        state = position(*moves)
        twin = ENGINE.determinize(ENGINE.observe(state, 0), random.Random(5))
        assert twin.armies[1] != state.armies[1]
        first = LEVELS[level]().choose(context(state, seed=3))
        second = LEVELS[level]().choose(
            TurnContext(ENGINE, 0, ENGINE.observe(state, 0), ENGINE.legal_moves(twin), {}, rng=random.Random(3))
        )
        assert first == second


@pytest.mark.slow
def test_the_master_moves_its_queen_like_a_watcher():
    """Its think time is measured by the benchmark (python -m bench.brouillard), not here."""
    queen_moves = 0
    for seed in range(3):
        played = play_game(ENGINE, [Master(), Intermediate()], seed=seed)
        setup = played.log.moves[0]
        queen = setup.split(",")[0][1:]
        for text in played.log.moves[2::2]:
            if text[:2] == queen and not text.startswith("?"):
                queen_moves += 1
                queen = text[-2:] if "x" not in text else text.split("x")[1][:2]
    assert queen_moves >= 1


def _score(strong, weak, games, seed):
    total = 0.0
    for game in range(games):
        players = [strong(), weak()] if game % 2 == 0 else [weak(), strong()]
        outcome = play_game(ENGINE, players, seed=seed + game).outcome
        mine, theirs = outcome.ranks if game % 2 == 0 else outcome.ranks[::-1]
        total += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return total / games


@pytest.mark.slow
def test_the_levels_are_ordered():
    assert _score(Intermediate, Beginner, 40, seed=500) > 0.6
    assert _score(Master, Intermediate, 16, seed=700) > 0.6


def test_the_paired_benchmark_plays_each_seed_from_both_seats(monkeypatch):
    import bench.brouillard as bench

    seen = []

    def recording(engine, players, *, seed, **kwargs):
        seen.append((seed, [type(p.player if hasattr(p, "player") else p).__name__ for p in players]))
        return play_game(engine, players, seed=seed, options={"turns": 6}, **kwargs)

    monkeypatch.setattr(bench, "play_game", recording)
    result = bench.match("intermediate", "beginner", 4, seed=30, paired=True)
    assert [seed for seed, _ in seen] == [30, 30, 31, 31]
    assert [names for _, names in seen[:2]] == [["Intermediate", "Beginner"], ["Beginner", "Intermediate"]]
    wins, draws, losses = result["wdl"]
    assert wins + draws + losses == 4
