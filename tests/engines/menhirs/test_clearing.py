"""The clearing phase: one fog tile taken away at the end of each turn, never the last Menhir's."""

import pytest

from games.engines import IllegalMove
from games.engines.menhirs import ENGINE
from games.engines.menhirs.rules import Slide
from tests.engines.menhirs.helpers import covered, fog, legal_texts, mask, play, position

TILES = ["c3", "e2", "g1"]


def removes(state) -> bool:
    """Do the turns end by taking a tile away? (A winning slide never does; c3's slides never win.)"""
    turns = [turn for turn in ENGINE.legal_moves(state) if isinstance(turn, Slide) and turn.part & mask(["c3"])]
    assert turns
    return all(turn.removed is not None for turn in turns)


def test_dutch_clearing_starts_in_round_8():
    assert not removes(position(TILES, round=7, seat=0))
    assert not removes(position(TILES, round=7, seat=1))
    assert removes(position(TILES, round=8, seat=0))


def test_english_clearing_starts_during_player_2s_turn_of_round_7():
    assert not removes(position(TILES, round=7, seat=0, clearing_starts="english"))
    assert removes(position(TILES, round=7, seat=1, clearing_starts="english"))


def test_the_dutch_schedule_is_the_default():
    assert ENGINE.normalize_options({})["clearing_starts"] == "dutch"


def test_in_the_clearing_phase_a_fog_tile_must_be_taken_away():
    with pytest.raises(IllegalMove, match="take one fog tile away at the end of your turn"):
        play(position(TILES, round=9), "c3S")
    assert fog(play(position(TILES, round=9), "c3Sxe2")) == ["c4", "g1"]


def test_no_tile_is_taken_away_before_the_clearing_phase():
    with pytest.raises(IllegalMove, match="only in the clearing phase, from round 8"):
        play(position(TILES, round=5), "c3Sxe2")


def test_the_tile_that_would_uncover_the_last_menhir_may_not_be_taken_away():
    state = position(TILES, round=8)
    with pytest.raises(IllegalMove, match="may not take away the fog on g1"):
        play(state, "c3Sxg1")
    assert {t for t in legal_texts(state) if t.startswith("c3S")} == {
        "c3Sxc4",
        "c3Sxe2",
        "c3SExd4",
        "c3SExe2",
        "c3SWxb3",
        "c3SWxe2",
    }


def test_when_no_tile_may_be_taken_away_none_is():
    state = position(["b4"], round=8)  # one tile, on a Menhir; sliding it NW covers the Menhir a3
    after = play(state, "b4NW")
    assert fog(after) == covered(after) == ["a3"]
    assert Slide(after.last.part, after.last.direction) == after.last


def test_taking_a_tile_away_may_uncover_a_menhir_that_is_not_the_last():
    after = play(position(["a1", "c3", "g1"], round=8), "c3Sxa1")
    assert covered(after) == ["g1"] and not ENGINE.is_over(after)


def test_a_real_game_reaches_player_2s_last_turn_with_2_fog_tiles_dutch_or_1_english():
    """The Dutch sheet: after the clearing phase starts "the score quickly drops back to 2"."""
    import random

    for schedule, left in (("dutch", 2), ("english", 1)):
        for seed in range(200):
            rng, state = random.Random(seed), ENGINE.setup({"clearing_starts": schedule}, seed=seed)
            while not state.over and state.ply < 23:
                state = ENGINE.play(state, rng.choice(ENGINE.legal_moves(state)))
            if state.ply == 23 and not state.over:
                break
        assert len(fog(state)) == left, schedule


def test_option_split_parts_keep_three_the_tile_taken_away_may_not_leave_a_split_part_below_three():
    """The Dutch "each newly created part must, at all times, consist of at least 3 fog tiles" read
    strictly (an option; by default the minimum binds the split only)."""
    fog_tiles = ["c1", "c2", "c3", "c4", "c5", "d6", "g1"]
    strict = position(fog_tiles, round=8, split_parts_keep_three=True)
    # Both parts have 3 tiles and g1 covers the last covered Menhir: nothing may be taken away.
    assert {text for text in legal_texts(strict) if text.startswith("c1c2c3NE")} == {"c1c2c3NE"}
    with pytest.raises(IllegalMove, match="each part of your split must keep at least 3 tiles at all times"):
        play(strict, "c1c2c3NExd1")
    default = position(fog_tiles, round=8)
    assert "c1c2c3NExd1" in legal_texts(default)  # the default reading: the minimum binds the split only
    whole = position(["c1", "c2", "c3", "g1"], round=8, split_parts_keep_three=True)
    assert "c1NExd1" in legal_texts(whole)  # a cluster moved whole is no split: no such limit
