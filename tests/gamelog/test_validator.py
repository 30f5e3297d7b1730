"""The replay validator judges a log: valid, the first bad move, result against the moves."""

from hypothesis import given, settings
from hypothesis import strategies as st

from games.gamelog import ClaimedResult, GameLog, Seat
from games.gamelog.validator import replay, validate

SEATS = (Seat("Alice"), Seat("Bob"))
LAYOUT = {"pile": 5, "secrets": [3, 4]}


def nim_log(moves, result=None, **changes):
    fields = {"game": "misty-nim", "seats": SEATS, "layout": LAYOUT, "moves": tuple(moves), "result": result}
    fields.update(changes)
    return GameLog(**fields)


def test_a_finished_game_with_the_right_result_is_valid(misty_nim):
    verdict = validate(nim_log(["t2", "t3"], ClaimedResult((2, 1), scores=(0, 1))))
    assert verdict.valid and verdict.finished and verdict.result_matches
    assert verdict.outcome.ranks == (2, 1)
    assert verdict.plies_replayed == 2
    assert "valid: 2 moves replayed; result 2-1" in verdict.summary


def test_the_first_illegal_move_is_named_with_its_number_and_reason(misty_nim):
    verdict = validate(nim_log(["t1", "t3", "t3"]))
    assert not verdict.valid
    assert verdict.bad_move.ply == 3
    assert verdict.bad_move.text == "t3"
    assert verdict.bad_move.seat == 0
    assert "you may take 1 to 1 pebbles" in verdict.bad_move.reason
    assert verdict.plies_replayed == 2
    assert "move 3 't3' (seat 1)" in verdict.problems[0]


def test_text_that_is_no_move_is_a_bad_move(misty_nim):
    verdict = validate(nim_log(["take-two"]))
    assert verdict.bad_move.ply == 1
    assert "write t1, t2 or t3" in verdict.bad_move.reason


def test_a_move_after_the_end_is_a_bad_move(misty_nim):
    verdict = validate(nim_log(["t2", "t3", "t1"]))
    assert verdict.bad_move.ply == 3
    assert "already over after move 2" in verdict.bad_move.reason


def test_a_claimed_result_that_the_moves_contradict_is_invalid(misty_nim):
    verdict = validate(nim_log(["t2", "t3"], ClaimedResult((1, 2))))
    assert not verdict.valid
    assert verdict.result_matches is False
    assert "claimed result 1-2 does not match the moves, which give 2-1" in verdict.problems[0]


def test_claimed_scores_are_checked_too(misty_nim):
    verdict = validate(nim_log(["t2", "t3"], ClaimedResult((2, 1), scores=(0, 5))))
    assert not verdict.valid
    assert "claimed scores 0 5 do not match" in verdict.problems[0]


def test_a_normal_result_needs_a_finished_game(misty_nim):
    verdict = validate(nim_log(["t2"], ClaimedResult((1, 2))))
    assert not verdict.valid
    assert "moves stop before the end" in verdict.problems[0]


def test_an_unfinished_log_without_a_claim_is_valid_but_unfinished(misty_nim):
    verdict = validate(nim_log(["t2"]))
    assert verdict.valid and not verdict.finished and verdict.outcome is None
    assert verdict.notes


def test_a_resignation_is_taken_as_reported_when_the_moves_are_legal(misty_nim):
    verdict = validate(nim_log(["t2"], ClaimedResult((2, 1), termination="resignation")))
    assert verdict.valid and verdict.result_matches is None
    assert "resignation" in verdict.notes[0]


def test_a_resignation_after_the_game_ended_is_invalid(misty_nim):
    verdict = validate(nim_log(["t2", "t3"], ClaimedResult((2, 1), termination="resignation")))
    assert not verdict.valid


def test_an_unknown_game_is_invalid_and_named(misty_nim):
    verdict = validate(nim_log([], game="chess"))
    assert not verdict.valid
    assert "no game called 'chess'" in verdict.problems[0]
    assert "misty-nim" in verdict.problems[0]


def test_bad_options_are_invalid_with_the_option_named(misty_nim):
    verdict = validate(nim_log([], options={"take_max": 9}))
    assert "setup: option 'take_max' must be at most 5" in verdict.problems[0]
    verdict = validate(nim_log([], options={"colour": "red"}))
    assert "has no option 'colour'" in verdict.problems[0]


def test_a_wrong_seat_count_is_invalid(misty_nim):
    verdict = validate(nim_log([], seats=tuple(Seat(f"P{i}") for i in range(5))))
    assert "is played by 2 to 3 players, not 5" in verdict.problems[0]


def test_a_random_setup_must_be_written_out(misty_nim):
    verdict = validate(nim_log([], layout=None))
    assert "must write out its layout" in verdict.problems[0]


def test_a_bad_layout_is_invalid(misty_nim):
    verdict = validate(nim_log([], layout={"pile": 0, "secrets": [1, 2]}))
    assert "at least one pebble" in verdict.problems[0]


def test_replay_yields_every_state_in_order(misty_nim):
    steps = list(replay(nim_log(["t2", "t3"])))
    assert [(ply, text) for ply, text, _ in steps] == [(0, ""), (1, "t2"), (2, "t3")]
    assert [state.pile for _, _, state in steps] == [5, 3, 0]


@given(st.lists(st.sampled_from(["t1", "t2", "t3", "t4", "x"]), max_size=8))
@settings(max_examples=200, deadline=None)
def test_any_move_list_gets_a_verdict_never_an_exception(moves):
    from games.engines import register, unregister
    from tests.toygame import ENGINE

    register(ENGINE)
    try:
        verdict = validate(nim_log(moves))
    finally:
        unregister(ENGINE.info.slug)
    assert verdict.valid == (verdict.bad_move is None)
    if verdict.bad_move:
        assert 1 <= verdict.bad_move.ply <= len(moves)
