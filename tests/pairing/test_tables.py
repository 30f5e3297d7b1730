"""Multiplayer tables: sizes, standing groups, minimal repeat meetings, seat balance."""

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.pairing import Entrant, InvalidSettings, TableSettings, TooFewEntrants, pair_tables, record_round
from tournament.pairing.tables import table_sizes

PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def table_fields(draw, min_size=3, max_size=10):
    size = draw(st.integers(min_size, max_size))
    ids = list(range(1, size + 1))
    met = {pair for pair in itertools.combinations(ids, 2) if draw(st.integers(0, 3)) == 0}
    return [
        Entrant(
            entrant_id,
            score=draw(st.integers(0, 3)),
            rating=draw(st.integers(0, 100)),
            opponents=tuple(other for pair in met if entrant_id in pair for other in pair if other != entrant_id),
            seats=tuple(draw(st.lists(st.integers(0, 4), max_size=4))),
        )
        for entrant_id in ids
    ]


def repeats(entrants, tables):
    by_id = {entrant.id: entrant for entrant in entrants}
    return sum(by_id[a].met(b) for table in tables for a, b in itertools.combinations(table, 2))


def every_split(ids, sizes):
    """Every way to seat the ids at tables of these sizes (written independently of the engine)."""
    if not sizes:
        yield []
        return
    for chosen in itertools.combinations(ids, sizes[0]):
        rest = [entrant for entrant in ids if entrant not in chosen]
        for others in every_split(rest, sizes[1:]):
            yield [chosen, *others]


@PROPS
@given(st.integers(1, 60), st.integers(2, 6), st.integers(0, 2), st.integers(0, 2))
def test_table_sizes_stay_within_the_range(count, smallest, above, extra):
    options = TableSettings(smallest, smallest + above + extra, smallest + above)
    try:
        sizes = table_sizes(count, options)
    except InvalidSettings:
        assert all(count % size for size in range(smallest, smallest + above + extra + 1)) or count < smallest
        return
    assert sum(sizes) == count
    assert all(options.min_size <= size <= options.max_size for size in sizes)


def test_the_preferred_size_is_used_whenever_it_divides_the_field():
    assert table_sizes(12, TableSettings(3, 5, 4)) == [4, 4, 4]
    assert table_sizes(9, TableSettings(3, 5, 4)) == [4, 5]


@PROPS
@given(table_fields(), st.integers(0, 5))
def test_every_present_entrant_sits_at_exactly_one_table(entrants, seed):
    result = pair_tables(entrants, TableSettings(3, 5, 4), round_number=2, seed=seed)
    assert sorted(result.paired_ids()) == sorted(entrant.id for entrant in entrants)
    assert all(3 <= len(pairing.seats) <= 5 for pairing in result.pairings)


@PROPS
@given(table_fields(min_size=6, max_size=9), st.integers(0, 5))
def test_repeat_meetings_are_minimal_on_small_fields(entrants, seed):
    options = TableSettings(3, 5, 4)
    result = pair_tables(entrants, options, round_number=2, seed=seed)
    sizes = table_sizes(len(entrants), options)
    fewest = min(repeats(entrants, split) for split in every_split([e.id for e in entrants], sizes))
    assert repeats(entrants, [pairing.seats for pairing in result.pairings]) == fewest


def test_tables_are_grouped_by_standing_when_nobody_has_met():
    entrants = [Entrant(index, score=12 - index) for index in range(12)]
    result = pair_tables(entrants, TableSettings(4, 4, 4), round_number=2)
    assert [sorted(pairing.seats) for pairing in result.pairings] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]


def test_a_repeat_meeting_is_avoided_by_moving_to_a_nearby_table():
    entrants = [Entrant(index, score=12 - index) for index in range(12)]
    entrants[0] = Entrant(0, score=12, opponents=(1,))
    entrants[1] = Entrant(1, score=11, opponents=(0,))
    result = pair_tables(entrants, TableSettings(4, 4, 4, exact_limit=4), round_number=2)
    assert all({0, 1} - set(pairing.seats) for pairing in result.pairings)


def test_seats_go_to_those_who_sat_there_least():
    entrants = [Entrant("a", seats=(0, 0)), Entrant("b", seats=(1, 1)), Entrant("c", seats=(2, 2))]
    result = pair_tables(entrants, TableSettings(3, 3, 3))
    seats = result.pairings[0].seats
    assert seats.index("a") != 0 and seats.index("b") != 1 and seats.index("c") != 2


def test_seat_positions_even_out_over_an_event():
    rng = random.Random(4)
    entrants = [Entrant(index, rating=rng.random()) for index in range(16)]
    for round_number in range(1, 9):
        result = pair_tables(entrants, TableSettings(4, 4, 4), round_number, seed=4)
        points = {entrant: rng.randint(0, 3) for entrant in result.paired_ids()}
        entrants = record_round(entrants, result, points)
    for entrant in entrants:
        assert max(entrant.seats.count(seat) for seat in range(4)) <= 3


def test_an_impossible_size_range_is_explained():
    with pytest.raises(InvalidSettings, match="cannot be seated"):
        pair_tables([Entrant(index) for index in range(6)], TableSettings(4, 4, 4))
    with pytest.raises(InvalidSettings):
        TableSettings(5, 4, 4)
    with pytest.raises(TooFewEntrants):
        pair_tables([Entrant(1), Entrant(2)], TableSettings(3, 5, 4))


def test_repeat_meetings_are_explained():
    entrants = [Entrant(1, opponents=(2, 3)), Entrant(2, opponents=(1, 3)), Entrant(3, opponents=(1, 2))]
    result = pair_tables(entrants, TableSettings(3, 3, 3))
    assert "no seating of the field has fewer" in result.pairings[0].explanation.rematch


def test_a_thousand_entrants_are_seated_without_repeats_over_five_rounds():
    rng = random.Random(1)
    entrants = [Entrant(index, rating=rng.random()) for index in range(1000)]
    for round_number in range(1, 6):
        result = pair_tables(entrants, TableSettings(3, 5, 4), round_number, seed=1)
        assert repeats(entrants, [pairing.seats for pairing in result.pairings]) == 0
        entrants = record_round(entrants, result, {e: rng.randint(0, 3) for e in result.paired_ids()})
