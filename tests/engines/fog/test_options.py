"""Section 6: every option of the rulebook, one or more tests each."""

import random

import pytest

from games.engines.base import InvalidOptions, InvalidSetup
from games.engines.fog import components as comp
from games.engines.fog import movegen
from games.engines.fog.state import DRAFT, OVER
from tests.engines.fog.positions import ENGINE, arrange, at, codes, on, play, texts


def layout(options=None, seats=4, seed=0, **changes):
    result = ENGINE.make_layout(ENGINE.normalize_options(options or {}), seats, random.Random(seed))
    result.update(changes)
    return result


def scored(state):
    return ENGINE.outcome(state._replace(phase=OVER, colour=-1))


def cats(result, seat, colour=0):
    return result.seats[seat].details["colours"][colour]["categories"]


SCORING = {"A": 6, "B": 5, "C": 4, "D": 2}


# --- 1 Hourglass --------------------------------------------------------------------------------


def test_the_hourglass_is_a_recorded_clock_not_an_engine_rule():
    state = ENGINE.setup({"hourglass_seconds": 60}, seats=4, seed=1)
    assert state.rules.opt("hourglass_seconds") == 60
    assert ENGINE.legal_moves(state) == ENGINE.legal_moves(ENGINE.setup({}, seats=4, seed=1))


# --- 2 Boat Area Scoring / 6 Individual Boat Scorings -----------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_the_standard_boat_scorings_are_one_side_of_each_token_descending(seed):
    values = list(layout(seed=seed)["boat_scoring"].values())
    assert values == sorted(values, reverse=True)
    assert sorted(values) == sorted(v for v in values)  # four values
    assert all(any(v in token for token in comp.BOAT_SCORINGS) for v in values)


def test_boat_area_scoring_takes_any_four_of_the_eight_tokens():
    seen = set()
    for seed in range(20):
        values = list(layout({"boat_scoring": "any_four"}, seed=seed)["boat_scoring"].values())
        assert values == sorted(values, reverse=True)
        seen.update(values)
    assert seen - {v for t in comp.BOAT_SCORINGS for v in t}  # the extra tokens do appear
    unordered = [list(layout({"boat_scoring": "any_four_random"}, seed=s)["boat_scoring"].values()) for s in range(20)]
    assert any(v != sorted(v, reverse=True) for v in unordered)


def test_individual_boat_scorings_give_each_boat_its_own_values():
    given = layout({"boat_scoring": "individual"})["boat_scoring"]
    assert set(given) == {"blue", "green", "red"}
    state = arrange(
        {},
        options={"boat_scoring": "individual"},
        layout=layout({"boat_scoring": "individual"}),
        aboard={"gBl": [("rS1", "black")]},
    )
    assert cats(scored(state), 0)["boat_areas"] == given["green"]["B"]


# --- 3 Drive Off ---------------------------------------------------------------------------------------


def drive_off(mode, victim_place="bBl", other=None, mover=("P1", "bS3")):
    aboard = {victim_place: [("rS1", "pink")]}
    if other:
        aboard[other] = [("rS2", "pink")]
    return arrange({mover[0]: (mover[1], "black")}, options={"drive_off": mode}, aboard=aboard)


def test_without_drive_off_an_occupied_place_cannot_be_taken():
    assert "P1-bBl" not in texts(drive_off("off", other="bBr"))


def test_drive_off_family_stacks_both_islanders_and_scores_both():
    state = play(drive_off("family", other="bBr"), "P1-bBl")
    assert on(state, "bBl") == ["rS1", "bS3"]
    result = scored(state)
    assert cats(result, 0)["boat_areas"] > 0 and cats(result, 1)["boat_areas"] > 0


def test_drive_off_needs_the_boarding_islander_of_the_boats_nation():
    state = arrange(
        {"P1": ("gS1", "black")},
        options={"drive_off": "family"},
        aboard={"bBl": [("rS1", "pink")], "bBr": [("rS2", "pink")]},
    )
    assert "P1-bBl" not in texts(state)


