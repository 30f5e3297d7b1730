"""The belief over enemy arrangements that the Master and determinize rely on."""

import random

from games.engines.brouillard import ENGINE
from games.engines.brouillard.belief import Belief
from games.engines.brouillard.board import RING, parse_square

from .helpers import position, random_states


def test_the_belief_holds_the_true_arrangement_while_it_is_exact():
    checked = 0
    for seed in range(6):
        states, _ = random_states(seed, turns=20)
        belief = Belief(0, False, particles=400, rng=random.Random(seed))
        for state in states[2:-1]:
            belief.update(ENGINE.observe(state, 0)["events"])
            if belief.exact:
                assert (state.queens[1], state.armies[1]) in belief.worlds
                checked += 1
    assert checked >= 12


def test_every_world_agrees_with_the_shadows_and_the_last_probe():
    states, _ = random_states(11, turns=20)
    belief = Belief(0, False, particles=400, rng=random.Random(1))
    for state in states[2:-1]:
        view = ENGINE.observe(state, 0)
        belief.update(view["events"])
        shadows = sum(1 << parse_square(s) for s in view["shadows"])
        zone = sum(1 << parse_square(s) for s in view["zone"])
        last = view["events"][-1]
        for _, army in belief.worlds:
            assert army & zone == shadows
            assert army.bit_count() == view["pieces_left"][1]
            if last["type"] == "probe" and last["by"] == 0:
                assert (army & RING[parse_square(last["square"])]).bit_count() == last["count"]


def test_a_probe_where_no_enemy_can_be_brings_no_information():
    belief = Belief(0, False, rng=random.Random(0))
    belief.update(ENGINE.observe(position(), 0)["events"])
    worlds = belief.sample(300, random.Random(0))
    gains = belief.probe_gain(worlds)
    assert gains[parse_square("a1")] == 0  # no enemy piece can stand around a1 at the start
    assert gains[parse_square("c6")] > 1.0
    assert max(gains) == max(gains[28:])  # the most informative probes look into the enemy rows


def test_the_belief_learns_which_piece_was_taken_as_a_watcher():
    state = position("d3d5", setups=("Qd1,Wb2,Wd3,Wf2", "Qd7,Wb6,Wd5,Wf6"))
    belief = Belief(0, False, rng=random.Random(0))
    belief.update(ENGINE.observe(state, 0)["events"])
    assert all(not army >> parse_square("d5") & 1 and army.bit_count() == 3 for _, army in belief.worlds)
    assert parse_square("d5") not in belief.queen_odds()
