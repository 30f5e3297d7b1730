"""Scoring from above: what a dolmen is, and how the rulebook ranks two sets of dolmens.

Positions are built with legal moves; the ranking tests then declare them finished
(``to_move=None``) so that a handful of megaliths can show each rule without 28 of them.
"""

from games.engines.carnac import scoring
from games.engines.carnac.moves import RED, WHITE
from tests.engines.carnac.positions import ENGINE, build


def finished(specs, **options):
    return build(specs, options or None)._replace(to_move=None, pending=())


def dolmens_of(state):
    return [(d.colour, d.size) for d in scoring.dolmens(state.board, state.cells)]


def test_a_dolmen_needs_at_least_three_symbols_of_one_colour():
    assert dolmens_of(build(["a1 w", "b1 w"])) == []
    assert dolmens_of(build(["a1 w", "b1 w", "c1 w"])) == [(WHITE, 3)]


def test_symbols_of_the_other_colour_do_not_join_a_dolmen():
    assert dolmens_of(build(["a1 w", "b1 r", "c1 w", "d1 w"])) == []


def test_a_lying_megalith_shows_two_symbols():
    state = build(["a1 r e", "d1 r"])  # b1-c1 lying red, d1 standing red
    assert dolmens_of(state) == [(RED, 3)]


def test_a_standing_megalith_shows_one_symbol_from_above():
    assert dolmens_of(build(["a1 w", "a2 w"])) == []


def test_the_player_with_more_dolmens_wins():
    assert ENGINE.outcome(finished(["a1 r", "b1 r", "c1 r", "a5 w e"])).ranks == (1, 2)
    more = ENGINE.outcome(finished(["a1 r", "b1 r", "c1 r", "a5 w e", "d5 w", "j7 w", "j6 w", "j5 w"]))
    assert more.scores == (1, 2) and more.ranks == (2, 1)
    assert more.reason == "White has more dolmens (2 to 1)"


def test_on_equal_counts_the_largest_dolmen_wins():
    # Red: 4 symbols in a row. White: 3 symbols.
    outcome = ENGINE.outcome(finished(["a1 r e", "d1 r", "e1 r", "a5 w e", "d5 w"]))
    assert outcome.scores == (1, 1)
    assert outcome.ranks == (1, 2)
    assert "largest dolmen is bigger (4 to 3)" in outcome.reason


def test_further_ties_are_decided_by_the_next_largest_dolmens():
    # Both have a dolmen of 4 and one more: red's second is 4, white's 3.
    red = ["a1 r e", "d1 r", "e1 r", "a3 r e", "d3 r", "e3 r"]
    white = ["a5 w e", "d5 w", "e5 w", "h1 w", "h2 w", "h3 w"]
    outcome = ENGINE.outcome(finished(red + white))
    assert outcome.seats[0].tiebreak == (2, 4, 4) and outcome.seats[1].tiebreak == (2, 4, 3)
    assert outcome.ranks == (1, 2)
    assert "second largest" in outcome.reason


def test_all_equal_is_a_draw():
    outcome = ENGINE.outcome(finished(["a1 r e", "d1 r", "a5 w e", "d5 w"]))
    assert outcome.is_draw and outcome.ranks == (1, 1)
    assert outcome.reason == "a draw: 1 dolmen each, of the same sizes"
    nobody = ENGINE.outcome(finished(["a1 r"]))
    assert nobody.is_draw and nobody.reason == "a draw: nobody built a dolmen"


def test_the_tiebreak_is_the_count_then_sizes_largest_first_padded_to_the_same_length():
    outcome = ENGINE.outcome(finished(["a1 r", "b1 r", "c1 r", "a5 w e", "d5 w", "j7 w", "j6 w", "j5 w"]))
    assert outcome.seats[0].tiebreak == (1, 3, 0)
    assert outcome.seats[1].tiebreak == (2, 3, 3)


def test_the_outcome_lists_every_dolmen_with_its_colour_and_squares():
    outcome = ENGINE.outcome(finished(["a1 r e", "d1 r", "a5 w e", "d5 w", "j7 w", "j6 w", "j5 w"]))
    dolmens = outcome.details["dolmens"]
    assert {"colour": "red", "size": 3, "squares": ["b1", "c1", "d1"]} in dolmens
    assert {"colour": "white", "size": 3, "squares": ["j5", "j6", "j7"]} in dolmens
    assert len(dolmens) == 3
    assert outcome.seats[1].details == {"colour": "white", "dolmens": 2, "sizes": [3, 3]}


def test_seats_score_the_colour_they_play():
    specs = ["a1 r e", "d1 r", "a5 w e", "d5 w", "j7 w", "j6 w", "j5 w"]
    assert ENGINE.outcome(finished(specs)).scores == (1, 2)
    assert ENGINE.outcome(finished(specs, first_colour="white")).scores == (2, 1)
