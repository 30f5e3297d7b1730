"""The tile and level data files, the layout (the whole tile order), views and determinization."""

import copy
import json
import random

import pytest

from games.engines.base import InvalidSetup
from games.engines.mists import ENGINE
from games.engines.mists.levels import all_levels, validate_levels
from games.engines.mists.tiles import DATA, TileDataError, tile_set, validate_tiles
from tests.engines.mists.positions import game, hold, play


def tiles_doc():
    return json.loads((DATA / "tiles.json").read_text())


def levels_doc():
    return json.loads((DATA / "levels.json").read_text())


def test_the_tile_set_matches_the_documented_counts():
    tiles = tile_set()
    count = lambda kind: sum(t.count for t in tiles.values() if t.kind == kind)  # noqa: E731
    assert (count("start"), count("regular"), count("castle"), count("cemetery"), count("circle")) == (4, 50, 5, 5, 9)
    assert sum(r.ghosts for t in tiles.values() if t.kind == "start" for r in t.mist) == 3
    assert all(t.certainty for t in tiles.values())  # every tile says how sure its transcription is


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.__setitem__("edges", "CFXF"), r"tiles\[4\] \(L01\)\.edges"),
        (lambda t: t["mist"][0].__setitem__("edges", ["N"]), r"\(L01\)\.mist\[0\]\.edges: mist never covers a city"),
        (lambda t: t["mist"][0].__setitem__("ghosts", -1), r"\(L01\)\.mist\[0\]\.ghosts"),
        (lambda t: t.__setitem__("roads", [["E"]]), r"\(L01\)\.roads: side E is a field"),
        (lambda t: t.__setitem__("colour", "red"), r"\(L01\): unknown field 'colour'"),
        (lambda t: t.__setitem__("count", 4), r"the box holds 50 regular tiles, the data lists 51"),
    ],
)
def test_the_tile_validator_names_the_field_of_a_bad_entry(change, message):
    doc = tiles_doc()
    change(doc["tiles"][4])
    with pytest.raises(TileDataError, match=message):
        validate_tiles(doc)


def test_the_level_validator_names_the_field_of_a_bad_entry():
    doc = levels_doc()
    doc["levels"][2]["hounds"] = [15]
    with pytest.raises(TileDataError, match=r"levels\[2\]\.hounds"):
        validate_levels(doc)
    doc = levels_doc()
    doc["levels"][0]["scoring"] = "each"
    with pytest.raises(TileDataError, match=r"levels\[0\]\.scoring"):
        validate_levels(doc)


def test_level_one_goal_and_ghosts_come_from_the_rules():
    level = all_levels()[1]
    assert (level.goal, level.ghosts, level.piles, level.hounds) == (50, 15, 1, ())
    assert level.fully_confirmed


def test_make_layout_writes_the_whole_tile_order_and_setup_replays_it():
    options = ENGINE.normalize_options({"level": 3, "spell_circles": True})
    layout = ENGINE.make_layout(options, 2, random.Random(7))
    again = ENGINE.setup(options, seats=2, layout=copy.deepcopy(layout))
    assert ENGINE.layout(again) == layout and again.tile == layout["piles"][0][0]


def test_a_layout_that_is_not_the_level_tile_set_is_refused_with_the_reason():
    layout = ENGINE.make_layout(ENGINE.normalize_options({}), 1, random.Random(1))
    layout["piles"][0][0] = "K01"
    with pytest.raises(InvalidSetup, match="not in the box: K01"):
        ENGINE.setup({}, seats=1, layout=layout)
    with pytest.raises(InvalidSetup, match="piles"):
        ENGINE.setup({}, seats=1, layout=["L01"])


def test_observe_shows_the_drawn_tile_but_never_the_rest_of_the_stack():
    state = game(seats=2)
    for seat in (0, 1, None):
        view = ENGINE.observe(state, seat)
        text = json.dumps(view)
        assert view["tile"] == state.tile and view["piles"] == [len(state.piles[0])]
        assert "stack" not in view and "layout" not in text and 'piles": [[' not in text


def test_determinize_keeps_everything_seen_and_deals_the_unseen_tiles():
    state = play(game(spell=True, first=("C02",)), "1,-1@180")
    view = ENGINE.observe(state, 0)
    sample = ENGINE.determinize(view, random.Random(5))
    assert sample.board == state.board and sample.ghosts == state.ghosts and sample.trapped == state.trapped
    assert sample.tile == state.tile and [len(p) for p in sample.piles] == [len(p) for p in state.piles]
    assert sorted(sample.piles[0]) == sorted(state.piles[0])  # the same tiles, in some order
    assert ENGINE.legal_moves(sample) == ENGINE.legal_moves(state)
    assert ENGINE.observe(sample, 0) == view


def test_the_outcome_ranks_every_seat_first_with_win_points_and_fewest_ghosts():
    state = game(seats=3)
    state.piles = [[]]
    state = play(hold(state, "L18"), "0,-1@0", "pass")
    outcome = ENGINE.outcome(state)
    assert outcome.ranks == (1, 1, 1) and outcome.team_won is False
    assert outcome.seats[0].tiebreak == (0.0, 0.0, -3.0)
    assert ENGINE.info.kinds[0] == "cooperative" and ENGINE.info.hidden_information


def test_render_svg_draws_the_board_mist_ghosts_and_the_score():
    state = play(hold(game(spell=True), "C02"), "1,-1@180")
    svg = ENGINE.render_svg(ENGINE.observe(state, None))
    assert svg.startswith("<svg") and svg.endswith("</svg>") and 'viewBox="' in svg
    assert "0 / 50 points" in svg and "#83c" in svg  # trapped ghosts are ringed