def test_drive_off_needs_an_islander_of_another_nation_in_the_place():
    state = arrange(
        {"P1": ("bS3", "black")},
        options={"drive_off": "family"},
        aboard={"bBl": [("bS1", "pink")], "bBr": [("bS2", "pink")]},
    )
    assert "P1-bBl" not in texts(state)


def test_drive_off_only_when_no_equivalent_place_is_free_for_the_same_mp():
    # From the right pier the free bBr costs 1 MP and the occupied bBl 2: no driving off.
    state = drive_off("family", mover=("P5", "bS3"))
    assert "P5-bBl" not in texts(state) and "P5-bBr" in texts(state)


def test_drive_off_advanced_moves_the_driven_off_islander_to_the_next_best_place():
    full = drive_off("advanced", other="bBr")  # area B full, no other Sailor place: the stern
    assert "P1-bBl=bST" in texts(full)
    after = play(full, "P1-bBl=bST")
    assert on(after, "bBl") == ["bS3"] and on(after, "bST") == ["rS1"]


def test_drive_off_advanced_prefers_a_free_place_of_the_same_area():
    state = arrange(
        {"P1": ("bW3", "black")},
        options={"drive_off": "advanced"},
        aboard={"bCl": [("rW1", "pink")], "bCr": [("rW2", "pink")]},
    )
    assert "P1-bCl=bST" in texts(state)  # both Warrior places are taken: the stern
    free_area = arrange(
        {"P1": ("bW3", "black"), "P5": ("gW1", "pink")},
        options={"drive_off": "advanced"},
        aboard={"bCl": [("rW1", "pink")]},
    )
    # bCr is free but costs 2 MP from the left pier, so driving off on bCl (1 MP) is allowed, and the
    # driven-off Warrior goes to the free place of the same area.
    assert {t for t in texts(free_area) if t.startswith("P1-bCl")} == {"P1-bCl=bCr"}
    after = play(free_area, "P1-bCl=bCr")
    assert on(after, "bCl") == ["bW3"] and on(after, "bCr") == ["rW1"]


def test_drive_off_intensive_scores_only_the_top_islander():
    state = play(drive_off("intensive", other="bBr"), "P1-bBl")
    result = scored(state)
    assert cats(result, 1)["boat_areas"] == state.rules.area_values[0][1]  # only rS2 on bBr scores
    family = scored(play(drive_off("family", other="bBr"), "P1-bBl"))
    assert cats(family, 1)["boat_areas"] == 2 * state.rules.area_values[0][1]


# --- 4 Boats without a player colour, 5 Minimum Boat Crew ----------------------------------------------


def test_boats_without_a_player_colour_cost_twelve_each():
    state = arrange(
        {}, options={"boats_without_colour": True}, aboard={"bBl": [("rS1", "black")], "gST": [("gS1", "black")]}
    )
    result = scored(state)
    assert cats(result, 0)["boats_without_colour"] == -24  # the stern does not count
    assert cats(result, 1)["boats_without_colour"] == -36


def test_a_boat_without_its_minimum_crew_does_not_depart():
    crew = arrange(
        {},
        options={"minimum_crew": True},
        layout=layout(boat_scoring=SCORING),
        aboard={"bBl": [("bS1", "black")], "gBl": [("gS1", "pink")], "gAm": [("gE1", "pink")]},
    )
    result = scored(crew)
    assert cats(result, 0)["nation"] == 0 and cats(result, 0)["boat_areas"] == 0  # blue has nobody in area A
    assert cats(result, 1)["nation"] == 8 and cats(result, 1)["boat_areas"] == 11  # green departs
    # Per boat that stays: the colours with the fewest islanders in its areas A+B lose 20. Blue: pink,
    # yellow and white (none); red (empty): everybody.
    assert cats(result, 0)["minimum_crew"] == -20
    assert all(cats(result, s)["minimum_crew"] == -40 for s in (1, 2, 3))


