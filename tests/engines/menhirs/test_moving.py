"""Moving the fog (Dutch sheet, rules 1, 2 and 4): whole clusters, splits of 6 or more, the board edge."""

import pytest

from games.engines import IllegalMove
from games.engines.menhirs import ENGINE
from games.engines.menhirs.board import component_of
from games.engines.menhirs.rules import Slide, fog_slides
from tests.engines.menhirs.helpers import covered, fog, legal_texts, mask, play, position


def test_a_lone_fog_tile_is_a_cluster_and_moves_one_hex_in_any_of_six_directions():
    state = position(["c3", "g1"], round=3)
    assert {t for t in legal_texts(state) if t.startswith("c3")} == {
        f"c3{d}" for d in ["N", "NE", "SE", "S", "SW", "NW"]
    }
    assert fog(play(state, "c3NE")) == ["d3", "g1"]


def test_a_cluster_moves_whole_and_any_of_its_tiles_names_it():
    state = position(["c2", "c3", "c4", "d3", "d4", "g1"])
    assert fog(play(state, "d4S")) == fog(play(state, "c2S")) == ["c3", "c4", "c5", "d4", "d5", "g1"]


def test_a_cluster_of_five_cannot_be_split():
    state = position(["c2", "c3", "c4", "d3", "d4", "g1"])
    with pytest.raises(IllegalMove, match="a cluster of 5 tiles moves whole"):
        play(state, "c2c3c4SW")
    assert all(len(t) == 3 or t[2] in "NS" for t in legal_texts(state) if t[0] in "cd")


def test_a_cluster_of_six_may_be_split_into_three_and_three():
    state = position(["d1", "d2", "d3", "d4", "d5", "d6", "g1"])
    assert fog(play(state, "d1d2d3SE")) == ["d4", "d5", "d6", "e1", "e2", "e3", "g1"]
    assert "d1d2d3SE" in legal_texts(state) and "d4d5d6NE" in legal_texts(state)


def test_a_split_off_part_has_at_least_three_tiles():
    state = position(["d1", "d2", "d3", "d4", "d5", "d6", "g1"])
    with pytest.raises(IllegalMove, match="at least 3 tiles, not 2"):
        play(state, "d1d2SE")


def test_a_split_may_not_leave_behind_a_part_of_fewer_than_three_tiles():
    state = position(["d1", "d2", "d3", "d4", "d5", "d6", "g1"])
    with pytest.raises(IllegalMove, match="leave d5, d6 as a part of fewer than 3 tiles"):
        play(state, "d1d2d3d4SE")
    seven = position(["c3", "d1", "d2", "d3", "d4", "d5", "d6", "g1"])
    with pytest.raises(IllegalMove, match="fewer than 3 tiles"):
        play(seven, "d3d4d5SE")  # would leave d1-d2, c3 and d6 behind


def test_a_split_off_part_must_hang_together():
    state = position(["d1", "d2", "d3", "d4", "d5", "d6", "g1"])
    with pytest.raises(IllegalMove, match="do not hang together"):
        play(state, "d1d2d4SE")


def test_a_fog_tile_may_never_leave_the_board():
    state = position(["d1", "g1", "a3"])
    for text in ("d1N", "d1NE", "d1NW", "a3S", "a3SW"):
        with pytest.raises(IllegalMove, match="never leave the board"):
            play(state, text)


def test_no_two_fog_tiles_may_share_a_hex():
    state = position(["d1", "d2", "d3", "d4", "d5", "d6", "g1"])
    with pytest.raises(IllegalMove, match="d4 already holds fog that stays"):
        play(state, "d1d2d3S")


def test_tiles_of_two_clusters_are_not_moved_together():
    state = position(["c3", "e3", "g1"])
    with pytest.raises(IllegalMove, match="not one cluster"):
        play(state, "c3e3S")


def test_the_legal_moves_are_exactly_the_slides_the_rules_accept():
    state = position(["b2", "c2", "c3", "d2", "d3", "d4", "e3", "e4", "g1", "g2"], round=5)
    cluster = component_of(mask(["d3"]), state.fog)
    assert cluster.bit_count() == 8
    accepted = set()
    sub = cluster
    while sub:  # try every set of tiles of the cluster in every direction
        for direction in range(6):
            try:
                ENGINE.play(state, Slide(sub, direction))
                accepted.add((sub, direction))
            except IllegalMove:
                pass
        sub = (sub - 1) & cluster
    generated = {(part, d) for part, d in fog_slides(state) if part & cluster}
    assert accepted == generated and len(generated) > 6


def test_an_uncovered_menhir_may_be_covered_again():
    state = position(["c2", "g1"], round=4)
    assert covered(play(state, "c2N")) == ["c1", "g1"]
