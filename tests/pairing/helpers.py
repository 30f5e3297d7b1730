"""Shared builders for the pairing tests: random fields, simulated events and brute force."""

import itertools
import random

from hypothesis import strategies as st

from tournament.pairing import Entrant, pair_swiss, record_round


def all_matchings(ids: list, with_bye: bool):
    """Every way to pair the ids (one of them sits out, as the bye, when ``with_bye``)."""
    if with_bye:
        for receiver in ids:
            rest = [other for other in ids if other != receiver]
            for _, pairs in all_matchings(rest, False):
                yield receiver, pairs
        return
    if not ids:
        yield None, []
        return
    first, rest = ids[0], ids[1:]
    for index, partner in enumerate(rest):
        remaining = rest[:index] + rest[index + 1 :]
        for _, pairs in all_matchings(remaining, False):
            yield None, [(first, partner), *pairs]


@st.composite
def swiss_fields(draw, min_size=2, max_size=9):
    """A field with an arbitrary (not necessarily consistent) history: scores, meetings, seats, byes."""
    size = draw(st.integers(min_size, max_size))
    ids = list(range(1, size + 1))
    met = {pair: draw(st.integers(0, 2)) if draw(st.booleans()) else 0 for pair in itertools.combinations(ids, 2)}
    entrants = []
    for entrant_id in ids:
        opponents = tuple(
            other
            for pair, times in met.items()
            if entrant_id in pair
            for other in pair
            if other != entrant_id
            for _ in range(times)
        )
        entrants.append(
            Entrant(
                entrant_id,
                rating=draw(st.integers(1000, 2000)),
                score=draw(st.sampled_from([0, 0.5, 1, 1.5, 2, 3])),
                opponents=opponents,
                seats=tuple(draw(st.lists(st.integers(0, 1), max_size=4))),
                byes=draw(st.integers(0, 1)),
                floats=tuple(draw(st.lists(st.sampled_from([-1, 0, 1]), max_size=2))),
            )
        )
    return entrants


def simulate_swiss(size: int, rounds: int, seed: int, settings=None):
    """Play a Swiss event with random results; yields (entrants before the round, its pairing)."""
    rng = random.Random(seed)
    entrants = [Entrant(index, rating=rng.randint(1000, 2000)) for index in range(1, size + 1)]
    for round_number in range(1, rounds + 1):
        pairing = pair_swiss(entrants, settings, round_number, seed)
        yield entrants, pairing
        points = {}
        for table in pairing.pairings:
            first, second = table.seats
            points[first] = rng.choice([0, 0.5, 1])
            points[second] = 1 - points[first]
        entrants = record_round(entrants, pairing, points)
    yield entrants, None
