"""What the ranking app knows of each game: pools per option, ladders, The FOG's rescue levels."""

from dataclasses import replace

import pytest

from games.engines import get_engine
from ranking.profiles import RankingProfile, profile_for, score_level
from tests.toygame import ENGINE as MISTY_NIM


@pytest.mark.parametrize(
    ("score", "level"),
    [(175, "Guardian Legend"), (174, "Guardian Hero"), (150, "Guardian Hero"), (149, "Guardian Protector"),
     (125, "Guardian Protector"), (124, "Guardian Novice"), (80, "Guardian Novice"), (79, "Guardian Apprentice"),
     (-20, "Guardian Apprentice")],
)  # fmt: skip
def test_the_fog_solo_rescue_levels_follow_the_rule_text(score, level):
    assert score_level(profile_for(get_engine("fog")), score) == level


def test_the_fog_rates_each_board_in_its_own_pool_and_ladders_each_solo_scenario():
    profile = profile_for(get_engine("fog"))
    assert profile.pool_options == ("board",) and profile.ladder_options == ("scenario",)


def test_carnac_rates_each_board_in_its_own_pool():
    assert profile_for(get_engine("carnac")).pool_options == ("board",)


def test_an_engine_may_declare_its_ranking_profile_in_its_info():
    engine = type(MISTY_NIM)()
    engine.info = replace(
        MISTY_NIM.info, extra={"ranking": {"ladder_options": ["pile"], "score_levels": [[10, "Gold"], [0, "Tin"]]}}
    )
    profile = profile_for(engine)
    assert profile.ladder_options == ("pile",)
    assert score_level(profile, 12) == "Gold" and score_level(profile, 3) == "Tin"


def test_a_score_level_without_a_minimum_takes_every_score_below_the_others():
    engine = type(MISTY_NIM)()
    engine.info = replace(MISTY_NIM.info, extra={"ranking": {"score_levels": [[10, "Gold"], [None, "Tin"]]}})
    assert score_level(profile_for(engine), -1000) == "Tin"


def test_a_game_without_a_profile_has_one_pool_and_no_levels():
    assert profile_for(MISTY_NIM) == RankingProfile()
