"""Each tie-break on a hand-worked tournament (tests/ranking/builders.py, FIVE)."""

import pytest
from django.utils import translation

from games.engines import text as hook
from ranking.standings.compute import compute_standings
from ranking.standings.model import Scoring
from ranking.tiebreaks import Context, all_tiebreaks, get_tiebreak, text
from ranking.tiebreaks.base import UnknownTieBreak
from ranking.tiebreaks.ratings import rating_difference
from tests.ranking.builders import FIVE, FIVE_RATINGS, SCORING, tournament


def values(key, rounds=FIVE, **kwargs):
    entrants = tournament(rounds, **kwargs)
    context = Context({e.id: e for e in entrants}, kwargs.get("scoring", SCORING))
    found = get_tiebreak(key).values(context, [e.id for e in entrants])
    return {eid: value for eid, value in found.items()}


def shown(key, **kwargs):
    return {eid: value.shown for eid, value in values(key, **kwargs).items()}


def test_match_points_count_byes_and_nothing_for_an_absence():
    assert shown("match_points") == {"A": "1.5", "B": "1", "C": "1", "D": "1.5", "E": "3"}
    assert values("match_points")["A"].detail == "R1 1 + R2 0.5 + R3 (absent) 0"


def test_granted_points_of_a_late_entry_add_to_match_points():
    found = values("match_points", granted={"B": 0.5})
    assert found["B"].shown == "1.5"
    assert "0.5 granted at entry" in found["B"].detail


def test_buchholz_counts_opponents_unplayed_rounds_as_draws_and_own_unplayed_rounds_as_own_score():
    # A met B (1) and C (1), and was absent in R3: own score 1.5. D met C (1), had a bye (own 1.5)
    # and met E, whose bye counts as a draw for D: 0.5 + 1 + 1 = 2.5.
    assert shown("buchholz") == {"A": "3.5", "B": "5.5", "C": "4", "D": "5", "E": "5"}


def test_buchholz_cut_1_cuts_the_unplayed_round_first():
    # D's lowest contribution is C's 1, but the bye round (1.5) is cut first.
    assert shown("buchholz_cut1")["D"] == "3.5"
    assert "cut R2 bye" in values("buchholz_cut1")["D"].detail


def test_buchholz_cut_2_cuts_two_rounds():
    # E's bye round (own score 3) is cut before its lowest played round, so E keeps only 1.
    assert shown("buchholz_cut2") == {"A": "1", "B": "2.5", "C": "2", "D": "2.5", "E": "1"}


def test_median_buchholz_cuts_the_unplayed_round_and_the_highest():
    assert shown("buchholz_median")["D"] == "1"
    assert shown("buchholz_median")["B"] == "2"


def test_sonneborn_berger_counts_a_bye_as_own_score_and_an_absence_as_nothing():
    # A: B 1×1 + C 1×½ + absent 1.5×0; D: C 1×½ + bye 1.5×1 + E 2.5×0.
    assert shown("sonneborn_berger")["A"] == "1.5"
    assert shown("sonneborn_berger")["D"] == "2"


def test_progressive_score_adds_the_running_totals():
    assert shown("progressive") == {"A": "4", "B": "1", "C": "2.5", "D": "3.5", "E": "6"}


def test_number_of_wins_counts_a_pairing_bye_as_a_win():
    assert shown("wins") == {"A": "1", "B": "1", "C": "0", "D": "1", "E": "3"}


def test_games_as_first_player_counts_unplayed_rounds_as_moving_first_and_fewer_is_better():
    found = values("first_player_games")
    assert found["A"].shown == "3"  # first in R1, R2, and the absence
    assert found["B"].shown == "1"
    assert found["B"].order > found["A"].order


def test_average_rating_of_opponents_leaves_out_unplayed_rounds():
    assert shown("average_rating_opponents", ratings=FIVE_RATINGS)["A"] == "1550"
    assert shown("average_rating_opponents", ratings=FIVE_RATINGS)["D"] == "1600"


def test_performance_rating_adds_the_rating_difference_of_the_score_share():
    found = shown("performance_rating", ratings=FIVE_RATINGS)
    assert found["A"] == str(round(1550 + rating_difference(0.75)))
    assert 1735 < int(found["A"]) < 1750  # FIDE's table gives +193 for 75%
    assert found["D"] == str(round(1600 - rating_difference(0.75)))


def test_a_perfect_score_is_worth_800_points_as_in_the_fide_table():
    assert rating_difference(1.0) == 800 and rating_difference(0.0) == -800
    assert rating_difference(0.5) == 0


def test_drawing_of_lots_repeats_for_a_recorded_seed_and_changes_with_it():
    first = values("lots")
    assert first == values("lots")
    other = values("lots", scoring=Scoring(lots_seed=8))
    assert [v.order for v in first.values()] != [v.order for v in other.values()]


