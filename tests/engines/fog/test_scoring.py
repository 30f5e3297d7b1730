"""Scoring: the four categories, the rulebook's two examples from real final positions, and ranking."""

import json
from pathlib import Path

from games.engines.fog.state import OVER
from tests.engines.fog.positions import ENGINE, arrange

AREAS_6542 = {"A": 6, "B": 5, "C": 4, "D": 2}


def layout_with_scoring(seats=3, scoring=AREAS_6542, options=None):
    layout = ENGINE.make_layout(ENGINE.normalize_options(options or {}), seats, __import__("random").Random(0))
    layout["boat_scoring"] = scoring
    return layout


def final(state, **changes):
    return state._replace(phase=OVER, colour=-1, **changes)


def rulebook_multiplayer_example():
    """Black, Pink and Yellow at the end of a 3-player game, as in the rulebook's scoring example.

    Boat Scorings A 6, B 5, C 4, D 2. The bonus stacks are set as the example lists them (the
    example's 6+2+2, 5+4, 4+4+3 cannot come from the stacks of section 3 in one game).
    """
    state = arrange(
        {"P9": ("rL1", "yellow")},  # the yellow Leader clings to the red boat's pier
        seats=3,
        layout=layout_with_scoring(),
        aboard={
            "bBl": [("rS1", "black")],  # a red Sailor in the blue boat: area B, 5
            "bDl": [("bL1", "black")],  # the blue Leader in its own boat: 4 + area D, 2
            "rDr": [("gC1", "black")],  # a green Commoner in the red boat: area D, 2
            "gBl": [("gS1", "pink")],  # three green islanders in the green boat: 5, 5, 4
            "gBr": [("gS2", "pink")],
            "gCm": [("gW1", "pink")],
            "rBl": [("rS2", "yellow")],  # a red Sailor in its own boat: 4 + 5
            "gDr": [("bC2", "yellow")],  # a blue Commoner in the green boat: 2
        },
        lost={"bE1": ("H", "black"), "rE1": ("H", "pink"), "rE2": ("J", "pink")},
    )
    return final(state, bonuses=((6, 2, 2), (5, 4), (4, 4, 3)))


def test_rulebook_multiplayer_scoring_example():
    result = ENGINE.outcome(rulebook_multiplayer_example())
    black, pink, yellow = (s.details["colours"][0] for s in result.seats)
    assert black["categories"] == {"nation": 4, "boat_areas": 9, "lost": -3, "bonuses": 10}
    assert pink["categories"] == {"nation": 12, "boat_areas": 14, "lost": -5, "bonuses": 9}
    assert yellow["categories"] == {"nation": 4, "boat_areas": 7, "lost": 0, "bonuses": 11}
    assert result.scores == (20, 30, 22)
    assert result.ranks == (3, 1, 2)
    assert result.seats[1].tiebreak == (30, -2, 0)


def test_pier_islanders_are_rescued_but_score_nothing():
    yellow = ENGINE.outcome(rulebook_multiplayer_example()).seats[2].details["colours"][0]
    assert yellow["rescued"] == 3 and yellow["categories"]["nation"] == 4  # the pier Leader adds nothing


def solo_example_scenario():
    data = json.loads(Path("games/engines/fog/scenarios/brume-s1.json").read_text())
    data.pop("minimum_crew")
    data.pop("commoner_penalty")
    data["name"] = "rulebook-example"
    return data


def test_rulebook_solo_scoring_example():
    """20 + 30 - 8 = 42: blue boat 8 and 12, green 4 and 7, red 8 and 11, lost 3 + 3 + 2."""
    data = solo_example_scenario()
    state = arrange(
        {"P1": ("bL1", "blue")},  # the Leader on the pier: rescued, no RP
        seats=1,
        options={"scenario": "custom"},
        layout={"scenario": "custom", "scenario_data": data},
        colour="blue",
        aboard={
            "bBl": [("bS1", "blue")],
            "bBr": [("bS2", "blue")],
            "bDr": [("gC1", "green")],
            "gBl": [("gS1", "green")],
            "gDr": [("rC1", "red")],
            "rBl": [("rS1", "red")],
            "rCl": [("rW1", "red")],
            "rDr": [("bC1", "blue")],
        },
        lost={"bE1": ("H", "blue"), "gE1": ("I", "green"), "rE1": ("J", "red")},
    )
    result = ENGINE.outcome(final(state))
    detail = result.seats[0].details
    assert detail["categories"] == {"nation": 20, "boat_areas": 30, "lost": -8}
    assert result.scores == (42,)
    assert detail["rescue_level"] == "Guardian Apprentice"
    per_nation = {row["colour"]: row["categories"]["boat_areas"] for row in detail["nations"]}
    assert per_nation == {"blue": 12, "green": 7, "red": 11}


