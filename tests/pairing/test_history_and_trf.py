"""Carrying results into the next round, and the TRF export used by the benchmark."""

from bench.pairing_trf import read_pairs, write_trf
from tournament.pairing import Entrant, pair_swiss, record_round


def test_a_round_is_carried_into_scores_opponents_seats_byes_and_floats():
    entrants = [Entrant(1, score=1), Entrant(2), Entrant(3)]
    result = pair_swiss(entrants, round_number=2, seed=0)
    first, second = result.pairings[0].seats
    after = {e.id: e for e in record_round(entrants, result, {first: 1.0, second: 0.0})}
    assert after[first].opponents == (second,) and after[second].opponents == (first,)
    assert after[first].seats == (0,) and after[second].seats == (1,)
    bye = result.byes[0].entrant
    assert after[bye].byes == 1 and after[bye].floats == (-1,)
    assert after[1].floats == (-1,)


def test_trf_player_lines_put_each_field_in_its_fide_columns():
    entrants = [
        Entrant(1, rating=2100, score=1.0),
        Entrant(2, rating=1900, score=0.0),
        Entrant(3, rating=1500, score=1),
    ]
    text = write_trf(entrants, [{1: (2, 0, 1.0), 2: (1, 1, 0.0), 3: (None, None, 1.0)}], planned_rounds=5)
    lines = text.split("\r\n")
    assert lines[1] == "XXR 5"
    player = lines[2]
    assert player[0:3] == "001" and player[4:8] == "   1"
    assert player[48:52] == "2100" and player[80:84] == " 1.0"
    assert player[91:99] == "   2 w 1"
    assert lines[4][91:99] == "0000 - U"


def test_a_pairing_output_file_is_read_back():
    assert read_pairs("3\n1 2\n4 3\n5 0\n") == ([(1, 2), (4, 3)], 5)


def forfeited_round():
    """Three entrants, round 1: 1 v 2 forfeited by 2, 3 gets the bye."""
    entrants = [Entrant(1), Entrant(2), Entrant(3)]
    result = pair_swiss(entrants, round_number=1, seed=0)
    (pairing,) = result.pairings
    absent = pairing.seats[1]
    winner = pairing.seats[0]
    after = record_round(entrants, result, {winner: 1.0, absent: 0.0}, forfeits={pairing.table: [absent]})
    return {e.id: e for e in after}, winner, absent, result.byes[0].entrant


def test_a_forfeit_is_not_a_meeting_and_gives_no_seat():
    after, winner, absent, _ = forfeited_round()
    assert after[winner].opponents == () and after[absent].opponents == ()
    assert after[winner].seats == () and after[absent].seats == ()
    assert after[winner].score == 1.0 and after[absent].score == 0.0


def test_a_forfeit_win_rules_out_the_bye_like_a_bye_and_floats_down():
    after, winner, absent, _ = forfeited_round()
    assert after[winner].byes == 1 and after[winner].floats == (-1,)
    assert after[absent].byes == 0 and after[absent].floats == (0,)


def test_the_two_of_a_forfeit_may_meet_again_and_the_forfeit_winner_gets_no_bye():
    after, winner, absent, bye = forfeited_round()
    entrants = list(after.values())
    result = pair_swiss(entrants, round_number=2, seed=0)
    # Only the forfeit loser has neither a bye nor a forfeit win: it gets the bye, the others meet.
    assert result.byes[0].entrant == absent
    assert set(result.pairings[0].seats) == {winner, bye}
