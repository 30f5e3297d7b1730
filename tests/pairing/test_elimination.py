"""Single and double elimination brackets."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.pairing import (
    EliminationSettings,
    Entrant,
    InvalidSettings,
    PairingUserError,
    bracket,
    bracket_state,
    standard_order,
)

PROPS = settings(max_examples=60, deadline=None)


def field(size):
    return [Entrant(index, seed=index) for index in range(1, size + 1)]


def play_out(built, choose):
    """Report winners until there is a champion; returns (winners, every match played, final state)."""
    winners, played = {}, []
    for _ in range(4 * built.size + 4):
        state = bracket_state(built, winners)
        if state.champion is not None and not state.ready:
            return winners, played, state
        for pairing in state.ready:
            winners[pairing.label] = choose(pairing)
            played.append(pairing)
    raise AssertionError("the bracket never finished")


def chalk(pairing):
    return min(pairing.seats)


def test_the_standard_order_for_eight():
    assert standard_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]


@PROPS
@given(st.integers(2, 40))
def test_byes_go_to_the_top_seeds(size):
    built = bracket(field(size))
    state = bracket_state(built, {})
    walked = sorted(entrant for _, entrant in state.walkovers)
    assert walked == list(range(1, built.size - size + 1))


@PROPS
@given(st.integers(2, 40))
def test_with_expected_results_seed_s_meets_the_mirror_seed_every_round(size):
    built = bracket(field(size))
    _, played, state = play_out(built, chalk)
    remaining = built.size
    by_round = {}
    for pairing in played:
        by_round.setdefault(pairing.label.split("-")[0], []).append(pairing.seats)
    for label in sorted(by_round, key=lambda name: int(name[1:])):
        for high, low in by_round[label]:
            assert high + low == remaining + 1
        remaining //= 2
    assert state.champion == 1


@PROPS
@given(st.integers(2, 40), st.integers(0, 10_000))
def test_seeds_one_and_two_can_only_meet_in_the_final(size, seed):
    rng = random.Random(seed)
    built = bracket(field(size))
    _, played, _ = play_out(built, lambda pairing: rng.choice(pairing.seats))
    for pairing in played:
        if set(pairing.seats) == {1, 2}:
            assert pairing.label == built.matches[-1].id


@PROPS
@given(st.integers(2, 40), st.integers(0, 10_000))
def test_single_elimination_knocks_out_after_one_loss(size, seed):
    rng = random.Random(seed)
    built = bracket(field(size))
    _, played, state = play_out(built, lambda pairing: rng.choice(pairing.seats))
    assert len(played) == size - 1
    assert sorted(state.eliminated) == sorted(set(range(1, size + 1)) - {state.champion})
    assert all(state.losses[entrant] == 1 for entrant in state.eliminated)


def test_the_third_place_match_is_between_the_semifinal_losers():
    built = bracket(field(8), EliminationSettings(third_place=True))
    _winners, played, _ = play_out(built, chalk)
    third = next(pairing for pairing in played if pairing.label == "3P")
    assert third.seats == (3, 4)


@PROPS
@given(st.integers(2, 33), st.integers(0, 10_000))
def test_double_elimination_eliminates_after_exactly_two_losses(size, seed):
    rng = random.Random(seed)
    built = bracket(field(size), EliminationSettings(double=True))
    _, played, state = play_out(built, lambda pairing: rng.choice(pairing.seats))
    assert sorted(state.eliminated) == sorted(set(range(1, size + 1)) - {state.champion})
    assert all(state.losses[entrant] == 2 for entrant in state.eliminated)
    assert state.losses[state.champion] <= 1
    assert 2 * size - 2 <= len(played) <= 2 * size - 1


@PROPS
@given(st.integers(2, 33), st.integers(0, 10_000))
def test_without_a_reset_the_grand_final_loser_may_leave_with_one_loss(size, seed):
    rng = random.Random(seed)
    built = bracket(field(size), EliminationSettings(double=True, grand_final_reset=False))
    _, played, state = play_out(built, lambda pairing: rng.choice(pairing.seats))
    final = next(pairing for pairing in played if pairing.label == "GF")
    runner_up = next(entrant for entrant in final.seats if entrant != state.champion)
    assert all(state.losses[entrant] == 2 for entrant in state.eliminated if entrant != runner_up)
    assert len(played) == 2 * size - 2 or state.losses[runner_up] == 1


@PROPS
@given(st.integers(8, 33), st.integers(0, 10_000))
def test_a_second_round_loser_does_not_meet_its_first_round_victim_when_it_drops(size, seed):
    rng = random.Random(seed)
    built = bracket(field(size), EliminationSettings(double=True))
    _, played, _ = play_out(built, lambda pairing: rng.choice(pairing.seats))
    met_before = Counter()
    for pairing in played:
        if pairing.label.startswith("L2-"):
            assert met_before[frozenset(pairing.seats)] == 0
        met_before[frozenset(pairing.seats)] += 1


def test_the_bracket_reset_is_played_only_when_the_losers_bracket_champion_wins():
    built = bracket(field(4), EliminationSettings(double=True))
    winners, _played, state = play_out(built, chalk)
    assert "GF2" not in winners and state.champion == 1
    upset = {"W1-1": 1, "W1-2": 2, "W2-1": 1, "L1-1": 3, "L2-1": 2, "GF": 2}
    state = bracket_state(built, upset)
    assert [pairing.label for pairing in state.ready] == ["GF2"]
    state = bracket_state(built, {**upset, "GF2": 1})
    assert state.champion == 1 and state.losses[2] == 2


def test_a_reported_winner_who_is_not_in_the_match_is_refused():
    built = bracket(field(4))
    with pytest.raises(PairingUserError, match="not one of its two entrants"):
        bracket_state(built, {"W1-1": 2})


def test_a_third_place_match_in_double_elimination_is_refused():
    with pytest.raises(InvalidSettings):
        EliminationSettings(double=True, third_place=True)


def test_the_bracket_is_json_ready_and_seeds_come_from_the_recorded_lot():
    entrants = [Entrant(name) for name in "abcdef"]
    first = bracket(entrants, seed=4)
    assert first.to_json() == bracket(entrants, seed=4).to_json()
    assert {bracket(entrants, seed=s).seeds for s in range(6)} != {first.seeds}