# --- 7 Individual Beach Scorings ---------------------------------------------------------------------


def test_individual_beach_scorings_variant_a_raise_the_first_rows():
    state = ENGINE.setup({"beach_scoring": "A"}, seats=4, seed=1)
    assert state.rules.penalties[:4] == (-20, -15, -10, -6)


def test_individual_beach_scorings_variant_b_are_drawn_per_row_and_used():
    given = layout({"beach_scoring": "B"})["beach_scoring"]
    state = arrange(
        {}, options={"beach_scoring": "B"}, layout=layout({"beach_scoring": "B"}), lost={"bE1": ("D", "black")}
    )
    assert cats(scored(state), 0)["lost"] == given["D"]


# --- 8 Team Play, 9 the intensive 2-player game --------------------------------------------------------


def test_team_play_adds_the_team_total_or_takes_its_lowest():
    pieces = {"aboard": {"bBl": [("bS1", "black")], "rBl": [("rS1", "yellow")], "gBl": [("gS1", "pink")]}, "seats": 4}
    total = scored(arrange({}, options={"team_play": "total"}, layout=layout(boat_scoring=SCORING), **pieces))
    assert total.scores == (18, 9, 18, 9) and total.ranks == (1, 3, 1, 3)
    lowest = scored(arrange({}, options={"team_play": "lowest"}, layout=layout(boat_scoring=SCORING), **pieces))
    assert lowest.scores == (9, 0, 9, 0)


def test_team_play_needs_four_or_six_players():
    with pytest.raises(InvalidSetup, match="team play"):
        ENGINE.setup({"team_play": "total"}, seats=3)
    assert ENGINE.setup({"board": "large", "team_play": "total", "teams": 3}, seats=6, seed=1).rules.seats == 6


def test_the_intensive_two_player_game_plays_three_colours_each_on_the_large_beach():
    state = ENGINE.setup({"board": "large", "intensive_two_player": True}, seats=2, seed=1)
    assert state.rules.colours == 6 and state.rules.seat_of == (0, 1, 0, 1, 0, 1)
    with pytest.raises(InvalidOptions, match="large beach"):
        ENGINE.setup({"intensive_two_player": True}, seats=2)


# --- 10 Rescue the Leaders -----------------------------------------------------------------------------


def test_rescue_the_leaders_places_one_leader_per_colour_in_the_first_rows():
    state = ENGINE.setup({"rescue_the_leaders": True}, seats=4, seed=2)
    board = state.rules.board
    assert len(state.rules.leaders) == 4  # 3 Leaders and one Elder
    assert sorted(board.islanders[i].type for i in state.rules.leaders) == ["E", "L", "L", "L"]
    assert all(board.rows[state.where[i]] <= 1 for i in state.rules.leaders)


def test_each_colour_drafts_only_one_of_the_leaders():
    state = ENGINE.setup({"rescue_the_leaders": True}, seats=4, seed=2)
    leader = next(m for m in ENGINE.legal_moves(state) if state.cells[m.frm] in state.rules.leaders)
    state = ENGINE.play(state, leader)
    for _ in range(3):
        state = ENGINE.play(
            state, next(m for m in ENGINE.legal_moves(state) if state.cells[m.frm] not in state.rules.leaders)
        )
    assert state.phase == DRAFT and state.colour == 3
    assert all(state.cells[m.frm] not in state.rules.leaders for m in ENGINE.legal_moves(state))


