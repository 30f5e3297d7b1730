"""Issue 21, "wrong today" on standings: knockout places come from the bracket, and "why" names
the tie-break that really separates two entrants."""

from __future__ import annotations

import pytest

from ranking.selectors import stage_standings
from ranking.standings.compute import compute_standings
from ranking.standings.model import Entrant, GamePlayed, RoundResult, Scoring
from tests.ranking.events import make_event, play_round
from tournament.pairing.bracket import Bracket
from tournament.pairing.elimination import EliminationSettings, bracket
from tournament.pairing.model import Entrant as PairingEntrant
from tournament.pairing.placings import bracket_placings


def _bracket(size: int, *, third_place: bool = False, double: bool = False) -> Bracket:
    entrants = [PairingEntrant(id=f"s{n}", seed=n) for n in range(1, size + 1)]
    return bracket(entrants, EliminationSettings(third_place=third_place, double=double), seed=1)


def _higher_seed_wins(plan: Bracket, upsets=()) -> dict[str, str]:
    """Play the whole bracket: the better seed wins every match, except the match ids in ``upsets``."""
    from tournament.pairing.bracket import bracket_state

    winners: dict[str, str] = {}
    seed_of = {entrant: index for index, entrant in enumerate(plan.seeds)}
    while (state := bracket_state(plan, winners)).ready:
        for pairing in state.ready:
            best, worst = sorted(pairing.seats, key=seed_of.__getitem__)
            winners[pairing.label] = worst if pairing.label in upsets else best
    return winners


def test_a_final_and_a_third_place_match_place_one_to_four():
    plan = _bracket(4, third_place=True)
    places = bracket_placings(plan, _higher_seed_wins(plan, upsets={"3P"}))
    assert {e: p.place for e, p in places.items()} == {"s1": 1, "s2": 2, "s4": 3, "s3": 4}
    assert places["s4"].how == "won the third-place match"


def test_entrants_out_in_the_same_round_share_their_place():
    plan = _bracket(8)
    places = {e: p.place for e, p in bracket_placings(plan, _higher_seed_wins(plan)).items()}
    assert places == {"s1": 1, "s2": 2, "s3": 3, "s4": 3, "s5": 5, "s6": 5, "s7": 5, "s8": 5}


def test_entrants_still_in_share_the_best_place_left():
    plan = _bracket(4, third_place=True)
    places = bracket_placings(plan, {})
    assert {p.place for p in places.values()} == {1}
    assert places["s1"].how == "still in"


def test_double_elimination_places_the_grand_final_then_the_losers_bracket():
    plan = _bracket(4, double=True)
    places = {e: p.place for e, p in bracket_placings(plan, _higher_seed_wins(plan)).items()}
    assert places["s1"] == 1 and places["s2"] == 2 and places["s3"] == 3 and places["s4"] == 4


def test_a_played_bracket_reset_decides_first_and_second():
    plan = bracket(
        [PairingEntrant(id=f"s{n}", seed=n) for n in range(1, 5)],
        EliminationSettings(double=True, grand_final_reset=True),
        seed=1,
    )
    winners = _higher_seed_wins(plan, upsets={"GF"})  # the losers' bracket champion wins the first final
    assert "GF2" in winners
    places = bracket_placings(plan, winners)
    assert (places["s1"].place, places["s2"].place) == (1, 2)
    assert (places["s1"].how, places["s2"].how) == ("won the grand final reset", "lost the grand final reset")


@pytest.mark.django_db
def test_knockout_standings_follow_the_bracket_not_the_match_points(misty_nim):
    event, owner, _ = make_event(players=4, stage={"format": "single_elimination", "settings": {"third_place": True}})
    stage = event.stages.get()
    for _ in range(2):
        play_round(stage, owner, lambda order: ([1, 2], None))
    stage.refresh_from_db()  # the bracket was drawn with round 1
    standings = stage_standings(stage)
    assert [row.rank for row in standings] == [1, 2, 3, 4]
    assert standings.columns[0]["key"] == "bracket_place"
    champion, runner_up = standings.rows[0], standings.rows[1]
    c, r = champion.participant.name, runner_up.participant.name
    assert champion.explanation == f"{c} is above {r}: {c} won the final, {r} lost the final (bracket places 1 and 2)"
    assert "won the third-place match" in runner_up.explanation
    assert "level on every tie-break" not in " ".join(row.explanation for row in standings)


def _carnac(name: str, count: int, sizes: tuple[int, ...]) -> Entrant:
    game = GamePlayed(1, True, 1, 2, 2, float(count), (float(count), *map(float, sizes)))
    return Entrant(id=name, name=name, rounds=(RoundResult(1, 0.5, 0.5, (), None, (game,)),))


def test_why_names_the_dolmen_size_when_the_dolmen_counts_are_level():
    standings = compute_standings([_carnac("felix", 4, (3, 2)), _carnac("chloe", 4, (2, 2))], ["carnac_dolmens"])
    why = standings.why("felix", "chloe")
    assert "4 to 4" not in why
    assert why == (
        "felix is above chloe: dolmens 4 each; largest dolmen size 3 to size 2 "
        "(the rulebook compares the largest dolmens next)"
    )


def test_why_says_when_the_drawing_of_lots_decided():
    level = [Entrant(id=n, name=n, rounds=(RoundResult(1, 0.5, 0.5),)) for n in ("ana", "bo")]
    standings = compute_standings(level, ["match_points", "lots"], Scoring(lots_seed=7))
    top, other = (row.entrant.name for row in standings.rows)
    assert standings.why(top, other).startswith(
        f"{top} is above {other}: level on match points; the drawing of lots decided"
    )


def test_why_names_the_figure_of_a_game_tuple_that_differs_and_keeps_its_sign():
    def crew(name, rescue, lost):
        game = GamePlayed(1, True, 1, 4, 1, rescue, (rescue, -lost, 0.0))
        return Entrant(id=name, name=name, rounds=(RoundResult(1, 1, 1, (), None, (game,)),))

    standings = compute_standings([crew("a", 30.0, 2), crew("b", 30.0, 5), crew("c", -35.0, 7)], ["fog_rescue_points"])
    assert standings.why("a", "b").endswith("level on rescue points, then islanders lost 2 to 5 (fewer is better)")
    assert standings.row("c").values["fog_rescue_points"].shown == "-35 / 7 / 0"
