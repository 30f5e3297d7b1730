"""The Brouillard notation: setups, moves with their captures, probes with their answers."""

import pytest

from games.engines import NotationError
from games.engines.brouillard import ENGINE
from games.engines.brouillard.board import parse_square
from games.engines.brouillard.moves import NOTHING, Probe, Setup, Step, parse, to_text

from .helpers import position


def sq(name):
    return parse_square(name)


@pytest.mark.parametrize(
    ("text", "move", "answer"),
    [
        ("Qd1,Wb2,Wd2,Wf2", Setup(sq("d1"), (sq("b2"), sq("d2"), sq("f2"))), None),
        ("c2c4", Step(sq("c2"), sq("c4")), None),
        ("c2-c4", Step(sq("c2"), sq("c4")), NOTHING),
        ("c2xd3=W", Step(sq("c2"), sq("d3")), "W"),
        ("c2xd3=Q", Step(sq("c2"), sq("d3")), "Q"),
        ("?d4", Probe(sq("d4")), None),
        ("?d4=2", Probe(sq("d4")), 2),
    ],
)
def test_the_notation_names_setups_moves_captures_and_probes_with_answers(text, move, answer):
    parsed = parse(text)
    assert parsed == move
    assert getattr(parsed, "captured", getattr(parsed, "count", None)) == answer
    assert to_text(parsed) == text


def test_a_setup_may_list_its_watchers_in_any_order_and_is_written_sorted():
    assert to_text(parse("Wf2,Qd1,Wb2,Wd2")) == "Qd1,Wb2,Wd2,Wf2"


@pytest.mark.parametrize("text", ["", "c2", "c2c9", "h1h2", "?d8", "?d4=9", "c2xd3", "c2-d3=W", "Qd1,Wb2", "hello"])
def test_text_that_names_no_move_is_refused_with_an_example(text):
    with pytest.raises(NotationError):
        parse(text)


def test_the_log_writes_each_move_with_the_referees_answer():
    state = position(setups=("Qd1,Wb2,Wd3,Wf2", "Qd7,Wb6,Wd5,Wf6"))
    assert ENGINE.move_to_text(state, parse("d3d5")) == "d3xd5=W"
    assert ENGINE.move_to_text(state, parse("b2b4")) == "b2-b4"
    assert ENGINE.move_to_text(state, parse("?c6")) == "?c6=3"


def test_a_setup_is_refused_once_the_game_is_under_way_and_a_move_before_it():
    with pytest.raises(NotationError, match="plays a move or a probe now"):
        ENGINE.parse_move(position(), "Qd1,Wb2,Wd2,Wf2")
    with pytest.raises(NotationError, match="plays its setup"):
        ENGINE.parse_move(ENGINE.setup(), "d2d4")