def test_a_colour_with_its_leader_passes_when_only_leaders_are_left_to_draft():
    # The draft goes white, yellow, pink, black. Yellow (the second to pick) takes a Leader; then only
    # the other islanders are drafted until none is left. The next pick is yellow's again: yellow has
    # its Leader, so it passes, and the colours without one take the remaining Leaders.
    state = ENGINE.setup({"rescue_the_leaders": True}, seats=4, seed=2)
    leaders = state.rules.leaders

    def pick(state, leader):
        return ENGINE.play(
            state, next(m for m in ENGINE.legal_moves(state) if (state.cells[m.frm] in leaders) == leader)
        )

    state = pick(state, False)
    assert ENGINE.acting_colour(state) == "yellow"
    state = pick(state, True)
    while any(state.owner[i] < 0 and i not in leaders for i in range(len(state.owner))):
        state = pick(state, False)
    assert state.phase == DRAFT and state.picks == 30  # 29 picks, then yellow's turn: it passed
    assert ENGINE.acting_colour(state) == "pink"
    while state.phase == DRAFT:
        state = pick(state, True)
    assert sorted(state.owner[i] for i in leaders) == [0, 1, 2, 3]  # one Leader per colour


def test_rescued_leaders_score_fifteen_five_or_minus_five():
    start = ENGINE.setup({"rescue_the_leaders": True}, seats=4, seed=2)
    board = start.rules.board
    names = {board.islanders[i].type + board.islanders[i].nation: i for i in start.rules.leaders}
    from games.engines.fog.setup import islander_code

    blue = islander_code(board, names["Lblue"])
    green = islander_code(board, names["Lgreen"])
    red = islander_code(board, names["Lred"])
    state = arrange(
        {},
        options={"rescue_the_leaders": True},
        layout=start.rules.layout,
        aboard={"bDl": [(blue, "black")], "rST": [(green, "pink")]},
        lost={red: ("A", "yellow")},
    )
    result = scored(state)
    assert (cats(result, 0)["leaders"], cats(result, 1)["leaders"], cats(result, 2)["leaders"]) == (15, 5, -5)


def test_a_leader_may_take_its_nations_leader_place_even_when_taken():
    start = ENGINE.setup({"rescue_the_leaders": True}, seats=4, seed=2)
    board = start.rules.board
    from games.engines.fog.setup import islander_code

    blue = next(islander_code(board, i) for i in start.rules.leaders if board.islanders[i].nation == "blue")
    state = arrange(
        {"P1": (blue, "black")},
        options={"rescue_the_leaders": True},
        layout=start.rules.layout,
        aboard={"bDl": [("rL1", "pink")]},
    )
    assert "P1-bDl" in texts(state)


# --- 11 Enhanced Movements -----------------------------------------------------------------------------


def test_an_enhanced_push_moves_three_islanders_for_two_more_mp():
    pieces = {"C3": ("bE1", "black"), "C4": ("rE1", "pink"), "C5": ("rE2", "pink"), "C6": ("gE1", "pink")}
    state = arrange(pieces, options={"enhanced_movements": True})
    table = {ENGINE.move_to_text(state, m): c for m, c in movegen.movement_costs(state).items()}
    assert table["eC3>C4>C5"] == 5
    assert "C3>C4>C5" not in table  # three islanders need the enhancement
    after = play(state, "eC3>C4>C5")
    assert (at(after, "C4"), at(after, "C5"), at(after, "C6"), at(after, "C7")) == ("bE1", "rE1", "rE2", "gE1")


def test_an_enhanced_jump_may_land_on_an_islander_and_must_move_on():
    state = arrange(
        {"C3": ("bE1", "black"), "D3": ("rE1", "pink"), "E4": ("rE2", "pink")}, options={"enhanced_movements": True}
    )
    assert "eC3^D3^E4" in texts(state)
    after = play(state, "eC3^D3^E4")
    assert after.transit == codes(after)["bE1"] and "end" not in texts(after)
    assert after.mp == 2
    done = play(after, "E4-F4")
    assert at(done, "F4") == "bE1" and at(done, "E4") == "rE2"


def test_without_enhanced_movements_no_enhanced_move_is_offered():
    state = arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink"), "E4": ("rE2", "pink")})
    assert not any(t.startswith("e") and t != "end" for t in texts(state))
