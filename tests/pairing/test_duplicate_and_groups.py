"""Duplicate / score challenge rounds, and groups to playoffs."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.pairing import (
    DuplicateSettings,
    EliminationSettings,
    Entrant,
    InvalidSettings,
    bracket_state,
    draw_setup_seed,
    pair_duplicate,
    playoff_bracket,
    playoff_seeds,
    rank_by_score,
    round_robin_groups,
    snake_groups,
    standard_order,
)


def test_every_table_of_a_duplicate_round_plays_the_same_given_setup():
    result = pair_duplicate([Entrant(index) for index in range(5)], round_number=3, seed="cup", setup_seed=4242)
    assert {pairing.setup_seed for pairing in result.pairings} == {4242}


def test_a_duplicate_rounds_explanation_never_tells_its_setup_seed():
    secret = draw_setup_seed()
    result = pair_duplicate([Entrant(index) for index in range(5)], round_number=3, seed="cup", setup_seed=secret)
    shown = repr(result.notes) + repr([pairing.explanation for pairing in result.pairings])
    assert str(secret) not in shown and "cup" not in shown
    assert "drawn in secret" in result.notes[0]


def test_duplicate_setup_seeds_are_drawn_afresh_not_derived():
    assert len({draw_setup_seed() for _ in range(20)}) == 20


def test_a_duplicate_round_can_seat_several_entrants_per_table():
    entrants = [Entrant(index, score=index) for index in range(8)]
    result = pair_duplicate(entrants, DuplicateSettings(table_size=4), round_number=1, seed=9)
    assert [len(pairing.seats) for pairing in result.pairings] == [4, 4]
    assert len({pairing.setup_seed for pairing in result.pairings}) == 1
    assert result.format == "duplicate"


def test_duplicate_results_are_ranked_by_score_with_shared_ranks():
    assert rank_by_score({"a": 30, "b": 45, "c": 30, "d": 10}) == [
        (1, "b", 45),
        (2, "a", 30),
        (2, "c", 30),
        (4, "d", 10),
    ]
    assert rank_by_score({"fast": 50, "slow": 80}, higher_is_better=False)[0] == (1, "fast", 50)


def test_snake_seeding_deals_seeds_back_and_forth():
    groups = snake_groups([Entrant(index, seed=index) for index in range(1, 9)], 3)
    assert [[e.id for e in group] for group in groups] == [[1, 6, 7], [2, 5, 8], [3, 4]]


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 6), st.integers(2, 4), st.integers(0, 1000))
def test_group_mates_do_not_meet_in_the_first_playoff_round(group_count, advance, seed):
    rng = random.Random(seed)
    standings = [[f"{chr(65 + g)}{place}" for place in range(1, 5)] for g in range(group_count)]
    for standing in standings:
        rng.shuffle(standing)
    seeds = playoff_seeds(standings, advance)
    group_of = {entrant: g for g, standing in enumerate(standings) for entrant in standing}
    size = 1
    while size < len(seeds):
        size *= 2
    order = standard_order(size)
    for a, b in zip(order[::2], order[1::2]):
        if a <= len(seeds) and b <= len(seeds):
            assert group_of[seeds[a - 1]] != group_of[seeds[b - 1]]


def test_group_winners_get_the_top_playoff_seeds():
    standings = [["A1", "A2", "A3"], ["B1", "B2", "B3"]]
    built = playoff_bracket(standings, 2, EliminationSettings())
    assert built.seeds[:2] == ("A1", "B1")
    assert [pairing.seats for pairing in bracket_state(built, {}).ready] == [("A1", "B2"), ("B1", "A2")]


def test_groups_get_their_own_round_robin():
    groups = round_robin_groups([Entrant(index, seed=index) for index in range(1, 9)], 2, seed=1)
    assert [group.name for group in groups] == ["A", "B"]
    assert all(len(group.schedule.rounds) == 3 for group in groups)


def test_too_few_entrants_per_playoff_group_is_refused():
    with pytest.raises(InvalidSettings):
        playoff_seeds([["A1"], ["B1", "B2"]], 2)
