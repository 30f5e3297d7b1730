"""Standings: the order of tie-breaks, direct encounter, explanations, and order properties."""

import pickle
from dataclasses import MISSING, FrozenInstanceError, fields

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ranking.standings.compute import compute_standings
from ranking.standings.model import Encounter, GamePlayed, RoundResult, Unplayed
from ranking.tiebreaks import Context, get_tiebreak
from tests.ranking.builders import FIVE, SCORING, tournament


def order(standings):
    return [(row.rank, row.entrant.id) for row in standings.rows]


def test_the_stage_order_decides_top_down_and_ties_share_a_rank():
    standings = compute_standings(tournament(FIVE), ["match_points"], SCORING)
    assert [r for r, _ in order(standings)] == [1, 2, 2, 4, 4]


def test_direct_encounter_separates_tied_players_who_met_and_buchholz_those_who_did_not():
    standings = compute_standings(tournament(FIVE), ["match_points", "direct_encounter", "buchholz"], SCORING)
    assert order(standings) == [(1, "E"), (2, "D"), (3, "A"), (4, "B"), (5, "C")]
    assert standings.row("D").decided_by == "buchholz"
    assert standings.row("B").decided_by is None or standings.deciding_tiebreak("B", "C").key == "direct_encounter"


def test_why_a_is_above_b_names_the_first_tiebreak_that_separates_them():
    standings = compute_standings(tournament(FIVE), ["match_points", "direct_encounter", "buchholz"], SCORING)
    assert standings.why("D", "A") == (
        "D is above A: level on match points, direct encounter; buchholz 5 to 3.5 (more is better)"
    )
    assert standings.why("B", "C").startswith("B is above C: level on match points; direct encounter 1 to 0")
    assert standings.why("E", "C") == "E is above C: match points 3 to 1 (more is better)"


def test_each_row_explains_why_it_is_above_the_next():
    standings = compute_standings(tournament(FIVE), ["match_points", "progressive"], SCORING)
    first, second = standings.rows[0], standings.rows[1]
    assert first.explanation.startswith("E is above A")
    assert second.explanation == "A is above D: level on match points; progressive score 4 to 3.5 (more is better)"


def test_players_level_on_everything_are_told_they_share_the_rank():
    rounds = [[("A", "B", 0.5)]]
    standings = compute_standings(tournament(rounds), ["match_points", "direct_encounter"], SCORING)
    assert standings.why("A", "B") == "A and B are level on every tie-break: they share rank 1"


def test_direct_encounter_among_three_who_all_met_uses_their_results_against_each_other():
    rounds = [[("A", "B", 1), ("C", "D", 1)], [("B", "C", 1), ("A", "D", 1)], [("C", "A", 1), ("B", "D", 1)]]
    # A, B, C on 2 points each; against each other each has one win: level, so they stay tied.
    standings = compute_standings(tournament(rounds), ["match_points", "direct_encounter"], SCORING)
    assert [r for r, _ in order(standings)] == [1, 1, 1, 4]


def test_direct_encounter_separates_a_leader_out_of_reach_even_if_not_all_met():
    # A, B, C tied; A beat B and C; B and C never met. A's 2 cannot be equalled by B or C (1 at most).
    rounds = [
        [("A", "B", 1), ("C", "X", 1)],
        [("A", "C", 1), ("B", "Y", 1)],
        [("X", "A", 1), ("B", "Z", 1), ("C", "W", 1)],
    ]
    standings = compute_standings(tournament(rounds), ["match_points", "direct_encounter"], SCORING)
    tied = [row for row in standings.rows if row.entrant.id in "ABC"]
    assert tied[0].entrant.id == "A"
    assert tied[1].rank == tied[2].rank


def test_direct_encounter_does_not_separate_when_a_missing_game_could_still_equal():
    # A beat B; C met neither: C could still reach 1 against the tied.
    rounds = [[("A", "B", 1), ("C", "X", 1)], [("B", "Y", 1), ("A", "Z", 0), ("C", "W", 0)]]
    context_entrants = tournament(rounds)
    context = Context({e.id: e for e in context_entrants}, SCORING)
    found = get_tiebreak("direct_encounter").values(context, ["A", "B", "C"])
    assert found["A"].order == found["C"].order
    assert "does not separate" in found["C"].detail


