"""Boards and solo scenarios are data files, checked field by field; a bad file names its line."""

import json
from pathlib import Path

import pytest

from games.ai import RandomPlayer
from games.ai.match import play_game
from games.engines.base import InvalidOptions, InvalidSetup
from games.engines.fog import board as boards
from games.engines.fog import scenarios
from games.engines.fog.jsonlines import DataFileError
from games.gamelog.validator import validate
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
    # a layout drawn on the shipped board the custom data copies (the open Standard)
    layout = ENGINE.make_layout(ENGINE.normalize_options({"board": "standard"}), 4, __import__("random").Random(1))
    layout["board"] = data
    state = ENGINE.setup({"board": "custom"}, seats=4, layout=layout)
    assert state.rules.board.name == "my-flex"
    data["rows"][0]["cells"] = "zz"
    with pytest.raises(InvalidSetup, match=r"custom board is not valid: rows\[0\]\.cells: a pier row"):
        ENGINE.setup({"board": "custom"}, seats=4, layout={**layout, "board": data})


def test_a_custom_board_without_its_file_cannot_be_drawn_at_random():
    with pytest.raises(InvalidSetup, match="custom board needs its file"):
        ENGINE.setup({"board": "custom"}, seats=4)


FLEX = STANDARD.replace('"name": "standard"', '"name": "flex-harbour"')


def test_an_organisers_own_board_file_is_an_option_and_the_random_beach_is_drawn_on_it():
    options = {"board": "custom", "board_file": FLEX}
    state = ENGINE.setup(options, seats=4, seed=11)
    layout = ENGINE.layout(state)
    assert layout["board"] == json.loads(FLEX)  # the log carries the board: it replays without the file
    assert ENGINE.setup({"board": "custom"}, seats=4, layout=layout).rules.board.name == "flex-harbour"
    assert layout["islanders"] != ENGINE.layout(ENGINE.setup(options, seats=4, seed=12))["islanders"]


def test_games_on_an_organisers_board_replay_through_the_validator():
    log = play_game(
        ENGINE, [RandomPlayer() for _ in range(4)], options={"board": "custom", "board_file": FLEX}, seed=5
    ).log
    verdict = validate(log)
    assert verdict.valid and verdict.finished


def test_a_bad_board_file_option_is_refused_naming_its_line():
    broken = FLEX.replace('"format"', '"format" "', 1)
    line = FLEX[: FLEX.index('"format"')].count("\n") + 1
    with pytest.raises(InvalidOptions, match=rf"the board file is not valid: line {line}:"):
        ENGINE.normalize_options({"board": "custom", "board_file": broken})


def test_a_file_option_is_read_only_with_the_custom_choice():
    with pytest.raises(InvalidOptions, match="board_file is read only with board 'custom'"):
        ENGINE.normalize_options({"board": "standard", "board_file": FLEX})
    with pytest.raises(InvalidOptions, match="scenario_file is read only with scenario 'custom'"):
        ENGINE.normalize_options({"scenario_file": Path("games/engines/fog/scenarios/brume-s1.json").read_text()})


def test_a_layout_whose_board_is_not_the_board_file_of_the_options_is_refused():
    layout = ENGINE.layout(ENGINE.setup({"board": "custom", "board_file": FLEX}, seats=4, seed=1))
    other = FLEX.replace('"name": "flex-harbour"', '"name": "other-harbour"')
    with pytest.raises(InvalidSetup, match="layout's board is not the board file"):
        ENGINE.setup({"board": "custom", "board_file": other}, seats=4, layout=layout)


def test_an_organisers_own_solo_scenario_is_an_option_and_replays():
    text = Path("games/engines/fog/scenarios/brume-s1.json").read_text().replace('"brume-s1"', '"my-island"')
    log = play_game(ENGINE, [RandomPlayer()], options={"scenario": "custom", "scenario_file": text}, seed=2).log
    assert log.layout["scenario"] == "custom" and log.layout["scenario_data"]["name"] == "my-island"
    assert validate(log).valid


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


def test_a_file_option_larger_than_256_kb_is_refused_before_it_is_read():
    with pytest.raises(InvalidOptions, match="larger than 256 KB"):
        ENGINE.normalize_options({"board": "custom", "board_file": FLEX + " " * (256 * 1024)})
