"""The Uncertainty expansion (Guardians, FOG deck, events, missions) and solo play."""

import pytest

from games.engines.fog import movegen
from games.engines.fog.state import MISSIONS, MOVE, OVER
from tests.engines.fog.positions import ENGINE, arrange, at, play, texts


def costs_of(state):
    return {ENGINE.move_to_text(state, m): c for m, c in movegen.movement_costs(state).items()}


def with_guardian(state, card, side):
    return state._replace(
        guardians=tuple((card if c == state.colour else 7 + c, side) for c in range(state.rules.colours))
    )


def test_each_colour_gets_a_different_guardian_on_the_chosen_side():
    state = ENGINE.setup({"guardians": "B"}, seats=4, seed=1)
    assert len({card for card, _ in state.guardians}) == 4 and {side for _, side in state.guardians} == {"B"}


def test_guardian_of_speed_a_runs_three_hexes_straight_for_two_mp():
    state = with_guardian(arrange({"C3": ("bE1", "black")}), 1, "A")
    assert costs_of(state)["C3*C6"] == 2
    assert at(play(state, "C3*C6"), "C6") == "bE1"


def test_guardian_of_strength_a_pushes_for_two_mp():
    state = with_guardian(arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink")}), 3, "A")
    assert costs_of(state)["C3>D3>E4"] == 2


def test_guardian_of_cunning_b_sends_the_swapped_islander_one_hex_back():
    state = with_guardian(arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink")}), 2, "B")
    after = play(state, "C3xD3@B3")
    assert at(after, "D3") == "bE1" and at(after, "B3") == "rE1" and at(after, "C3") is None


def test_guardian_of_air_b_sends_the_jumped_islander_back():
    state = with_guardian(arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink")}), 4, "B")
    after = play(state, "C3^E4@C4")
    assert at(after, "E4") == "bE1" and at(after, "C4") == "rE1"


def test_fog_uncertainty_draws_a_card_from_the_corner_field_on():
    state = arrange({"K3": ("bE1", "black")}, options={"fog_uncertainty": "on"}, fog=7)
    state = state._replace(fog_deck=(14, 15, 7, 8, 9, 10, 11))  # a 0 card first, then a 2
    state = play(state, "end", "end", "end", "end")
    assert state.fog == 7 and state.fog_drawn == (14,)  # speed 0: the FOG stays
    state = play(state, "end", "end", "end", "end")
    assert state.fog == 5 and state.swallowed == 3  # speed 2: rows B and C


def test_the_game_ends_in_the_round_the_last_fog_card_is_drawn():
    state = arrange({"K3": ("bE1", "black")}, options={"fog_uncertainty": "on"}, fog=3, swallowed=7)
    state = state._replace(fog_deck=(14,))
    state = play(state, "end", "end", "end", "end")
    assert state.phase == OVER and state.fog == 3


def test_above_the_corner_the_fog_moves_one_step_without_a_card():
    state = arrange({"K3": ("bE1", "black")}, options={"fog_uncertainty": "on"}, fog=9)
    state = state._replace(fog_deck=(15, 7, 8, 9, 10, 11, 14))
    state = play(state, "end", "end", "end", "end")
    assert state.fog == 8 and state.fog_drawn == ()


def test_an_event_changes_the_movement_points_of_the_round():
    state = ENGINE.setup({"events": "on"}, seats=4, seed=1)
    while state.phase != MOVE:
        state = ENGINE.play(state, ENGINE.legal_moves(state)[0])
    expected = {26: 5, 27: 6, 28: 8, 29: 9}.get(state.event, 7)
    assert state.event >= 18 and state.mp == expected


@pytest.mark.parametrize(
    ("event", "move", "allowed"), [(34, "C3^E4", False), (35, "C3>D3>E4", False), (36, "C3^E4", True)]
)
def test_gusty_and_dizzy_spell_forbid_movements(event, move, allowed):
    state = arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink")})._replace(event=event)
    assert (move in texts(state)) is allowed


def test_exhaustion_makes_every_sailor_movement_cost_one_more():
    state = arrange({"C3": ("bS3", "black"), "S2": ("bS2", "black")})._replace(event=18)
    table = costs_of(state)
    assert table["C3-C4"] == 2 and table["S2-S4"] == 4  # each water step is a movement


def test_secret_missions_are_kept_one_of_two_before_the_draft():
    state = ENGINE.setup({"missions": "achievements"}, seats=4, seed=1)
    assert state.phase == MISSIONS and {ENGINE.move_to_text(state, m) for m in ENGINE.legal_moves(state)} == {
        "k1",
        "k2",
    }
    hand = state.hands[state.colour]
    after = ENGINE.play_text(state, "k2")
    assert after.missions[state.colour] == (hand[1],)


def test_a_rescue_achievement_mission_scores_with_a_tie():
    state = arrange(
        {}, options={"missions": "achievements"}, aboard={"bBl": [("rS1", "black")], "bBr": [("rS2", "pink")]}
    )
    state = state._replace(missions=((51,), (49,), (50,), (52,)), phase=OVER, colour=-1)
    result = ENGINE.outcome(state)
    colours = [s.details["colours"][0]["categories"]["missions"] for s in result.seats]
    assert colours == [10, 8, 0, 0]  # black ties pink in the blue boat; yellow has nobody aboard


# --- solo ------------------------------------------------------------------------------------------


def test_solo_has_no_draft_and_the_nations_take_turns_with_their_movement_points():
    state = ENGINE.setup({}, seats=1)
    assert state.phase == MOVE and state.rules.solo
    seen = []
    for _ in range(3):
        seen.append((state.rules.colour_names[state.colour], state.mp))
        state = ENGINE.play_text(state, "end")
    assert seen == [("blue", 8), ("green", 7), ("red", 8)]
    assert state.fog == 8 and state.rules.colour_names[state.colour] == "red"  # the double turn


def test_solo_moves_only_the_active_nation():
    state = ENGINE.setup({}, seats=1)
    board = state.rules.board
    for move in ENGINE.legal_moves(state):
        if move.kind != "end":
            assert board.islanders[state.cells[move.frm]].nation == "blue"


def test_solo_gives_no_preparation_bonuses():
    state = arrange({"P1": ("bS3", "blue")}, seats=1, colour="blue")
    assert play(state, "P1-bBl").bonuses == ((), (), ())


def test_solo_minimum_goals_and_rescue_levels():
    state = arrange(
        {},
        seats=1,
        colour="blue",
        aboard={"bAm": [("bE1", "blue")], "bBl": [("bS1", "blue")], "bDr": [("bC1", "blue")]},
    )
    result = ENGINE.outcome(state._replace(phase=OVER, colour=-1))
    detail = result.seats[0].details
    assert detail["categories"]["minimum_crew"] == -40  # green and red do not depart
    assert detail["categories"]["commoner_rescue"] == -40  # nor carry a Commoner of their nation
    assert detail["rescue_level"] == "Guardian Apprentice"


@pytest.mark.parametrize(
    ("points", "level"),
    [
        (175, "Guardian Legend"),
        (150, "Guardian Hero"),
        (149, "Guardian Protector"),
        (80, "Guardian Novice"),
        (79, "Guardian Apprentice"),
    ],
)
def test_the_rescue_levels(points, level):
    from games.engines.fog.scoring import rescue_level

    assert rescue_level(points) == level


def test_the_advanced_solo_starts_the_fog_one_lower():
    assert ENGINE.setup({"solo_advanced": True}, seats=1).fog == 8


def test_optionally_the_fog_deck_game_ends_only_when_the_fog_reaches_the_shore():
    options = {"fog_uncertainty": "on", "fog_deck_ends_game": False}
    state = arrange({"K3": ("bE1", "black")}, options=options, fog=3, swallowed=7)._replace(fog_deck=(14,))
    state = play(state, "end", "end", "end", "end")
    assert state.phase == MOVE and state.fog == 3 and state.fog_deck == ()  # the last card: speed 0
    state = play(state, "end", "end", "end", "end")
    assert state.phase == MOVE and state.fog == 2  # no card left: one step a round
    state = play(state, *["end"] * 8)
    assert state.phase == OVER and state.fog == 0


def test_in_solo_an_event_sets_every_nations_movement_points():
    state = ENGINE.setup({"events": "on"}, seats=1)._replace(event_deck=(26, 36))
    state = play(state, "end", "end", "end")  # the first round's three nations
    seen = []
    for _ in range(3):
        seen.append((state.rules.colour_names[state.colour], state.mp))
        state = play(state, "end")
    assert seen == [("red", 5), ("green", 5), ("blue", 5)]
