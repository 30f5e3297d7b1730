"""TRF-16: a Swiss written as a Tournament Report File reads back to the same history and pairs
the same next round; forfeits and byes keep their meaning."""

import dataclasses
import itertools

import pytest

from tests.pairing.helpers import simulate_swiss
from tournament.pairing import Entrant, PairingUserError, pair_swiss, record_round
from tournament.pairing.trf import read_trf, trf_entrants, trf_from_history, write_trf


def history_of(size, rounds, seed):
    steps = list(simulate_swiss(size, rounds, seed))
    start = steps[0][0]
    played = []
    for (before, pairing), (after, _) in itertools.pairwise(steps):
        by_id = {e.id: e for e in after}
        points = {e.id: by_id[e.id].score - e.score for e in before}
        played.append((pairing, points, {}))
    return start, played, steps[-1][0]


def comparable(entrant):
    return (entrant.id, entrant.score, entrant.opponents, entrant.seats, entrant.byes, entrant.floats)


@pytest.mark.parametrize(("size", "rounds", "seed"), [(9, 4, 1), (20, 5, 2), (31, 6, 3)])
def test_a_swiss_round_trips_through_trf_to_the_same_history_and_next_pairing(size, rounds, seed):
    start, played, final = history_of(size, rounds, seed)
    trf, number = trf_from_history("Brume test", start, played, planned_rounds=rounds + 2, initial_colour="first")
    back = read_trf(write_trf(trf))
    assert back.planned_rounds == rounds + 2 and back.initial_colour == "first" and back.name == "Brume test"
    assert back == trf
    entrants = trf_entrants(back)
    renumbered = [
        dataclasses.replace(e, id=number[e.id], opponents=tuple(number[o] for o in e.opponents), seed=number[e.id])
        for e in final
    ]
    assert [comparable(e) for e in entrants] == [comparable(e) for e in renumbered]
    assert (
        pair_swiss(entrants, round_number=rounds + 1, seed=7).to_json()["pairings"]
        == pair_swiss(renumbered, round_number=rounds + 1, seed=7).to_json()["pairings"]
    )


def test_a_forfeit_round_trips_as_not_a_game():
    entrants = [Entrant(1), Entrant(2), Entrant(3)]
    pairing = pair_swiss(entrants, round_number=1, seed=0)
    (table,) = pairing.pairings
    winner, absent = table.seats
    points = {winner: 1.0, absent: 0.0, pairing.byes[0].entrant: 1.0}
    forfeits = {table.table: [absent]}
    trf, number = trf_from_history("F", entrants, [(pairing, points, forfeits)])
    text = write_trf(trf)
    assert f"{number[absent]:>4} w +" in text or f"{number[absent]:>4} b +" in text
    expected = record_round(entrants, pairing, points, forfeits=forfeits)
    assert [comparable(e) for e in trf_entrants(read_trf(text))] == [comparable(e) for e in expected]


def test_a_malformed_trf_is_refused_with_the_line_number():
    with pytest.raises(PairingUserError, match="line 2"):
        read_trf("012 X\n001 abcd Someone\n")
    with pytest.raises(PairingUserError, match="no player line"):
        read_trf("012 Empty\n")


def test_a_last_column_of_absences_is_the_round_to_be_paired_not_a_round():
    from tournament.pairing.trf import Trf, TrfGame, TrfPlayer, read_trf, write_trf

    players = (
        TrfPlayer(1, "Ada", 2000, 1.0, (TrfGame(2, "w", "1"),)),
        TrfPlayer(2, "Bob", 1900, 0.0, (TrfGame(1, "b", "0"),)),
        TrfPlayer(3, "Cyd", 1800, 0.0, (TrfGame(None, "-", "Z"),)),
    )
    text = write_trf(Trf("t", players, 5, None, frozenset({2})))
    assert "   1 b 0  0000 - -" in text
    again = read_trf(text)
    assert again.rounds_played == 1 and again.absent_next == frozenset({2})
    assert again.players == players


def test_a_last_column_with_a_bye_stays_a_round():
    from tournament.pairing.trf import Trf, TrfGame, TrfPlayer, read_trf, write_trf

    players = (
        TrfPlayer(1, "Ada", 2000, 1.0, (TrfGame(None, "-", "U"),)),
        TrfPlayer(2, "Bob", 1900, 0.0, (TrfGame(None, "-", "-"),)),
    )
    again = read_trf(write_trf(Trf("t", players)))
    assert again.rounds_played == 1 and again.absent_next == frozenset()
