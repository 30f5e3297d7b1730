"""Each rule of the Brouillard rulebook, checked from real positions."""

import pytest

from games.engines import IllegalMove, InvalidOptions, NotationError
from games.engines.brouillard import ENGINE
from games.engines.brouillard.board import parse_square
from games.engines.brouillard.moves import Probe, Setup, Step
from games.engines.brouillard.rules import all_setups

from .helpers import SETUP_1, SETUP_2, position, squares

FORWARD_1 = "Qd1,Wb2,Wd3,Wf2"  # a Watcher on d3 watches row 4 and can jump to d5
QUEEN_ON_D5 = "Qd5,Wb6,Wd6,Wf6"
WATCHER_ON_D5 = "Qd7,Wb6,Wd5,Wf6"


def sq(name):
    return parse_square(name)


def targets_from(state, origin):
    return {m.target for m in ENGINE.legal_moves(state) if isinstance(m, Step) and m.origin == sq(origin)}


def names(squares_):
    from games.engines.brouillard.board import name

    return {name(s) for s in squares_}


# --- board and setup -------------------------------------------------------------------------


def test_the_board_is_seven_by_seven():
    assert parse_square("a1") == 0 and parse_square("g7") == 48
    assert parse_square("h1") is None and parse_square("a8") is None
    state = position()
    assert len([m for m in ENGINE.legal_moves(state) if isinstance(m, Probe)]) == 49


def test_each_side_places_one_queen_and_three_watchers_in_its_three_nearest_rows():
    state = ENGINE.setup()
    setups = ENGINE.legal_moves(state)
    assert len(setups) == 23940  # C(21, 4) squares times 4 choices of Queen
    assert all(isinstance(m, Setup) and max(m.queen, *m.watchers) < 21 for m in setups)
    assert all(min(m.queen, *m.watchers) >= 28 for m in all_setups(1))
    with pytest.raises(IllegalMove, match=r"rows 1-3, not on d4"):
        ENGINE.play_text(state, "Qd4,Wa1,Wb1,Wc1")
    state = ENGINE.play_text(state, SETUP_1)
    with pytest.raises(IllegalMove, match=r"rows 5-7, not on a4"):
        ENGINE.play_text(state, "Qd7,Wa4,Wb7,Wc7")


def test_a_setup_has_exactly_one_queen_and_three_watchers_on_different_squares():
    state = ENGINE.setup()
    for text in ("Qd1,Qb2,Wd2,Wf2", "Qd1,Wb2,Wd2", "Qd1,Wd1,Wb2,Wf2"):
        with pytest.raises(NotationError):
            ENGINE.play_text(state, text)


def test_both_secret_setups_come_first_then_seat_one_moves():
    state = ENGINE.setup()
    assert ENGINE.to_move(state) == 0
    with pytest.raises(IllegalMove, match="must first place"):
        ENGINE.play(state, Step(sq("d2"), sq("d3")))
    state = ENGINE.play_text(state, SETUP_1)
    assert ENGINE.to_move(state) == 1
    state = ENGINE.play_text(state, SETUP_2)
    assert ENGINE.to_move(state) == 0
    assert not any(isinstance(m, Setup) for m in ENGINE.legal_moves(state))
    with pytest.raises(IllegalMove, match="already placed"):
        ENGINE.play(state, all_setups(0)[0])


def test_seat_one_moves_first_unless_the_event_says_otherwise():
    state = ENGINE.setup({"first_seat": 2})
    assert ENGINE.to_move(state) == 1
    state = ENGINE.play_text(state, SETUP_2)
    state = ENGINE.play_text(state, SETUP_1)
    assert ENGINE.to_move(state) == 1
    state = ENGINE.play_text(state, "d6d5")
    assert ENGINE.to_move(state) == 0


# --- moving -------------------------------------------------------------------------------------


def test_a_piece_moves_to_a_neighbouring_square_diagonals_included():
    state = position()
    assert names(targets_from(state, "b2")) == {"a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3", "b4"}


def test_a_piece_moves_two_squares_in_a_straight_orthogonal_line_not_diagonally():
    state = position()
    assert sq("d4") in targets_from(state, "d2")
    assert sq("f4") not in targets_from(state, "d2")
    with pytest.raises(IllegalMove, match="neighbouring square or two squares in a straight line: d2 to f4"):
        ENGINE.play_text(state, "d2f4")


def test_the_diagonal_two_step_option_also_allows_two_squares_diagonally():
    state = position(diagonal_two_step=True)
    assert {sq("f4"), sq("b4"), sq("d4")} <= targets_from(state, "d2")
    state = ENGINE.play_text(state, "d2f4")
    assert state.armies[0] & (1 << sq("f4"))


def test_pieces_pass_over_other_pieces():
    state = ENGINE.play_text(position(), "d1d3")  # over the Watcher on d2
    assert state.queens[0] == sq("d3")


