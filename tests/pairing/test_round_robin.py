"""Round robin by Berger tables."""

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.pairing import Entrant, InvalidSettings, RoundRobinSettings, TooFewEntrants, berger_rounds, round_robin

# FIDE Handbook C.05 Annex 1, Berger table for 5 or 6 players (first-named plays white / first).
FIDE_SIX = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
FIDE_EIGHT_ROUND_TWO = [(8, 5), (6, 4), (7, 3), (1, 2)]


def test_the_fide_berger_table_for_six_players_is_reproduced():
    assert berger_rounds(6) == FIDE_SIX


def test_the_fide_berger_table_for_eight_players_round_two_is_reproduced():
    assert berger_rounds(8)[1] == FIDE_EIGHT_ROUND_TWO


def field(size):
    return [Entrant(f"p{index}", seed=index) for index in range(1, size + 1)]


def meetings(schedule):
    return Counter(frozenset(pairing.seats) for rnd in schedule.rounds for pairing in rnd.pairings)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 17))
def test_a_single_round_robin_meets_every_pair_exactly_once(size):
    schedule = round_robin(field(size))
    every_pair = {frozenset(pair) for pair in itertools.combinations([e.id for e in field(size)], 2)}
    assert meetings(schedule) == Counter({pair: 1 for pair in every_pair})
    assert len(schedule.rounds) == size - 1 + size % 2


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 15))
def test_a_double_round_robin_meets_every_pair_twice_once_in_each_seat(size):
    schedule = round_robin(field(size), RoundRobinSettings(cycles=2))
    seats = Counter(pairing.seats for rnd in schedule.rounds for pairing in rnd.pairings)
    for a, b in itertools.combinations([e.id for e in field(size)], 2):
        assert seats[(a, b)] == 1 and seats[(b, a)] == 1


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 17))
def test_every_entrant_plays_once_per_round_or_has_the_bye(size):
    for rnd in round_robin(field(size)).rounds:
        seated = rnd.paired_ids() + [bye.entrant for bye in rnd.byes]
        assert sorted(seated) == sorted(e.id for e in field(size))
        assert len(rnd.byes) == size % 2


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 16), st.sampled_from([1, 2]))
def test_first_player_is_balanced_and_never_three_times_in_a_row(size, cycles):
    history = {e.id: [] for e in field(size)}
    for rnd in round_robin(field(size), RoundRobinSettings(cycles=cycles)).rounds:
        for pairing in rnd.pairings:
            history[pairing.seats[0]].append(0)
            history[pairing.seats[1]].append(1)
    for seats in history.values():
        balance = seats.count(0) - seats.count(1)
        assert abs(balance) <= (1 if cycles == 1 else 0)
        if cycles == 2:
            assert not any(seats[k] == seats[k + 1] == seats[k + 2] for k in range(len(seats) - 2))


def test_an_odd_field_gives_each_entrant_exactly_one_bye():
    byes = Counter(bye.entrant for rnd in round_robin(field(7)).rounds for bye in rnd.byes)
    assert byes == Counter({e.id: 1 for e in field(7)})


def test_berger_numbers_follow_the_seeds_or_a_recorded_lot():
    by_seed = round_robin(field(6)).berger_numbers
    assert [entrant for _, entrant in by_seed] == [f"p{index}" for index in range(1, 7)]
    drawn = round_robin(field(6), RoundRobinSettings(order="lot"), seed=11).berger_numbers
    assert drawn == round_robin(field(6), RoundRobinSettings(order="lot"), seed=11).berger_numbers
    assert sorted(entrant for _, entrant in drawn) == sorted(entrant for _, entrant in by_seed)


def test_all_rounds_are_known_in_advance_and_json_ready():
    stored = round_robin(field(4)).to_json()
    assert [len(rnd["pairings"]) for rnd in stored["rounds"]] == [2, 2, 2]


def test_impossible_settings_and_fields_are_user_errors():
    with pytest.raises(InvalidSettings):
        RoundRobinSettings(cycles=3)
    with pytest.raises(TooFewEntrants):
        round_robin(field(1))
