"""Rules of Menhirs dans le Brouillard (and readings in its rules document) no other test file names."""

import random

import pytest

from games.engines import IllegalMove, NotationError
from games.engines.menhirs import ENGINE
from games.engines.menhirs.board import HEX_NAMES, components, names_of, shift
from games.engines.menhirs.layout import table_from_layout
from games.engines.menhirs.rules import MenhirsState, Slide
from games.gamelog import GameLog, Seat
from games.gamelog.validator import validate
from tests.engines.menhirs.helpers import covered, fog, legal_texts, mask, play, position

# Five Menhirs: laid column by column the Menhirs come a2, b3, d1, d4, d5, ... so d1 (3rd) and d5
# (5th) lie face down.
FIVE_LAYOUT = {"menhirs": ["a2", "b3", "d1", "d4", "d5", "e3", "f2"], "face_down": ["d1", "d5"]}


def five_menhir_position(fog_names, *, round, seat=0):
    table = table_from_layout(ENGINE.normalize_options({"menhirs": 5}), FIVE_LAYOUT)
    return MenhirsState(table, mask(fog_names), ply=2 * (round - 1) + seat)


# --- Preparation --------------------------------------------------------------------------------


def test_the_7_menhirs_and_23_forest_tiles_are_placed_at_random():
    options = ENGINE.normalize_options({})
    layouts = [ENGINE.make_layout(options, 2, random.Random(seed)) for seed in range(200)]
    assert len({tuple(layout["menhirs"]) for layout in layouts}) > 150  # boards differ from game to game
    assert set().union(*(layout["menhirs"] for layout in layouts)) == set(HEX_NAMES.values())  # any hex
    for layout in layouts[:20]:
        view = ENGINE.observe(ENGINE.setup(layout=layout), None)
        forest = set(HEX_NAMES.values()) - set(view["menhirs"])
        assert len(forest) == 23


# --- The board's directions, as the rules document states them -----------------------------------


@pytest.mark.parametrize(
    ("start", "direction", "lands_on"),
    [("b2", "NE", "c2"), ("b2", "SE", "c3"), ("e2", "NE", "f1"), ("e2", "SE", "f2")],
)
def test_the_six_directions_west_and_east_of_the_middle_column(start, direction, lands_on):
    state = position([start, "g3"], round=4)
    assert fog(play(state, f"{start}{direction}")) == sorted([lands_on, "g3"])


# --- Moving the fog, rule 1: each turn one cluster moves one position -------------------------------


def test_each_turn_one_cluster_or_part_of_one_moves_one_position_and_there_is_no_pass():
    state = position(["a2", "b2", "c3", "d1", "d2", "d3", "d4", "d5", "d6", "f2", "g1"], round=5)
    clusters = components(state.fog)
    moves = ENGINE.legal_moves(state)
    assert moves and all(isinstance(move, Slide) for move in moves)
    for move in moves:
        assert sum(1 for cluster in clusters if cluster & move.part) == 1  # tiles of one cluster only
        after = ENGINE.play(state, move)
        assert after.fog == (state.fog & ~move.part) | shift(move.part, move.direction)
        assert after.fog != state.fog
    for text in ("pass", "x", "-"):
        with pytest.raises(NotationError):
            ENGINE.parse_move(state, text)


# --- Rule 2: splitting ----------------------------------------------------------------------------


def test_a_split_may_leave_two_parts_behind_when_each_has_at_least_three_tiles():
    # A cluster of 9: c1-c3, d3-d5, e3-e5. Moving d3-d5 leaves c1-c3 and e3-e5, three tiles each.
    state = position(["c1", "c2", "c3", "d3", "d4", "d5", "e3", "e4", "e5", "g1"], round=5)
    after = play(state, "d3d4d5S")
    assert fog(after) == ["c1", "c2", "c3", "d4", "d5", "d6", "e3", "e4", "e5", "g1"]
    assert "d3d4d5S" in legal_texts(state)


def test_a_split_off_part_may_slide_against_the_rest_and_join_it_again():
    state = position(["d1", "d2", "d3", "d4", "d5", "d6", "g1"], round=5)
    after = play(state, "d1d2d3SE")
    joined = mask(["d4", "d5", "d6", "e1", "e2", "e3"])
    assert joined in components(after.fog)  # e3 borders on d4: one cluster of 6 again


