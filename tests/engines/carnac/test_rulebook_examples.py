"""The worked examples of the rulebook, each reproduced from a position reached by legal moves."""

from games.engines.carnac import scoring
from games.engines.carnac.moves import RED, WHITE
from tests.engines.carnac.positions import ENGINE, build, moves_for, picture, play_texts

# "Example of Final Scoring": 5 dolmens each; largest 8 and 8; next largest white 6, red 5.
# All 28 megaliths are used (19 tilted, 9 left standing), so the game is over.
FINAL_SCORING_PICTURE = [
    "WWWWRWRRRR",  # 7
    "WWWWRWRRRR",  # 6
    "....RW....",  # 5
    "WWWR.RRRR.",  # 4
    "WWW.R...RW",  # 3
    "....R.WW.W",  # 2
    "RRR.R.W.RW",  # 1  (files a to j)
]
FINAL_SCORING_MEGALITHS = [
    # White 8: four megaliths tilted north from rank 5 onto ranks 6 and 7.
    *(f"{f}5 w n" for f in "abcd"),
    # Red 8: the same on files g to j.
    *(f"{f}5 r n" for f in "ghij"),
    "e4 r n",  # red e5-e6 (with e7 below: red 3)
    "f5 w n",  # white f6-f7 (with f5 below: white 3)
    *(f"{f}2 w n" for f in "abc"),  # white 6 on a3-c4
    "e4 r e",  # red f4-g4
    "j4 r w",  # red h4-i4 (with f4, g4 and i3: red 5)
    "e4 r s",  # red e3-e2 (with e1: red 3)
    "d1 r w",  # red c1-b1 (with a1: red 3)
    "f2 w e",  # white g2-h2 (with g1: white 3)
    "j4 w s",  # white j3-j2 (with j1: white 3)
    # The standing megaliths, then two red ones that border on no red symbol.
    *("e7 r", "f5 w", "i3 r", "e1 r", "a1 r", "g1 w", "j1 w", "d4 r", "i1 r"),
]


def test_the_final_scoring_example_white_wins_on_the_second_largest_dolmen():
    state = build(FINAL_SCORING_MEGALITHS)
    assert picture(state) == FINAL_SCORING_PICTURE
    assert state.stock == 0
    assert ENGINE.is_over(state)
    found = scoring.dolmens(state.board, state.cells)
    assert scoring.dolmen_sizes(found, WHITE) == [8, 6, 3, 3, 3]
    assert scoring.dolmen_sizes(found, RED) == [8, 5, 3, 3, 3]
    outcome = ENGINE.outcome(state)
    red_seat, white_seat = outcome.seats  # seat 1 plays red by default
    assert (red_seat.score, white_seat.score) == (5, 5)
    assert white_seat.rank == 1 and red_seat.rank == 2
    assert white_seat.tiebreak == (5, 8, 6, 3, 3, 3) and red_seat.tiebreak == (5, 8, 5, 3, 3, 3)
    assert "second largest" in outcome.reason and outcome.reason.startswith("White")
    assert len(outcome.details["dolmens"]) == 10


def test_the_final_scoring_example_replays_through_the_log_validator():
    from games.gamelog import GameLog, Seat
    from games.gamelog.validator import validate

    log = GameLog(game="carnac", seats=(Seat("Red"), Seat("White")), moves=tuple(moves_for(FINAL_SCORING_MEGALITHS)))
    verdict = validate(log)
    assert verdict.valid and verdict.finished
    assert verdict.outcome.ranks == (2, 1)


def test_six_white_symbols_bordering_on_each_other_are_one_dolmen():
    # Rulebook picture: two lying megaliths and two standing ones, all white side up, in one group.
    state = build(["a1 w e", "a2 w e", "d1 w", "d2 w"])
    found = scoring.dolmens(state.board, state.cells)
    assert [(d.colour, d.size) for d in found] == [(WHITE, 6)]


def test_the_smallest_dolmen_is_three_white_symbols():
    state = build(["a1 w e", "d1 w"])  # b1-c1 lying white, d1 standing white
    assert [(d.colour, d.size) for d in scoring.dolmens(state.board, state.cells)] == [(WHITE, 3)]
    smaller = build(["a1 w e"])
    assert scoring.dolmens(smaller.board, smaller.cells) == []


def test_diagonally_neighbouring_symbols_are_no_dolmen():
    state = build(["c3 w", "d4 w", "e5 w", "b4 w", "a5 w"])
    assert picture(state)[2:5] == ["W...W.....", ".W.W......", "..W......."]
    assert scoring.dolmens(state.board, state.cells) == []
    joined = play_texts(state, ["c4wn"])  # one symbol on c4 borders on c3, b4 and d4
    assert [d.size for d in scoring.dolmens(joined.board, joined.cells)] == [4]