def test_ties_are_broken_by_fewest_islanders_lost_then_commoners_rescued():
    state = arrange(
        {"P9": ("gC2", "white")},  # a Commoner on a pier: rescued, 0 RP
        layout=layout_with_scoring(4),
        seats=4,
        aboard={
            "bBl": [("bS1", "black")],  # black: 4 + 5, one islander lost in row K: 7
            "bBr": [("rS1", "pink")],  # pink: 5 + 2 = 7, nobody lost
            "gDr": [("rC1", "pink")],
        },
        lost={"bE1": ("K", "black")},
    )
    result = ENGINE.outcome(final(state))
    assert result.scores == (7, 7, 0, 0)
    assert [s.tiebreak for s in result.seats] == [(7, -1, 0), (7, 0, 1), (0, 0, 0), (0, 0, 1)]
    assert result.ranks == (2, 1, 4, 3)
    assert "fewer islanders" in result.reason


def test_players_equal_in_every_tie_break_share_the_place():
    state = arrange(
        {}, layout=layout_with_scoring(4), seats=4, aboard={"bBl": [("bS1", "black")], "rBl": [("rS1", "pink")]}
    )
    result = ENGINE.outcome(final(state))
    assert result.ranks == (1, 1, 3, 3)
    assert "share" in result.reason


def test_a_player_with_two_colours_scores_the_lowest_by_default_or_the_total():
    pieces = {"aboard": {"bBl": [("bS1", "black")], "rBl": [("rS1", "yellow")], "gBl": [("gS1", "yellow")]}, "seats": 2}
    lowest = ENGINE.outcome(final(arrange({}, layout=layout_with_scoring(2), **pieces)))
    assert lowest.seats[0].score == 9  # black 4 + 5 = 9, yellow 18: the lowest counts
    total = ENGINE.outcome(
        final(arrange({}, options={"score_colours": "total"}, layout=layout_with_scoring(2), **pieces))
    )
    assert total.seats[0].score == 27


def test_outcome_details_list_every_category_per_colour():
    result = ENGINE.outcome(rulebook_multiplayer_example())
    json.dumps(result.to_json())
    for seat in result.seats:
        for colour in seat.details["colours"]:
            assert {"nation", "boat_areas", "lost", "bonuses"} <= set(colour["categories"])


def two_colour_tie(**options):
    """Two players, two colours each, equal on RP: black 9 and yellow 14 against pink 9 and white 9.

    Black loses nobody but yellow loses two islanders; pink loses one and white none. Pink's 9
    comes with a rescued Commoner.
    """
    return final(
        arrange(
            {},
            seats=2,
            options=options,
            layout=layout_with_scoring(2, options=options),
            aboard={
                "bBl": [("bS1", "black")],  # black: 4 + 5 = 9
                "rBl": [("rS1", "yellow")],  # yellow: 9 + 9 - 2 - 2 = 14
                "gBl": [("gS1", "yellow")],
                "bBr": [("bS2", "pink")],  # pink: 9 + 2 - 2 = 9
                "gDr": [("rC1", "pink")],
                "gBr": [("gS2", "white")],  # white: 9
            },
            lost={"bE1": ("K", "yellow"), "rE1": ("K", "yellow"), "rE2": ("K", "pink")},
        )
    )


def test_a_tie_between_players_with_several_colours_counts_all_their_lost_islanders():
    result = ENGINE.outcome(two_colour_tie())
    rp = {row["colour"]: row["rp"] for row in result.details["colours"]}
    assert rp == {"black": 9, "pink": 9, "yellow": 14, "white": 9}
    # Both score their lowest colour, 9; the first player lost 2 islanders (all yellow), the second 1.
    assert [s.tiebreak for s in result.seats] == [(9, -2, 0), (9, -1, 1)]
    assert result.ranks == (2, 1)
    assert "losing fewer islanders (1)" in result.reason


def test_a_tie_between_players_with_several_colours_counts_all_their_rescued_commoners():
    aboard = {
        "bBl": [("bS1", "black")],  # black: 9, the first player's lowest
        "rBl": [("rS1", "yellow")],  # yellow: 9 + 2, with a rescued Commoner
        "gDr": [("rC1", "yellow")],
        "bBr": [("bS2", "pink")],  # pink 9 and white 9: no Commoner
        "gBr": [("gS2", "white")],
    }
    result = ENGINE.outcome(final(arrange({}, seats=2, layout=layout_with_scoring(2), aboard=aboard)))
    assert [s.tiebreak for s in result.seats] == [(9, 0, 1), (9, 0, 0)]
    assert result.ranks == (1, 2)
    assert "more Commoners rescued (1)" in result.reason
