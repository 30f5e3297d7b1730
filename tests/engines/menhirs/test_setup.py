"""Preparation: 7 Menhirs and 23 Forest tiles at random, every Menhir under fog; the 5-Menhir variant."""

import random

import pytest

from games.engines import InvalidOptions, InvalidSetup
from games.engines.menhirs import ENGINE
from games.engines.menhirs.board import HEX_BITS
from tests.engines.menhirs.helpers import covered, fog


def test_a_random_board_has_7_menhirs_and_23_forest_tiles():
    for seed in range(20):
        layout = ENGINE.make_layout(ENGINE.normalize_options({}), 2, random.Random(seed))
        assert len(set(layout["menhirs"])) == 7 and layout["face_down"] == []
        assert all(name in HEX_BITS for name in layout["menhirs"])


def test_setup_covers_every_menhir_with_fog_and_keeps_4_tiles_to_place():
    state = ENGINE.setup(seed=7)
    assert fog(state) == covered(state) == ENGINE.layout(state)["menhirs"]
    assert state.supply == 4


def test_a_logged_layout_rebuilds_exactly_that_board():
    state = ENGINE.setup(seed=11)
    again = ENGINE.setup(layout=ENGINE.layout(state))
    assert again.table.menhirs == state.table.menhirs and again.fog == state.fog
    assert ENGINE.setup(seed=11).table.layout == state.table.layout


def test_with_5_menhirs_the_3rd_and_5th_laid_column_by_column_go_face_down_and_count_as_forest():
    options = ENGINE.normalize_options({"menhirs": 5})
    layout = {"menhirs": ["a2", "b3", "d1", "d4", "d5", "e3", "f2"], "face_down": ["d1", "d5"]}
    state = ENGINE.initial_state(options, 2, layout)
    assert covered(state) == ["a2", "b3", "d4", "e3", "f2"]  # face-down Menhirs get no fog
    assert state.supply == 6
    for seed in range(20):
        drawn = ENGINE.make_layout(options, 2, random.Random(seed))
        in_order = sorted(drawn["menhirs"], key=HEX_BITS.__getitem__)
        assert drawn["face_down"] == [in_order[2], in_order[4]]


@pytest.mark.parametrize(
    ("options", "layout", "message"),
    [
        ({}, ["a1"], "is an object"),
        ({}, {"menhirs": ["a1", "a2"]}, "lists 2"),
        ({}, {"menhirs": ["a1", "a2", "a3", "a4", "b1", "b2", "b3"]}, "'a4', which is not a hex"),
        ({}, {"menhirs": ["a1", "a1", "a3", "b4", "b1", "b2", "b3"]}, "names a hex twice"),
        ({}, {"menhirs": ["a1", "a2", "a3", "b4", "b1", "b2", "b3"], "face_down": ["a3"]}, "with 7 Menhirs no"),
        (
            {"menhirs": 5},
            {"menhirs": ["a1", "a2", "a3", "b4", "b1", "b2", "b3"], "face_down": ["a1", "a2"]},
            "a3 and b2",
        ),
        ({}, {"menhirs": ["a1", "a2", "a3", "b4", "b1", "b2", "b3"], "fog": []}, "unknown field"),
    ],
)
def test_a_bad_layout_is_refused_with_a_clear_message(options, layout, message):
    with pytest.raises(InvalidSetup, match=message):
        ENGINE.setup(options, layout=layout)


def test_the_game_is_for_two_players():
    with pytest.raises(InvalidSetup, match="2 players"):
        ENGINE.setup(seats=3, seed=1)


def test_options_are_checked():
    assert ENGINE.normalize_options({}) == {
        "menhirs": 7,
        "clearing_starts": "dutch",
        "first_round_bonus": False,
        "split_parts_keep_three": False,
    }
    with pytest.raises(InvalidOptions):
        ENGINE.normalize_options({"menhirs": 6})
    with pytest.raises(InvalidOptions):
        ENGINE.normalize_options({"clearing_starts": "french"})
