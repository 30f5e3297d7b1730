"""The helpers of ``bench.pairing --from-site``: the count of seats given against a colour
preference. (The withdrawn entrant's absence from the next round is written by ``stage_trf``
itself now: tests/trf_import.)"""

from bench.pairing import colour_misses
from tournament.pairing import Entrant


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
