"""The Medium (2-5 players) and Large (2-6) beaches in random full games: invariants, notation, log replay,
colours per player and scoring of several colours.

Medium: four boats (blue, green, red, purple), 5 players play one colour each, 2 players two.
Large: five boats (with olive), 6 players one colour each, 3 players two colours each, and with
option 9 two players three colours each.
"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.fog import movegen
from games.engines.fog.state import OVER
from games.gamelog import GameLog, Seat
from games.gamelog.validator import validate
from tests.engines.fog.positions import ENGINE, arrange, play
from tests.engines.fog.test_properties import check_invariants, check_step, play_random

TABLES = [
    ({"board": "medium"}, 5),
    ({"board": "large"}, 6),
    ({"board": "large"}, 3),
]
UNCERTAIN = {
    "events": "on",
    "guardians": "mixed",
    "fog_uncertainty": "with_c",
    "missions": "both",
    "enhanced_movements": True,
    "drive_off": "advanced",
    "rescue_the_leaders": True,
}


def check_finished(first, last):
    """Every islander drafted once, each ends aboard, on a pier, lost, or left behind and lost."""
    rules = last.rules
    board = rules.board
    counts = [first.owner.count(c) for c in range(rules.colours)]
    assert first.phase != OVER and min(last.owner) >= 0
    shares = [last.owner.count(c) for c in range(rules.colours)]
    # One islander each in turn; with Rescue the Leaders a colour holding its Leader passes once only
    # Leaders are left, so the shares may then differ by two.
    spread = 2 if rules.leaders else 1
    assert max(shares) - min(shares) <= spread and sum(shares) == len(board.islanders)
    if rules.leaders:
        assert sorted(last.owner[i] for i in rules.leaders) == list(range(rules.colours))  # one Leader each
    assert counts == [0] * rules.colours or counts == shares
    for i, u in enumerate(last.where):
        aboard = u >= board.hexes
        on_pier = 0 <= u < board.hexes and board.kinds[u] == "pier"
        assert aboard or on_pier or (u < 0 and last.lost_row[i] >= 0)
    result = ENGINE.outcome(last)
    assert len(result.details["colours"]) == rules.colours
    return result


@pytest.mark.parametrize(("options", "seats"), TABLES)
@settings(max_examples=3, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_random_play_keeps_the_invariants_on_the_medium_and_large_beaches(options, seats, rng):
    first, _, last = play_random(options, seats, rng)
    assert last.phase == OVER
    check_finished(first, last)


@pytest.mark.parametrize(("options", "seats"), TABLES)
def test_random_medium_and_large_games_replay_through_the_log_validator(options, seats):
    first, texts, last = play_random(options, seats, random.Random(seats), check=False)
    log = GameLog(
        game="fog",
        options=ENGINE.normalize_options(options),
        seats=tuple(Seat(name=f"P{i + 1}") for i in range(seats)),
        layout=json.loads(json.dumps(ENGINE.layout(first))),
        moves=tuple(texts),
    )
    verdict = validate(log)
    assert verdict.valid and verdict.finished, verdict.summary
    assert verdict.outcome == ENGINE.outcome(last)


@pytest.mark.parametrize(("options", "seats"), TABLES)
@settings(max_examples=2, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_every_legal_move_on_the_medium_and_large_beaches_round_trips_through_the_notation(options, seats, rng):
    state = ENGINE.setup(options, seats=seats, seed=rng.randrange(1000))
    for _ in range(rng.randrange(60, 160)):
        if ENGINE.to_move(state) is None:
            break
        moves = ENGINE.legal_moves(state)
        for move in moves:
            assert ENGINE.parse_move(state, ENGINE.move_to_text(state, move)) == move
        state = ENGINE.play(state, moves[rng.randrange(len(moves))])


def test_three_players_on_the_large_beach_score_their_lowest_colour():
    first, _, last = play_random({"board": "large"}, 3, random.Random(5))
    assert last.rules.colours == 6 and last.rules.seat_of == (0, 1, 2, 0, 1, 2)
    result = check_finished(first, last)
    rows = result.details["colours"]
    for seat in range(3):
        mine = [rows[seat], rows[seat + 3]]
        assert result.seats[seat].score == min(r["rp"] for r in mine)
        assert [r["colour"] for r in result.seats[seat].details["colours"]] == [r["colour"] for r in mine]
    total = play_random({"board": "large", "score_colours": "total"}, 3, random.Random(5))[2]
    summed = ENGINE.outcome(total)
    for seat in range(3):
        assert summed.seats[seat].score == sum(r["rp"] for r in summed.seats[seat].details["colours"])


def test_the_intensive_two_player_game_on_the_large_beach_plays_to_the_end():
    first, _, last = play_random({"board": "large", "intensive_two_player": True}, 2, random.Random(2))
    result = check_finished(first, last)
    assert [len(s.details["colours"]) for s in result.seats] == [3, 3]


@pytest.mark.parametrize(("board", "seats", "corner"), [("standard", 4, 7), ("medium", 5, 8), ("large", 6, 9)])
def test_the_fog_deck_has_seven_a_cards_on_medium_and_large_and_starts_at_their_corner(board, seats, corner):
    state = ENGINE.setup({"board": board, "fog_uncertainty": "on"}, seats=seats, seed=1)
    a_cards = 5 if board == "standard" else 7
    assert sorted(state.fog_deck) == [*range(7, 7 + a_cards), 14, 15]
    with_c = ENGINE.setup({"board": board, "fog_uncertainty": "with_c"}, seats=seats, seed=1)
    assert sorted(with_c.fog_deck) == [*range(9, 7 + a_cards), 14, 15, 16, 17]  # two A cards make room for C
    assert state.rules.board.fog_corner == corner
    # Above the corner the FOG moves one step without a card; from the corner on it draws.
    before = arrange({"K3": ("bE1", "black")}, options={"board": board, "fog_uncertainty": "on"}, seats=seats)
    before = before._replace(fog=corner + 1, fog_deck=(15, 7))
    after = play(before, *["end"] * seats)
    assert after.fog == corner and after.fog_drawn == ()
    after = play(after, *["end"] * seats)
    assert after.fog == corner - 2 and after.fog_drawn == (15,)  # card 15: two steps


@pytest.mark.parametrize(
    ("team_play", "teams", "scores"),
    [
        ("total", 3, (18, 9, 9, 18, 9, 9)),  # teams: seats 1+4, 2+5, 3+6
        ("lowest", 3, (9, 0, 0, 9, 0, 0)),
        ("total", 2, (9, 27, 9, 27, 9, 27)),  # teams: seats 1+3+5, 2+4+6
        ("lowest", 2, (0, 9, 0, 9, 0, 9)),
    ],
)
def test_team_play_with_six_players_in_two_or_three_teams(team_play, teams, scores):
    options = {"board": "large", "team_play": team_play, "teams": teams}
    layout = ENGINE.make_layout(ENGINE.normalize_options(options), 6, random.Random(1))
    layout["boat_scoring"] = {"A": 6, "B": 5, "C": 4, "D": 2}
    # Four colours each have one Sailor in its nation's boat, area B: 4 + 5 = 9 RP; yellow and orange none.
    aboard = {"bBl": [("bS1", "black")], "pBl": [("pS1", "pink")], "oBl": [("oS1", "white")], "rBl": [("rS1", "teal")]}
    state = arrange({}, options=options, seats=6, layout=layout, aboard=aboard)
    result = ENGINE.outcome(state._replace(phase=OVER, colour=-1))
    assert [row["rp"] for row in result.details["colours"]] == [9, 9, 0, 9, 0, 9]
    assert result.scores == scores
    assert len(result.details["teams"]) == teams


def test_on_the_large_beach_a_shared_pier_reaches_both_boats_and_a_middle_place():
    # P13 is the red boat's right pier and the purple boat's left pier; purple's area B has three
    # Sailor places (left, middle, right).
    state = arrange({"P13": ("pS1", "black")}, options={"board": "large"}, seats=6)
    table = {ENGINE.move_to_text(state, m): c for m, c in movegen.movement_costs(state).items()}
    assert table["P13-pBl"] == 1 and table["P13-pBm"] == 1 and table["P13-rBr"] == 1
    assert table["P13-pBr"] == 2  # the far side only through the places in between
    assert table["P13-rBl"] == 2  # and so is the red boat's left side
    after = play(state, "P13-pBm")
    assert after.bonuses[0] == (6,) and state.rules.board.boats[3].bonuses == (6, 5, 4, 3, 2, 1)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("options", "seats"), [*TABLES, ({"board": "medium"}, 2), ({"board": "large"}, 4), ({}, 4), ({}, 2)]
)
def test_many_random_games_with_every_uncertainty_deck_on_the_medium_and_large_beaches(options, seats):
    rng = random.Random(seats * 31)
    for _ in range(6):
        first, _, last = play_random({**options, **UNCERTAIN}, seats, rng)
        check_finished(first, last)


@pytest.mark.slow
@pytest.mark.parametrize(("options", "seats"), [({}, 4), *TABLES])
def test_greedy_games_with_every_option_keep_the_invariants(options, seats):
    """Greedy crews reach the boats, so boarding, Drive Off, bonuses and missions are played too."""
    from games.ai.base import TurnContext
    from games.ai.registry import get_player

    greedy = get_player("fog", "greedy")
    options = {**options, **UNCERTAIN, "missions_mode": "open", "boats_without_colour": True, "minimum_crew": True}
    normal = ENGINE.normalize_options(options)
    rng = random.Random(seats)
    state = ENGINE.setup(options, seats=seats, seed=seats)
    first = state
    while ENGINE.to_move(state) is not None:
        seat, moves = ENGINE.to_move(state), ENGINE.legal_moves(state)
        view = ENGINE.observe(state, seat)
        move = greedy.choose(
            TurnContext(engine=ENGINE, seat=seat, view=view, legal_moves=moves, options=normal, rng=rng)
        )
        after = ENGINE.play(state, move)
        check_invariants(after)
        check_step(state, move, after)
        state = after
    result = check_finished(first, state)
    assert any(state.aboard) and all("missions" in row["categories"] for row in result.details["colours"])
