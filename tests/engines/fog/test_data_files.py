"""Boards and solo scenarios are data files, checked field by field; a bad file names its line."""

import json
from pathlib import Path

import pytest

from games.engines.base import InvalidSetup
from games.engines.fog import board as boards
from games.engines.fog import scenarios
from games.engines.fog.jsonlines import DataFileError
from tests.engines.fog.positions import ENGINE

STANDARD = Path("games/engines/fog/boards/standard.json").read_text()


@pytest.mark.parametrize("name", ["standard", "medium", "large"])
def test_the_shipped_boards_are_valid_and_follow_the_component_counts(name):
    board = boards.shipped(name)
    islanders = {"standard": 32, "medium": 46, "large": 60}[name]
    assert len(board.islanders) == islanders == sum(board.row_islanders)
    assert sum(board.row_obstacles) == {"standard": 24, "medium": 30, "large": 36}[name]
    assert board.penalties[:3] == (-9, -8, -7)
    for boat in board.boats:
        assert len(boat.left_pier) == len(boat.right_pier) == 3
        nation = [c for c in board.islanders if c.nation == boat.nation]
        assert sum(1 for c in nation if c.type == "L") == 1 and sum(1 for c in nation if c.type == "C") == 2


def test_the_standard_boards_bonus_stacks_follow_the_setup():
    board = boards.shipped("standard")
    assert {b.nation: b.bonuses for b in board.boats} == {
        "blue": (6, 5, 4, 3, 2),
        "green": (6, 5, 4, 3),
        "red": (6, 5, 4, 3, 2),
    }
    assert sum(len(b.bonuses) for b in board.boats) == 14


def test_the_examples_need_rows_worth_three_and_two():
    assert {-3, -2} <= set(boards.shipped("standard").penalties)


def broken(old: str, new: str) -> str:
    assert old in STANDARD
    return STANDARD.replace(old, new, 1)


def line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_a_bad_row_is_reported_with_its_line():
    text = broken('"cells": ".....###....."', '"cells": ".....###..x.."')
    with pytest.raises(DataFileError) as error:
        boards.parse(text)
    assert error.value.line == line_of(text, ".....###..x..")
    assert "rows[" in str(error.value) and "'x'" in str(error.value)


def test_a_missing_field_names_the_object_that_lacks_it():
    text = broken('      "nation": "green",\n', "")
    with pytest.raises(DataFileError, match=r"line \d+: boats\[1\]: the field 'nation' is missing"):
        boards.parse(text)


def test_a_syntax_error_names_its_line():
    text = broken('"fog_corner": 7,', '"fog_corner": 7,,')
    with pytest.raises(DataFileError) as error:
        boards.parse(text)
    assert error.value.line == line_of(text, '"fog_corner": 7,,')


def test_a_nation_with_the_wrong_islanders_is_refused():
    text = broken('"islanders": ["Lp", ', '"islanders": ["Lp", "Lq", ')
    with pytest.raises(DataFileError, match="expected 1 leaders, found 2"):
        boards.parse(text)


def test_a_fog_track_that_skips_a_row_is_refused():
    text = broken('{"position": 6, "swallows": ["B"]}', '{"position": 6, "swallows": []}')
    with pytest.raises(DataFileError, match="every row once"):
        boards.parse(text)


def test_a_custom_board_travels_in_the_layout():
    data = json.loads(STANDARD)
    data["name"] = "my-flex"
    layout = ENGINE.make_layout(ENGINE.normalize_options({}), 4, __import__("random").Random(1))
    layout["board"] = data
    state = ENGINE.setup({"board": "custom"}, seats=4, layout=layout)
    assert state.rules.board.name == "my-flex"
    data["rows"][0]["cells"] = "zz"
    with pytest.raises(InvalidSetup, match=r"custom board is not valid: rows\[0\]\.cells: a pier row"):
        ENGINE.setup({"board": "custom"}, seats=4, layout={**layout, "board": data})


def test_a_custom_board_cannot_be_drawn_at_random():
    with pytest.raises(InvalidSetup, match="custom board"):
        ENGINE.setup({"board": "custom"}, seats=4)


def test_the_shipped_scenario_is_valid():
    scenario = scenarios.shipped("brume-s1")
    assert len(scenario["islanders"]) == 32 and scenario["nation_mp"] == {"blue": 8, "green": 7, "red": 8}


def test_a_bad_scenario_names_its_line():
    text = Path("games/engines/fog/scenarios/brume-s1.json").read_text()
    text = text.replace('"green": 7', '"green": 70', 1)
    with pytest.raises(DataFileError) as error:
        scenarios.parse(text)
    assert error.value.line == line_of(text, '"green": 70') and "nation_mp.green" in str(error.value)


def test_a_layout_with_a_misplaced_islander_is_refused():
    layout = ENGINE.make_layout(ENGINE.normalize_options({}), 4, __import__("random").Random(1))
    code = next(iter(layout["islanders"]))
    layout["islanders"][code] = "Z9"
    with pytest.raises(InvalidSetup, match="Z9"):
        ENGINE.setup({}, seats=4, layout=layout)
    with pytest.raises(InvalidSetup, match="object"):
        ENGINE.setup({}, seats=4, layout=[1, 2])
