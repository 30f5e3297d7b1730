"""The board: 30 hexes in 7 vertical columns, six directions, and fog that can always move."""

import random

import pytest

from games.engines.menhirs.board import (
    BOARD,
    COLUMN_HEIGHTS,
    DIRECTIONS,
    HEX_BITS,
    HEX_NAMES,
    HEXES,
    MIN_SPLIT_SIZE,
    OPPOSITE,
    SHIFTS,
    bits_of,
    components,
    is_split_part,
    mask_of,
    movable_parts,
    names_of,
    shift,
    spread,
)


def step(name, direction):
    return HEX_NAMES.get(HEX_BITS[name] + SHIFTS[DIRECTIONS.index(direction)])


def test_the_board_has_30_hexes_in_7_columns_of_3_4_5_6_5_4_3():
    assert len(HEXES) == 30 == BOARD.bit_count()
    assert COLUMN_HEIGHTS == (3, 4, 5, 6, 5, 4, 3)
    for letter, height in zip("abcdefg", COLUMN_HEIGHTS):
        assert [name for name in HEX_NAMES.values() if name[0] == letter] == [
            f"{letter}{p}" for p in range(1, height + 1)
        ]


def test_column_1_is_west_and_position_1_is_the_northernmost():
    assert step("a1", "N") is None and step("a1", "NW") is None and step("a1", "SW") is None
    assert step("a1", "S") == "a2" and step("a1", "NE") == "b1"
    assert step("d1", "N") is None and step("d6", "S") is None
    assert step("g3", "NE") is None and step("g3", "SW") == "f4"


def test_the_six_directions_lead_to_the_six_neighbours_and_back():
    assert DIRECTIONS == ("N", "NE", "SE", "S", "SW", "NW")
    assert {step("d3", d) for d in DIRECTIONS} == {"d2", "e2", "e3", "d4", "c3", "c2"}
    for name in HEX_NAMES.values():
        for d, direction in enumerate(DIRECTIONS):
            there = step(name, direction)
            if there is not None:
                assert step(there, DIRECTIONS[OPPOSITE[d]]) == name


def test_a_step_off_the_board_never_lands_on_another_hex():
    for index in HEXES:
        for direction in range(6):
            moved = shift(1 << index, direction)
            assert moved.bit_count() == 1
            assert (moved & BOARD == 0) == (HEX_NAMES.get(index + SHIFTS[direction]) is None)


def test_clusters_are_the_maximal_connected_groups_of_fog():
    fog = sum(1 << HEX_BITS[n] for n in ["a1", "a2", "b2", "d3", "g3"])
    assert sorted(sorted(HEX_NAMES[i] for i in bits_of(c)) for c in components(fog)) == [
        ["a1", "a2", "b2"],
        ["d3"],
        ["g3"],
    ]


def _connected_sets(max_size):
    layer = {1 << index for index in HEXES}
    for _size in range(max_size):
        yield from layer
        layer = {c | 1 << i for c in layer for i in bits_of(spread(c) & BOARD & ~c)}


@pytest.mark.parametrize("max_size", [5])
def test_every_cluster_has_two_ways_to_move_so_a_player_is_never_stuck(max_size):
    """The no-undo rule bars one slide at most, so two ways to move means a legal move always exists.

    (Checked for every cluster shape up to 11 tiles when writing the engine; here up to 5, and
    up to 7 in the slow test below.)
    """
    for cluster in _connected_sets(max_size):
        ways = sum(
            1
            for part in movable_parts(cluster)
            for direction in range(6)
            if not shift(part, direction) & ~BOARD and not shift(part, direction) & (cluster & ~part)
        )
        assert ways >= 2, [HEX_NAMES[i] for i in bits_of(cluster)]


@pytest.mark.slow
def test_every_cluster_of_up_to_7_tiles_has_two_ways_to_move():
    test_every_cluster_has_two_ways_to_move_so_a_player_is_never_stuck(7)


def _parts_by_every_subset(cluster):
    """The split rule read literally over all 2**n subsets: the reference for ``movable_parts``."""
    if cluster.bit_count() < MIN_SPLIT_SIZE:
        return (cluster,)
    parts = [cluster]
    sub = (cluster - 1) & cluster
    while sub:
        if is_split_part(cluster, sub):
            parts.append(sub)
        sub = (sub - 1) & cluster
    return tuple(parts)


def _random_cluster(rng, size):
    cluster = 1 << rng.choice(HEXES)
    while cluster.bit_count() < size:
        cluster |= 1 << rng.choice(bits_of(spread(cluster) & BOARD & ~cluster))
    return cluster


def test_movable_parts_are_exactly_the_splits_the_rule_allows_in_the_same_order():
    rng = random.Random(19)
    clusters = [_random_cluster(rng, size) for size in range(1, 12) for _ in range(25)]
    for cluster in clusters:
        assert movable_parts(cluster) == _parts_by_every_subset(cluster), names_of(cluster)


def test_a_cluster_has_the_same_splits_wherever_it_lies():
    """The parts are cached by shape: the same shape one hex south-east has its parts one hex south-east."""
    cluster = mask_of(HEX_BITS[name] for name in ["b2", "b3", "c2", "c3", "c4", "d3", "d4"])
    moved = shift(cluster, DIRECTIONS.index("SE"))
    assert names_of(moved) == ["c3", "c4", "d3", "d4", "d5", "e3", "e4"]
    assert movable_parts(moved) == tuple(shift(part, DIRECTIONS.index("SE")) for part in movable_parts(cluster))
    assert movable_parts(moved) == _parts_by_every_subset(moved)
