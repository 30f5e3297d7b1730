"""Rule 3 and its footnote (*): a player may not slide the opponent's last cluster straight back."""

import pytest

from games.engines import IllegalMove
from tests.engines.menhirs.helpers import fog, legal_texts, play, position


def test_the_cluster_the_opponent_just_moved_cannot_be_slid_back():
    state = play(position(["c3", "g1"], round=4), "c3S")
    with pytest.raises(IllegalMove, match="may not undo your opponent's last move"):
        play(state, "c4N")
    assert "c4N" not in legal_texts(state)


def test_the_same_tiles_may_go_on_in_another_direction():
    state = play(position(["c3", "g1"], round=4), "c3S")
    assert {"c4S", "c4NE", "c4NW"} <= legal_texts(state)


def test_sliding_back_stays_forbidden_when_the_player_would_then_take_a_tile_away():
    state = play(position(["c3", "e2", "e4", "g1"], round=8), "c3Sxe4")
    with pytest.raises(IllegalMove, match="may not undo"):
        play(state, "c4Nxe2")
    assert not any(text.split("x")[0] == "c4N" for text in legal_texts(state))


def test_sliding_back_stays_forbidden_after_the_cluster_merged_into_a_larger_one():
    start = position(["b1", "b2", "b3", "b4", "d2", "d3", "d4", "g1"], round=4)
    state = play(start, "b1SE")  # b1-b4 land on c2-c5 and merge with d2-d4: one cluster of 7
    assert fog(state) == ["c2", "c3", "c4", "c5", "d2", "d3", "d4", "g1"]
    with pytest.raises(IllegalMove, match="may not undo"):
        play(state, "c2c3c4c5NW")


def test_a_larger_cluster_may_be_slid_back():
    state = play(position(["b1", "b2", "b3", "b4", "d2", "d3", "d4", "g1"], round=4), "b1SE")
    assert fog(play(state, "c2NW")) == ["b1", "b2", "b3", "b4", "c1", "c2", "c3", "g1"]


def test_a_smaller_part_of_the_cluster_may_be_slid_back():
    state = play(position(["b1", "b2", "b3", "b4", "d2", "d3", "d4", "g1"], round=4), "b1SE")
    assert fog(play(state, "c3c4c5NW")) == ["b2", "b3", "b4", "c2", "d2", "d3", "d4", "g1"]


def test_the_cluster_may_be_slid_back_once_the_opponent_took_a_tile_away_from_it():
    state = play(position(["c2", "c3", "e2", "e4", "g1"], round=8), "c2Sxc4")
    assert fog(play(state, "c3Nxe2")) == ["c2", "e4", "g1"]


def test_taking_a_tile_away_elsewhere_does_not_lift_the_ban():
    state = play(position(["c2", "c3", "e2", "e4", "g1"], round=8), "c2Sxe4")
    with pytest.raises(IllegalMove, match="may not undo"):
        play(state, "c3Nxe2")


def test_only_the_opponents_last_move_is_protected():
    state = play(position(["c3", "e2", "g1"], round=4), "c3S", "e2N")
    assert fog(play(state, "c4N")) == ["c3", "e1", "g1"]  # one's own earlier slide may be undone
    with pytest.raises(IllegalMove, match="may not undo"):
        play(state, "e1S")