def test_a_forfeit_win_counts_as_an_unplayed_round_for_buchholz_and_in_direct_encounter():
    rounds = [[("A", "B", "+-"), ("C", "D", 1)], [("A", "C", 0), ("B", "D", 1)]]
    entrants = tournament(rounds)
    context = Context({e.id: e for e in entrants}, SCORING)
    buchholz = get_tiebreak("buchholz").values(context, ["A"])
    assert "R1 won by forfeit: own score 1" in buchholz["A"].detail
    encounter = get_tiebreak("direct_encounter").values(context, ["A", "B"])
    assert encounter["A"].order == 1 and encounter["B"].order == 0


@st.composite
def round_robins(draw):
    n = draw(st.integers(2, 7))
    names = [chr(65 + i) for i in range(n)]
    rounds = [[(names[i], names[j], draw(st.sampled_from([0, 0.5, 1])))] for i in range(n) for j in range(i + 1, n)]
    return rounds


KEYS = ["match_points", "direct_encounter", "sonneborn_berger", "buchholz_cut1", "progressive", "wins"]


@settings(max_examples=60, deadline=None)
@given(round_robins())
def test_standings_are_a_total_order_consistent_with_why(rounds):
    standings = compute_standings(tournament(rounds), KEYS, SCORING)
    rows = standings.rows
    for index, row in enumerate(rows):
        above = sum(1 for other in rows if other.rank < row.rank)
        assert row.rank == above + 1
        assert index == 0 or rows[index - 1].rank <= row.rank
    for a in rows:
        for b in rows:
            if a is b:
                continue
            tiebreak = standings.deciding_tiebreak(a.entrant.id, b.entrant.id)
            assert (tiebreak is None) == (a.rank == b.rank)
            if tiebreak is not None:
                assert (a.values[tiebreak.key].order > b.values[tiebreak.key].order) == (a.rank < b.rank)


@settings(max_examples=60, deadline=None)
@given(round_robins())
def test_drawing_of_lots_last_leaves_no_tie(rounds):
    standings = compute_standings(tournament(rounds), [*KEYS, "lots"], SCORING)
    assert sorted(row.rank for row in standings.rows) == list(range(1, len(standings.rows) + 1))


@settings(max_examples=60, deadline=None)
@given(round_robins(), st.sampled_from([0, 0.5, 1]))
def test_adding_an_unrelated_result_never_changes_a_direct_encounter_decision(rounds, result):
    entrants = tournament(rounds)
    group = [e.id for e in entrants][:3]
    before = get_tiebreak("direct_encounter").values(Context({e.id: e for e in entrants}, SCORING), group)
    extended = tournament([*rounds, [("Y", "Z", result)], [("Y", group[0], result)]])
    after = get_tiebreak("direct_encounter").values(Context({e.id: e for e in extended}, SCORING), group)
    assert {k: v.order for k, v in before.items()} == {k: v.order for k, v in after.items()}


# --- the loader's fast constructors -----------------------------------------------------------

numbers = st.floats(allow_nan=False)
games_played = st.tuples(
    st.integers(1, 9),
    st.booleans(),
    st.integers(1, 4),
    st.integers(1, 4),
    st.integers(1, 4),
    numbers,
    st.none() | st.lists(numbers, max_size=4).map(tuple),
)
encounters = st.tuples(st.integers() | st.text(max_size=3), numbers).map(lambda values: Encounter(*values))
round_results = st.tuples(
    st.integers(1, 9),
    numbers,
    numbers,
    st.lists(encounters, max_size=3).map(tuple),
    st.sampled_from([None, *Unplayed]),
    st.lists(games_played.map(lambda values: GamePlayed(*values)), max_size=3).map(tuple),
)


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(
        games_played.map(lambda values: (GamePlayed, values)),
        round_results.map(lambda values: (RoundResult, values)),
    )
)
def test_a_fast_constructor_builds_the_same_value_as_the_class(built):
    cls, values = built
    fast, usual = cls.fast(*values), cls(*values)
    assert type(fast) is cls
    assert fast == usual and hash(fast) == hash(usual) and repr(fast) == repr(usual)
    assert [getattr(fast, f.name) for f in fields(cls)] == list(values)
    required = len([f for f in fields(cls) if f.default is MISSING])
    assert cls.fast(*values[:required]) == cls(*values[:required])  # the same defaults
    assert pickle.loads(pickle.dumps(fast)) == usual
    with pytest.raises(FrozenInstanceError):
        setattr(fast, fields(cls)[0].name, None)