def test_a_piece_cannot_stop_on_a_piece_of_its_own_side():
    state = position()
    assert sq("d2") not in targets_from(state, "b2")
    with pytest.raises(IllegalMove, match="cannot stop on d2: your own piece stands there"):
        ENGINE.play_text(state, "b2d2")


def test_a_move_must_start_from_a_piece_of_the_seat_to_play():
    with pytest.raises(IllegalMove, match="you have no piece on d6"):
        ENGINE.play_text(position(), "d6d5")


# --- capturing ------------------------------------------------------------------------------------


def test_moving_onto_an_enemy_piece_captures_it_and_reveals_it_to_both():
    state = position(setups=(FORWARD_1, WATCHER_ON_D5))
    assert ENGINE.move_to_text(state, Step(sq("d3"), sq("d5"))) == "d3xd5=W"
    state = ENGINE.play_text(state, "d3d5")
    assert not state.armies[1] & (1 << sq("d5"))
    assert state.armies[0] & (1 << sq("d5"))
    for seat in (0, 1, None):
        view = ENGINE.observe(state, seat)
        assert view["events"][-1]["captured"] == "W"
        assert view["pieces_left"] == [4, 3]


def test_the_capturing_piece_square_becomes_known_to_the_victim():
    state = ENGINE.play_text(position(setups=(FORWARD_1, WATCHER_ON_D5)), "d3d5")
    victim = ENGINE.observe(state, 1)["events"][-1]
    assert victim["to"] == "d5"
    assert victim["from"] is None  # d3 was outside the victim's zone


def test_capturing_the_enemy_queen_wins_at_once():
    state = ENGINE.play_text(position(setups=(FORWARD_1, QUEEN_ON_D5)), "d3xd5=Q")
    assert ENGINE.to_move(state) is None
    outcome = ENGINE.outcome(state)
    assert outcome.ranks == (1, 2)
    assert "captured the enemy Queen" in outcome.reason
    assert ENGINE.legal_moves(state) == []


def test_capturing_the_queen_wins_even_with_fewer_pieces():
    # Seat 2 takes two Watchers first; then Seat 1 takes the Queen and still wins.
    setups = ("Qd1,Wa3,Wb3,Wd3", "Qd5,Wa5,Wb5,Wf6")
    state = position("?g1", "a5xa3=W", "?g2", "b5xb3=W", "d3xd5=Q", setups=setups)
    assert state.armies[0].bit_count() == 2 and state.armies[1].bit_count() == 3
    assert ENGINE.outcome(state).ranks == (1, 2)


# --- probing -------------------------------------------------------------------------------------


def test_a_probe_answers_the_number_of_enemy_pieces_on_the_eight_squares_around():
    state = position()
    assert ENGINE.move_to_text(state, Probe(sq("c7"))) == "?c7=3"  # b6, d6 and d7


def test_the_probed_square_itself_does_not_count():
    state = position()
    assert ENGINE.move_to_text(state, Probe(sq("d7"))) == "?d7=1"  # the Queen on d7 is not counted, d6 is


def test_the_probe_and_its_answer_are_known_to_both_players_and_the_spectator():
    state = ENGINE.play_text(position(), "?c7")
    for seat in (0, 1, None):
        probe = ENGINE.observe(state, seat)["last_probe"]
        assert (probe["square"], probe["count"], probe["by"]) == ("c7", 3, 0)


def test_a_turn_is_exactly_one_action():
    state = ENGINE.play_text(position(), "?c7")
    assert ENGINE.to_move(state) == 1
    assert state.taken == (1, 0)
    state = ENGINE.play_text(state, "d6d5")
    assert ENGINE.to_move(state) == 0
    assert state.taken == (1, 1)


# --- the mist ------------------------------------------------------------------------------------------


def test_the_mist_lifts_on_each_piece_and_the_eight_squares_around():
    view = ENGINE.observe(position(), 0)
    assert set(view["zone"]) == {f"{f}{r}" for f in "abcdefg" for r in (1, 2, 3)}
    view = ENGINE.observe(position(setups=(FORWARD_1, SETUP_2)), 0)
    assert {"c4", "d4", "e4"} <= set(view["zone"]) and "b4" not in view["zone"]


def test_an_enemy_piece_in_the_zone_shows_as_a_shadow_without_its_type():
    state = ENGINE.play_text(position(setups=(FORWARD_1, QUEEN_ON_D5)), "d3d4")
    view = ENGINE.observe(state, 0)
    assert view["shadows"] == ["d5"]
    assert "Q" not in str({k: v for k, v in view.items() if k != "mine"})


def test_a_seat_sees_an_enemy_piece_enter_its_zone():
    state = position("?a7", "d6d4", setups=(FORWARD_1, SETUP_2))
    event = ENGINE.observe(state, 0)["events"][-1]
    assert (event["from"], event["to"]) == (None, "d4")
    assert ENGINE.observe(state, 0)["shadows"] == ["d4"]


