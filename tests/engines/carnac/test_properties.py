"""Random legal play keeps every invariant; moves round-trip; random games replay through the validator."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.carnac.board import MEGALITHS, STEPS
from games.engines.carnac.moves import DECLINE, EMPTY, LYING, STANDING, TILT, tilt_colour
from games.engines.carnac.play import pending_after_placement
from games.gamelog import GameLog, Seat, jsonform, textform
from games.gamelog.model import ClaimedResult
from games.gamelog.validator import validate
from tests.engines.carnac.positions import ENGINE

boards = st.sampled_from(["small", "medium", "large"])


def check_invariants(state):
    board, cells = state.board, state.cells
    standing = sum(1 for code in cells if STANDING <= code < LYING)
    lying = sum(1 for code in cells if code >= LYING)
    # Stone count: every megalith is in the stockpile, standing, or lying on exactly two squares.
    assert lying % 2 == 0
    assert standing + lying // 2 + state.stock == MEGALITHS
    # No overlap: each lying half's other half is next to it, lies back towards it, in the same colour.
    for square, code in enumerate(cells):
        if code >= LYING:
            colour, direction = divmod(code - LYING, 4)
            partner = board.step(square, direction)
            assert partner is not None
            assert cells[partner] == LYING + colour * 4 + (direction + 2) % 4
    # The placements on offer are exactly the four variants of each empty square.
    empty = [sq for sq, code in enumerate(cells) if code == EMPTY]
    assert state.placements == tuple(sq * 4 + v for sq in empty for v in range(4))
    if state.to_move is None:
        assert state.stock == 0 or not empty or not state.pending
        assert ENGINE.outcome(state) is not None
    elif state.pending:
        assert STANDING <= cells[state.last_square] < LYING
        assert state.pending == pending_after_placement(board, cells, state.last_square)
        assert state.pending[-1] == DECLINE
    else:
        assert state.stock > 0 and empty


def check_transition(before, move, after):
    assert after.ply == before.ply + 1
    if TILT <= move < DECLINE:
        direction = move - TILT
        variant = before.cells[before.last_square] - STANDING
        first, second = before.board.tilt_targets[before.last_square][direction]
        shown = tilt_colour(variant, direction)
        # Colours: the tilted megalith shows the colour of the faces of its axis on both squares.
        assert after.cells[first] == LYING + shown * 4 + direction
        assert after.cells[second] == LYING + shown * 4 + (direction + 2) % 4
        assert after.cells[before.last_square] == EMPTY
        assert after.to_move in (before.to_move, None)
    elif move == DECLINE:
        assert after.cells == before.cells
    else:
        assert after.cells[move >> 2] == STANDING + (move & 3)
        assert after.stock == before.stock - 1
    changed = sum(1 for a, b in zip(before.cells, after.cells) if a != b)
    assert changed == {DECLINE: 0}.get(move, 3 if move >= TILT else 1)


def random_game(data, board):
    state = ENGINE.setup({"board": board})
    states, moves = [state], []
    while not ENGINE.is_over(state):
        legal = ENGINE.legal_moves(state)
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        moves.append(move)
        state = ENGINE.play(state, move)
        states.append(state)
    return states, moves


@settings(max_examples=25, deadline=None)
@given(data=st.data(), board=boards)
def test_random_legal_play_never_breaks_an_invariant(data, board):
    states, moves = random_game(data, board)
    for before, move, after in zip(states, moves, states[1:]):
        check_invariants(after)
        check_transition(before, move, after)
    assert ENGINE.legal_moves(states[-1]) == ()


@settings(max_examples=15, deadline=None)
@given(data=st.data(), board=boards)
def test_every_legal_move_round_trips_through_the_notation(data, board):
    states, _ = random_game(data, board)
    for state in states[:: max(1, len(states) // 8)]:
        seen = {}
        for move in ENGINE.legal_moves(state):
            text = ENGINE.move_to_text(state, move)
            assert text not in seen and " " not in text
            seen[text] = move
            assert ENGINE.parse_move(state, text) == move


@settings(max_examples=15, deadline=None)
@given(data=st.data(), board=boards)
def test_every_view_is_json_safe_and_rebuilds_the_exact_state(data, board):
    states, _ = random_game(data, board)
    for state in states:
        view = ENGINE.observe(state, state.to_move)
        assert json.loads(json.dumps(view)) == view
        assert ENGINE.determinize(view, random.Random(0)) == state


@settings(max_examples=10, deadline=None)
@given(data=st.data(), board=boards)
def test_random_games_replay_through_the_log_validator(data, board):
    states, moves = random_game(data, board)
    texts = tuple(ENGINE.move_to_text(s, m) for s, m in zip(states, moves))
    outcome = ENGINE.outcome(states[-1])
    log = GameLog(
        game="carnac",
        options={"board": board},
        seats=(Seat("Ann"), Seat("Bob")),
        moves=texts,
        result=ClaimedResult(ranks=outcome.ranks, scores=outcome.scores),
    )
    for form in (jsonform, textform):
        verdict = validate(form.loads(form.dumps(log)))
        assert verdict.valid, verdict.summary
        assert verdict.finished and verdict.result_matches
        assert verdict.outcome == outcome


def test_a_log_with_a_wrong_claim_or_a_bad_move_is_caught():
    log = GameLog(game="carnac", seats=(Seat("Ann"), Seat("Bob")), moves=("e4wn", "tn", "e5rn"))
    verdict = validate(log)
    assert not verdict.valid and verdict.bad_move.ply == 3
    assert "the square e5 is taken by a lying megalith" in verdict.bad_move.reason


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(data=st.data(), board=boards)
def test_many_random_games_keep_the_invariants(data, board):
    states, moves = random_game(data, board)
    for before, move, after in zip(states, moves, states[1:]):
        check_invariants(after)
        check_transition(before, move, after)


def test_steps_point_the_way_the_names_say():
    board = ENGINE.setup({}).board
    e4 = board.parse_square("e4")
    assert [board.square_names[board.step(e4, d)] for d in range(4)] == ["e5", "f4", "e3", "d4"]
    assert len(STEPS) == 4