def test_game_points_count_a_drawn_game_as_half_and_game_wins_do_not():
    rounds = [[("A", "B", 1)]]
    games = {(1, "A"): [("A", 1, 0, 0, None, None), ("B", 0.5, 0, 0, None, None), ("A", 1, 0, 0, None, None)]}
    assert shown("game_points", rounds=rounds, games=games) == {"A": "2.5", "B": "0.5"}
    assert shown("game_wins", rounds=rounds, games=games) == {"A": "2", "B": "0"}


def test_menhirs_fog_points_sum_the_winners_points_over_won_games_only():
    rounds = [[("A", "B", 1)], [("A", "C", 0)]]
    games = {
        (1, "A"): [("A", 1, 7, 0, None, None), ("B", 0, 0, 5, None, None), ("A", 1, 4, 0, None, None)],
        (2, "A"): [("A", 0, 0, 9, None, None)],
    }
    found = shown("menhirs_fog_points", rounds=rounds, games=games)
    assert found == {"A": "11", "B": "5", "C": "9"}


def test_carnac_dolmens_pool_every_game_and_compare_count_then_largest_then_next():
    rounds = [[("A", "B", 0.5)], [("A", "C", 1)], [("B", "C", 1)]]
    games = {
        # A: 2 dolmens (sizes 3, 1) then 1 (size 2): 3 dolmens, sizes 3 2 1.
        (1, "A"): [("A", 0.5, 2, 2, (2, 3, 1), (2, 2, 2))],
        (2, "A"): [("A", 1, 1, 0, (1, 2), (0, 0))],
        # B: 2 dolmens (2, 2) then 1 (size 3): 3 dolmens, sizes 3 2 2 — above A on the second largest.
        (3, "B"): [("B", 1, 1, 0, (1, 3), (0, 0))],
    }
    found = values("carnac_dolmens", rounds=rounds, games=games)
    assert found["A"].shown == found["B"].shown == "3"
    assert found["B"].order > found["A"].order
    assert "sizes 3 2 2" in found["B"].detail


def test_carnac_dolmens_fall_back_on_the_count_when_sizes_were_not_recorded():
    rounds = [[("A", "B", 1)]]
    games = {(1, "A"): [("A", 1, 2, 1, None, None)]}
    found = values("carnac_dolmens", rounds=rounds, games=games)
    assert found["A"].order == (2,) and "sizes not recorded for game G1" in found["A"].detail


def test_fog_rescue_points_compare_points_then_fewest_lost_then_commoners():
    rounds = [[("A", "B", 0.5)]]
    # Equal rescue points; A lost fewer islanders (tuples store −lost, larger is better).
    games = {(1, "A"): [("A", 0.5, 30, 30, (30, -2, 1), (30, -5, 4))]}
    found = values("fog_rescue_points", rounds=rounds, games=games)
    assert found["A"].order > found["B"].order
    assert found["A"].shown == "30 / 2 / 1"


def test_every_tiebreak_has_a_name_a_direction_and_says_how_it_treats_unplayed_rounds():
    for tiebreak in all_tiebreaks():
        described = tiebreak.describe()
        assert described["name"] and described["unplayed"] and described["direction"] in ("higher", "lower")


def test_an_unknown_tiebreak_is_named_in_the_error():
    with pytest.raises(UnknownTieBreak, match="no tie-break called 'koya'"):
        compute_standings(tournament(FIVE), ["match_points", "koya"])


def test_buchholz_and_its_cut_share_one_context_and_keep_each_language_apart():
    entrants = tournament(FIVE)
    context = Context({e.id: e for e in entrants}, SCORING)
    ids = [e.id for e in entrants]
    with translation.override("fr"):
        french = get_tiebreak("buchholz").values(context, ids)
        cut = get_tiebreak("buchholz_cut1").values(context, ids)
    assert "exempt: score propre 1.5" in french["D"].detail and "exempt: score propre 1.5" in cut["D"].detail
    with translation.override("en"):
        again = get_tiebreak("buchholz").values(context, ids)  # the same context, read in another language
        fresh = get_tiebreak("buchholz").values(Context({e.id: e for e in entrants}, SCORING), ids)
    assert again == fresh and "R2 bye: own score 1.5" in again["D"].detail


def test_inside_one_computation_each_message_is_asked_of_the_hook_once(monkeypatch):
    asked = []
    real = hook._in_active_language
    monkeypatch.setattr(hook, "_in_active_language", lambda message: asked.append(message) or real(message))
    with translation.override("fr"):
        with text.one_language():
            assert {text._("absent") for __ in range(3)} == {"absent"}
            assert {text._("own score %(points)s") for __ in range(3)} == {"score propre %(points)s"}
        assert asked == ["absent", "own score %(points)s"]
        text._("absent")  # outside a computation: the hook, every time
        assert asked == ["absent", "own score %(points)s", "absent"]
    with translation.override("nl"), text.one_language():
        assert text._("own score %(points)s") == "eigen score %(points)s"  # the next one speaks its own language
    with translation.override("en"):
        english = compute_standings(tournament(FIVE), ["match_points", "buchholz"])
    with translation.override("fr"):
        french = compute_standings(tournament(FIVE), ["match_points", "buchholz"])
    assert "level on match points" in english.rows[1].explanation
    assert "level on match points" not in french.rows[1].explanation