def test_a_seat_sees_an_enemy_piece_leave_its_zone():
    state = position("?a7", "d6d4", "?a7", "d4d6", setups=(FORWARD_1, SETUP_2))
    event = ENGINE.observe(state, 0)["events"][-1]
    assert (event["from"], event["to"]) == ("d4", None)
    assert ENGINE.observe(state, 0)["shadows"] == []


def test_a_seat_sees_an_enemy_piece_move_inside_its_zone():
    state = position("?a7", "d6d4", "?a7", "d4c4", setups=(FORWARD_1, SETUP_2))
    event = ENGINE.observe(state, 0)["events"][-1]
    assert (event["from"], event["to"]) == ("d4", "c4")


def test_moves_outside_the_zone_only_say_that_the_opponent_moved_a_piece():
    state = position("?a7", "b6b5", setups=(FORWARD_1, SETUP_2))
    event = ENGINE.observe(state, 0)["events"][-1]
    assert event == {"ply": 4, "by": 1, "type": "move", "from": None, "to": None, "captured": None, "shadows": []}


def test_sight_is_mutual_and_the_seen_piece_can_capture_in_turn():
    state = position("?a7", "d6d4", setups=(FORWARD_1, SETUP_2))
    assert ENGINE.observe(state, 0)["shadows"] == ["d4"]
    state = ENGINE.play_text(state, "?a7")
    assert "d3" in ENGINE.observe(state, 1)["shadows"]
    state = ENGINE.play_text(state, "d4xd3=W")
    assert state.armies[0].bit_count() == 3


def test_approaching_blind_is_dangerous_a_step_into_the_mist_captures_unseen():
    # Seat 1 cannot see d5 from d3, yet the two-square step lands on the hidden Watcher.
    state = position(setups=(FORWARD_1, WATCHER_ON_D5))
    assert "d5" not in ENGINE.observe(state, 0)["shadows"]
    assert ENGINE.move_to_text(state, Step(sq("d3"), sq("d5"))) == "d3xd5=W"


# --- the end ---------------------------------------------------------------------------------------------


def test_when_the_mist_closes_the_side_with_more_pieces_wins():
    state = position("d3d5", "?a1", "?a2", "?a3", setups=(FORWARD_1, WATCHER_ON_D5), turns=2)
    assert ENGINE.to_move(state) is None
    outcome = ENGINE.outcome(state)
    assert outcome.ranks == (1, 2) and outcome.scores == (4.0, 3.0)
    assert "kept 4 pieces against 3" in outcome.reason


def test_equal_counts_when_the_mist_closes_are_a_draw():
    state = position("?a1", "?a2", turns=1)
    assert ENGINE.outcome(state).is_draw


def test_the_game_lasts_forty_turns_each_by_default():
    state = position()
    for _ in range(79):
        state = ENGINE.play_text(state, "?a1")
    assert ENGINE.to_move(state) == 1
    state = ENGINE.play_text(state, "?a1")
    assert ENGINE.to_move(state) is None and state.taken == (40, 40)


def test_after_the_end_both_boards_are_revealed_and_the_game_is_replayable():
    state = ENGINE.play_text(position("?a7", "b6b5", setups=(FORWARD_1, QUEEN_ON_D5)), "d3d5")
    view = ENGINE.observe(state, None)
    assert squares(view["revealed"]["pieces"][1]) == {"b5", "d6", "f6"}
    assert {p["kind"] for p in view["revealed"]["pieces"][0]} == {"Q", "W"}
    assert view["events"][3]["from"] == "b6"  # the hidden step is public now
    replay = ENGINE.setup()
    for text in view["revealed"]["moves"]:
        replay = ENGINE.play_text(replay, text)
    assert replay == state


# --- the referee's log ---------------------------------------------------------------------------------


def test_a_recorded_answer_that_differs_from_the_truth_is_refused():
    state = position(setups=(FORWARD_1, WATCHER_ON_D5))
    with pytest.raises(IllegalMove, match="answers 3 to the probe of c7, but the true answer is 2"):
        ENGINE.play_text(state, "?c7=3")
    with pytest.raises(IllegalMove, match="captured nothing on d5, but an enemy Watcher stood there"):
        ENGINE.play_text(state, "d3-d5")
    with pytest.raises(IllegalMove, match="took a Queen on d5, but an enemy Watcher stood there"):
        ENGINE.play_text(state, "d3xd5=Q")
    with pytest.raises(IllegalMove, match="took a Watcher on d4, but nothing stood there"):
        ENGINE.play_text(state, "d3xd4=W")


def test_options_are_checked():
    with pytest.raises(InvalidOptions):
        ENGINE.normalize_options({"turns": 0})
    with pytest.raises(InvalidOptions):
        ENGINE.normalize_options({"first_seat": 3})
    with pytest.raises(InvalidOptions):
        ENGINE.normalize_options({"fog": True})
    assert ENGINE.normalize_options({}) == {"turns": 40, "diagonal_two_step": False, "first_seat": 1}