def test_the_three_tile_minimum_binds_the_split_not_the_tile_taken_away_afterwards():
    # Round 8: c1-c3 split off north-east onto d1-d3; c4, c5 and d6 stay. Either part may then lose a tile.
    state = position(["c1", "c2", "c3", "c4", "c5", "d6", "g1"], round=8)
    moved_part_shrinks = play(state, "c1c2c3NExd1")
    assert [names_of(c) for c in components(moved_part_shrinks.fog)] == [["c4", "c5", "d6"], ["d2", "d3"], ["g1"]]
    rest_shrinks = play(state, "c1c2c3NExc4")
    assert [names_of(c) for c in components(rest_shrinks.fog)] == [["c5", "d6"], ["d1", "d2", "d3"], ["g1"]]


# --- Rule 3 (*): sliding back after a merge, when a tile was taken from the merged cluster -------


def test_sliding_back_stays_forbidden_when_the_tile_taken_away_was_not_one_of_the_moved_tiles():
    start = position(["b1", "b2", "b3", "b4", "d2", "d3", "d4", "d5", "g1"], round=8)
    state = play(start, "b1SExd5")  # b1-b4 land on c2-c5, merge with d2-d5; d5 is taken away
    assert fog(state) == ["c2", "c3", "c4", "c5", "d2", "d3", "d4", "g1"]
    with pytest.raises(IllegalMove, match="may not undo"):
        play(state, "c2c3c4c5NWxd2")
    assert not any(text.startswith("c2c3c4c5NW") for text in legal_texts(state))
    # Once a moved tile is taken away instead, the rest of them may slide back.
    lifted = play(start, "b1SExc5")
    assert fog(play(lifted, "c2c3c4NWxd2")) == ["b1", "b2", "b3", "d3", "d4", "d5", "g1"]


# --- The clearing phase ------------------------------------------------------------------------------


def test_the_tile_taken_away_at_the_end_of_the_turn_is_named_where_it_lies_after_the_slide():
    state = position(["c3", "e2", "g1"], round=9)
    with pytest.raises(IllegalMove, match="no fog on c3 to take away after your move"):
        play(state, "c3Sxc3")
    assert fog(play(state, "c3Sxc4")) == ["e2", "g1"]


def test_the_last_menhir_is_never_uncovered_by_taking_a_tile_away():
    # Only g1 is covered: no legal turn of round 8 takes its tile away, and none ends the game.
    state = position(["c3", "e2", "g1"], round=8)
    for move in ENGINE.legal_moves(state):
        after = ENGINE.play(state, move)
        if move.removed is not None:
            assert after.covered != 0 and not ENGINE.is_over(after)


# --- Variant: 5 Menhirs -------------------------------------------------------------------------------


def test_with_5_menhirs_clearing_starts_in_round_8():
    tiles = ["c3", "a2", "g3"]
    in_round_7 = five_menhir_position(tiles, round=7, seat=1)
    in_round_8 = five_menhir_position(tiles, round=8)
    assert not any(move.removed is not None for move in ENGINE.legal_moves(in_round_7))
    c3_turns = [move for move in ENGINE.legal_moves(in_round_8) if move.part == mask(["c3"])]
    assert c3_turns and all(move.removed is not None for move in c3_turns)


def test_with_5_menhirs_a_face_down_menhir_is_forest_and_need_not_be_uncovered():
    # Fog on the face-down d1 and on the face-up a2; sliding a2 away uncovers the last Menhir.
    state = five_menhir_position(["a2", "d1", "g3"], round=5)
    assert covered(state) == ["a2"]
    after = play(state, "a2S")
    assert ENGINE.is_over(after) and after.winner == 0
    assert "d1" in fog(after)
    assert ENGINE.outcome(after).scores == (3, 0)


# --- The rules document's short game ---------------------------------------------------------------------


def test_the_short_game_of_the_rules_document_replays_through_the_log_validator():
    layout = {"menhirs": ["a3", "b3", "c2", "c3", "d5", "e1", "e3"], "face_down": []}
    log = GameLog(
        game="menhirs",
        seats=(Seat("North"), Seat("South")),
        layout=layout,
        moves=("d4", "f1", "f2", "f4", "a3SE"),
    )
    verdict = validate(log)
    assert verdict.valid and verdict.finished, verdict.summary
    assert verdict.outcome.ranks == (1, 2) and verdict.outcome.scores == (11, 0)
    state = play(ENGINE.setup(layout=layout), *log.moves)
    assert state.round == 3 and state.covered == 0 and state.winner == 0
