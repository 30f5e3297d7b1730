"""The helpers of ``bench.pairing --from-site``: the withdrawn entrant marked as not paired in
the round bbpPairings is asked for, and the count of seats given against a colour preference."""

from bench.pairing import colour_misses
from bench.pairing_site import mark_not_paired
from bench.pairing_trf import write_trf
from tournament.pairing import Entrant
from tournament.pairing.trf import read_trf


def _two_rounds() -> str:
    entrants = [Entrant(1, rating=2000, score=2.0), Entrant(2, rating=1900, score=1.0), Entrant(3, rating=1800)]
    rounds = [
        {1: (2, 0, 1.0), 2: (1, 1, 0.0), 3: (None, None, 1.0)},
        {1: (3, 1, 1.0), 3: (1, 0, 0.0), 2: (None, None, 1.0)},
    ]
    return write_trf(entrants, rounds, planned_rounds=5)


def test_a_withdrawn_entrant_is_marked_not_paired_in_the_next_round_only():
    text = _two_rounds()

    marked = mark_not_paired(text, {2}, round_number=3)

    players = {player.number: player for player in read_trf(marked).players}
    assert len(players[2].games) == 3
    assert (players[2].games[2].opponent, players[2].games[2].result) == (None, "-")
    assert players[2].games[:2] == read_trf(text).players[1].games[:2]
    assert len(players[1].games) == len(players[3].games) == 2  # the others are untouched
    assert marked.split("\r\n")[3][111:119] == "0000 - -"  # round 3 starts at column 112


def test_nobody_marked_leaves_the_file_as_it_was():
    text = _two_rounds()
    assert mark_not_paired(text, set(), round_number=3) == text


def test_a_seat_against_the_preference_counts_by_its_strength():
    entrants = [
        Entrant(1, seats=(0, 0)),  # first twice in a row: must be second
        Entrant(2, seats=(0, 1, 0)),  # one first seat too many: strongly second
        Entrant(3, seats=(0, 1)),  # balanced, last second: would like first
        Entrant(4),  # no game yet: no preference
        Entrant(5, seats=(1,)),  # one second seat too many: strongly first
        Entrant(6, seats=(1, 0)),  # balanced, last first: would like second
    ]
    # 1 first (absolute miss), 2 first (strong miss), 3 second (mild miss), 4 either,
    # 5 first (as wanted), 6 second (as wanted).
    misses = colour_misses(entrants, [(1, 4), (2, 3), (5, 6)])
    assert misses == {"absolute": 1, "strong": 1, "mild": 1}
    assert colour_misses(entrants, [(4, 1), (3, 2), (5, 6)]) == {"absolute": 0, "strong": 0, "mild": 0}
