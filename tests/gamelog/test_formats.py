"""The log's two forms read what they write, and say clearly what is wrong with bad input."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.gamelog import ClaimedResult, GameLog, LogFormatError, Seat, jsonform, parse_log, textform
from tests.gamelog.strategies import game_logs

EXAMPLE = """\
Brume log 1
Game: misty-nim
Options: {"take_max": 3}
Seat 1: Alice
Player 1: user:42
Seat 2: Bob
Layout: {"pile": 5,
         "secrets": [3, 4]}
Result: 2 1
Scores: 0 1
Event: Autumn Open
Round: 3

1. t2 {Alice takes two} 2. t1
3. t1 ; a comment to the end of the line
4. t1
"""


def test_the_text_example_reads_every_field():
    log = textform.loads(EXAMPLE)
    assert log.game == "misty-nim"
    assert log.options == {"take_max": 3}
    assert log.seats == (Seat("Alice", "user:42"), Seat("Bob"))
    assert log.layout == {"pile": 5, "secrets": [3, 4]}
    assert log.result == ClaimedResult(ranks=(2, 1), scores=(0, 1))
    assert log.meta == {"event": "Autumn Open", "round": "3"}
    assert log.moves == ("t2", "t1", "t1", "t1")


@given(game_logs())
@settings(max_examples=200, deadline=None)
def test_text_form_round_trips(log):
    assert textform.loads(textform.dumps(log)) == log


@given(game_logs())
@settings(max_examples=200, deadline=None)
def test_json_form_round_trips(log):
    assert jsonform.loads(jsonform.dumps(log)) == log
    assert parse_log(jsonform.dumps(log, indent=2).encode()) == log


@given(game_logs())
@settings(max_examples=50, deadline=None)
def test_parse_log_recognises_either_form(log):
    assert parse_log(textform.dumps(log)) == log
    assert parse_log("\ufeff" + jsonform.dumps(log)) == log


@given(st.text(max_size=300))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_log_or_a_clear_error(text):
    try:
        parse_log(text)
    except LogFormatError as exc:
        assert str(exc)


@given(st.binary(max_size=300))
@settings(max_examples=200, deadline=None)
def test_any_bytes_are_a_log_or_a_clear_error(data):
    try:
        parse_log(data)
    except LogFormatError as exc:
        assert str(exc)


@given(
    st.recursive(
        st.none() | st.integers() | st.text(max_size=5), lambda x: st.lists(x) | st.dictionaries(st.text(max_size=5), x)
    )
)
@settings(max_examples=300, deadline=None)
def test_any_json_is_a_log_or_a_clear_error(value):
    try:
        jsonform.log_from_dict(value)
    except LogFormatError as exc:
        assert str(exc)


@given(game_logs(), st.integers(0, 400), st.text(min_size=1, max_size=3))
@settings(max_examples=200, deadline=None)
def test_corrupted_logs_give_a_clear_error_or_a_log(log, position, junk):
    text = textform.dumps(log)
    position = min(position, len(text))
    corrupted = text[:position] + junk + text[position:]
    try:
        parse_log(corrupted)
    except LogFormatError as exc:
        assert str(exc)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("Hello\n", "starts with 'Brume log 1'"),
        ("Brume log 2\nGame: x\nSeat 1: A\n", "version"),
        ("Brume log 1\nSeat 1: A\n", "no 'Game:' line"),
        ("Brume log 1\nGame: x\nSeat 2: A\n", "numbered 1 to 1"),
        ("Brume log 1\nGame: x\nSeat 1: A\nSeat 1: B\n", "given twice"),
        ("Brume log 1\nGame: x\nSeat 1: A\nOptions: {oops}\n", "line 4 (Options): not valid JSON"),
        ("Brume log 1\nGame: x\nSeat 1: A\nResult: first\n", "is not a rank"),
        ("Brume log 1\nGame: x\nSeat 1: A\nSeat 2: B\nResult: 1\n", "ranks 1 seats but the log has 2"),
        ("Brume log 1\nGame: x\nSeat 1: A\nScores: 1\n", "go with a Result line"),
        ("Brume log 1\nGame: x\nSeat 1: A\nResult: 1\nTermination: rage\n", "termination must be one of"),
        ("Brume log 1\nGame: x\nSeat 1: A\n\n1. a 3. b\n", "move number 3. where move 2 was expected"),
        ("Brume log 1\nGame: x\nSeat 1: A\n\n1. a {never closed\n", "never closed"),
        ("Brume log 1\nGame: x\nSeat 1: A\n\n1. a }\n", "closes no comment"),
        ("Brume log 1\nGame: Not A Slug\nSeat 1: A\n", "is not a game name"),
        ("Brume log 1\nGame: x\nthis is no header\n", "line 3: expected a header line"),
        ("Brume log 1\nGame: x\nSeat 1: A\nPlayer 2: ai\n", "names a seat that has no Seat line"),
    ],
)
def test_malformed_text_logs_say_what_is_wrong(text, message):
    with pytest.raises(LogFormatError) as caught:
        textform.loads(text)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("[]", "must be a JSON object"),
        ("{}", "missing the field brume_log"),
        ('{"brume_log": 1, "seats": ["A"]}', "missing the field game"),
        ('{"brume_log": 1, "game": "x", "seats": ["A"], "extra": 1}', "unknown field(s) extra"),
        ('{"brume_log": 1, "game": "x", "seats": [{"nom": "A"}]}', "seat 1: unknown field(s) nom"),
        ('{"brume_log": 1, "game": "x", "seats": ["A"], "moves": ["a b"]}', "move 1: a move has no spaces"),
        ('{"brume_log": 1, "game": "x", "seats": ["A"], "moves": [3]}', "move 1: a move must be non-empty text"),
        ('{"brume_log": 1, "game": "x", "seats": ["A"], "result": {"ranks": [0]}}', "ranks must be whole numbers"),
        ('{"brume_log": true, "game": "x", "seats": ["A"]}', "format version"),
        ('{"brume_log": 1, "game": "x", "seats": ["A\\nB"]}', "one line"),
        ("{'single': 'quotes'}", "not valid JSON"),
    ],
)
def test_malformed_json_logs_say_what_is_wrong(data, message):
    with pytest.raises(LogFormatError) as caught:
        jsonform.loads(data)
    assert message in str(caught.value)


def test_oversized_logs_are_refused_before_parsing():
    with pytest.raises(LogFormatError, match="larger than"):
        parse_log(b"{" + b" " * 2_000_001 + b"}")


def test_too_many_moves_are_refused():
    with pytest.raises(LogFormatError, match="at most 20000 moves"):
        GameLog(game="x", seats=(Seat("A"),), moves=("m",) * 20_001)


def test_deeply_nested_json_is_a_clear_error():
    with pytest.raises(LogFormatError, match=r"nested more than 64 levels deep"):
        jsonform.loads("[" * 100_000 + "]" * 100_000)


def test_json_form_is_the_documented_shape():
    log = GameLog(game="x", seats=(Seat("A", "user:1"), Seat("B")), moves=("m1",), result=ClaimedResult((1, 2)))
    assert json.loads(jsonform.dumps(log)) == {
        "brume_log": 1,
        "game": "x",
        "options": {},
        "seats": [{"name": "A", "player": "user:1"}, {"name": "B"}],
        "layout": None,
        "moves": ["m1"],
        "result": {"ranks": [1, 2]},
    }
