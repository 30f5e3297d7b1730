"""The notation: every kind of decision, written and read back, and errors in players' words."""

import pytest

from games.engines.base import IllegalMove, NotationError
from games.engines.mists import ENGINE
from games.engines.mists.notation import move_to_text, parse_move
from tests.engines.mists.positions import game, hold, play

EXAMPLES = {
    "3,-1@90": ("P", 3, -1, 1),
    "-2,0@0": ("P", -2, 0, 0),
    "road1=red": ("M", "r", 0, 0),
    "city2=blue": ("M", "c", 1, 2),
    "castle=pink": ("M", "k", 0, 5),
    "pass": ("N",),
    "score": ("S",),
    "calm:1,0": ("X", 1, 0),
    "draw:2,-1": ("G", 2, -1),
    "draw:2,-1:cemetery": ("G", 2, -1, -1),
    "draw:2,-1:mist2": ("G", 2, -1, 1),
    "yard:-1,1": ("Y", -1, 1),
    "bury:0,1:road1": ("B", 0, 1, "r", 0),
    "bury:yellow": ("BS", 3),
    "cat:0,0:city1": ("E", 0, 0, "c", 0),
    "hound:1,0:road1": ("H", 1, 0, "r", 0),
    "chase:1,1": ("C", 1, 1),
    "done": ("D",),
    "haunt:0,3": ("F", 0, 3),
}


@pytest.mark.parametrize("text", sorted(EXAMPLES))
def test_every_documented_example_reads_and_writes_back(text):
    assert parse_move(text) == EXAMPLES[text]
    assert move_to_text(EXAMPLES[text]) == text


@pytest.mark.parametrize("text", ["1,2@45", "road0=red", "road1=purple", "calm:1", "fly:1,2", ""])
def test_text_that_is_no_move_is_refused_with_a_hint(text):
    with pytest.raises(NotationError):
        parse_move(text)


def test_a_well_written_move_that_is_not_legal_now_says_why():
    state = hold(game(), "L18")
    with pytest.raises(IllegalMove, match="not possible now: place the drawn tile"):
        play(state, "score")
    with pytest.raises(IllegalMove, match="cannot go to 0,2 turned 0°: its north side shows a road"):
        play(state, "0,2@0")


def test_symmetric_tiles_list_each_placement_once():
    state = hold(game(), "L24")  # all mist, all field: the four turns look alike
    placements = [m for m in ENGINE.legal_moves(state) if m[1:3] == (2, 1)]
    assert len(placements) == 1
