"""The turns of a clearing position are made on demand (``ClearingTurns``); they must be exactly the
list the rules give, in the same order, whatever a caller does with them."""

import random

import pytest

from games.engines.menhirs import ENGINE
from games.engines.menhirs.board import bits_of
from games.engines.menhirs.rules import ClearingTurns, RuleError, Slide, check_turn, fog_slides, slid_fog

from .helpers import position


def turns_listed_by_the_rules(state):
    """Every slide with every tile that may then go, in order: the eager list the engine gave before."""
    table = state.table
    turns = []
    for part, direction in fog_slides(state):
        after = slid_fog(state.fog, part, direction)
        if not after & table.menhirs:
            turns.append(Slide(part, direction))
            continue
        choices = []
        for index in bits_of(after):
            try:
                check_turn(state, Slide(part, direction, index))
            except RuleError:
                continue
            choices.append(index)
        if not choices:
            turns.append(Slide(part, direction))
        turns.extend(Slide(part, direction, index) for index in choices)
    return turns


def clearing_positions(options, games=12):
    for seed in range(games):
        rng = random.Random(seed)
        state = ENGINE.setup(options, seed=seed)
        while not ENGINE.is_over(state):
            if state.table.clears(state.ply):
                yield state
            moves = ENGINE.legal_moves(state)
            state = ENGINE.play(state, moves[rng.randrange(len(moves))])


@pytest.mark.parametrize(
    "options", [{}, {"clearing_starts": "english"}, {"menhirs": 5}, {"split_parts_keep_three": True}]
)
def test_clearing_turns_are_the_rules_turns_in_the_same_order(options):
    seen = 0
    for state in clearing_positions(options):
        turns = ENGINE.legal_moves(state)
        assert isinstance(turns, ClearingTurns)
        expected = turns_listed_by_the_rules(state)
        assert list(turns) == expected
        assert len(turns) == len(expected)
        assert [turns[i] for i in range(len(turns))] == expected
        assert turns == expected and turns == tuple(expected)
        seen += 1
    assert seen > 50


def test_indexing_and_slicing_a_clearing_position_behave_like_a_list():
    state = next(clearing_positions({}))
    turns = ENGINE.legal_moves(state)
    listed = list(turns)
    assert len(listed) > 20
    assert turns[-1] == listed[-1] and turns[-len(listed)] == listed[0]
    assert turns[3:11:2] == listed[3:11:2] and turns[::-1] == listed[::-1]
    assert turns.index(listed[7]) == 7 and turns.count(listed[7]) == 1
    for bad in (len(listed), -len(listed) - 1):
        with pytest.raises(IndexError):
            turns[bad]
    assert random.Random(5).choice(turns) == random.Random(5).choice(listed)


def test_in_answers_for_legal_turns_and_refuses_the_rest():
    state = next(clearing_positions({}))
    turns = ENGINE.legal_moves(state)
    listed = list(turns)
    assert all(turn in turns for turn in listed)
    taken = next(turn for turn in listed if turn.removed is not None)
    assert taken._replace(removed=None) not in turns  # a tile must go after this slide
    assert taken._replace(removed=200) not in turns
    assert taken._replace(removed="a1") not in turns
    assert Slide([1, 2], 0, None) not in turns  # an unhashable part names no turn: no error
    assert "d2Nxa1" not in turns and (taken.part, taken.direction) not in turns


def test_a_slide_that_wins_or_after_which_no_tile_may_go_is_one_turn_without_removal():
    # One tile left, on a3: sliding it off the Menhirs wins; sliding it onto b4 covers b4, and the
    # tile on the last covered Menhir may not go, so that slide stands alone too.
    state = position(["a3"], round=12, seat=0)
    turns = ENGINE.legal_moves(state)
    assert isinstance(turns, ClearingTurns)
    assert list(turns) == turns_listed_by_the_rules(state)
    assert all(turn.removed is None for turn in turns)
    onto_b4 = [turn for turn in turns if ENGINE.move_to_text(state, turn) == "a3SE"]
    assert len(onto_b4) == 1 and ENGINE.play(state, onto_b4[0]).winner is None
    assert any(ENGINE.play(state, turn).winner == 0 for turn in turns)
