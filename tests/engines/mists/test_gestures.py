"""Mists by clicking: each decision of a turn is made on the board (a place, a feature, a tile),
pickers only where the clicks agree (the tile's turns, a meeple's colour, which ghost), and the
rest are buttons. Everything comes from the view, which hides the order of the piles."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.gestures import TARGET_ID, gesture_problems, svg_targets
from games.engines.mists.rules import all_tiles_for, known_tile
from games.engines.mists.state import CEMETERY
from tests.engines.mists.positions import ENGINE, game, hold, meeple, phase, play, put


def accounted(state):
    """The position with its piles holding exactly the tiles not on the board, set aside or drawn
    (the tests lay tiles by hand; a view must account for every tile of the level)."""
    left = Counter(all_tiles_for(state.level, state.spell_circles))
    left.subtract(tile for tile, _ in state.board.values() if known_tile(tile))
    left.subtract([*state.discarded, *([state.tile] if state.tile else [])])
    piles = []
    for pile in state.piles:
        kept = []
        for tile in pile:
            if left[tile] > 0:
                left[tile] -= 1
                kept.append(tile)
        piles.append(kept)
    piles[-1] += sorted(left.elements())
    state.piles = piles
    return state


def gestures_of(state):
    """The seat to move's gestures by move, after checking them against its moves and picture."""
    view = ENGINE.observe(accounted(state), state.seat)
    found = ENGINE.move_gestures(view)
    assert not gesture_problems(found, ENGINE.player_moves(view), ENGINE.render_svg(view))
    return {gesture.move: gesture for gesture in found}


def targets(state):
    return svg_targets(ENGINE.render_svg(ENGINE.observe(state, None)))


def test_the_drawn_tile_is_placed_by_clicking_its_place_then_picking_a_turn_named_by_its_sides():
    state = hold(game(), "L28")
    found = gestures_of(state)
    assert found and all(len(g.path) == 1 and g.group == "Turn the tile" for g in found.values())
    by_place = {}
    for gesture in found.values():
        by_place.setdefault(gesture.path, []).append(gesture.choice)
    several = [labels for labels in by_place.values() if len(labels) > 1]
    assert several, "L28 fits some place in more than one way"
    for labels in several:
        assert len(set(labels)) == len(labels)
    assert found["0,-1@180"].path == ("0:-1",)
    assert found["0,-1@180"].choice.startswith("180°: N ")
    assert "0:-1" in targets(state) and "0:0" in targets(state)  # empty places and tiles alike


def test_a_meeple_goes_on_a_feature_of_the_new_tile_then_its_colour_is_picked():
    state = play(hold(game(), "L28"), "0,-1@180")
    assert phase(state) == "meeple"
    found = gestures_of(state)
    assert found["pass"].path == () and found["pass"].choice == "No meeple"
    colours = [g for g in found.values() if g.move.startswith("road1=")]
    assert {g.choice for g in colours} == {"red", "green", "blue", "yellow"}  # solo: four colours
    assert {g.path for g in colours} == {("0:-1:road1",)}
    assert "0:-1:road1" in targets(state)


def test_features_are_clickable_only_while_a_decision_names_one():
    state = hold(meeple(game(), 0, 0, "r", 0, "red"), "L28")
    assert not any(t.count(":") == 2 for t in targets(state))  # placing a tile: tiles and places only


def test_a_scoring_is_a_button_with_its_points_and_forgoing_it_is_a_click_on_a_tile_with_ghosts():
    state = play(hold(meeple(game(), 0, 0, "r", 0, "red"), "L28"), "0,-1@180")
    assert phase(state) == "score"
    found = gestures_of(state)
    assert found["score"].path == () and found["score"].choice == "Score the road: 2 points"
    assert found["calm:1,0"].path == ("1:0",) and found["calm:1,1"].path == ("1:1",)


def test_a_circle_drawing_from_a_tile_with_ghosts_in_two_places_asks_which_ghost():
    state = put(game(2, spell=True), -2, -1, "Y02", 0)
    state.ghosts[(-2, -1, 0)] = 1
    state.ghosts[(-2, -1, CEMETERY)] = 1
    state.cat_supply -= 2
    state = play(hold(state, "C05"), "-1,0@90")
    assert phase(state) == "circle"
    found = gestures_of(state)
    assert found["draw:-2,-1"].path == found["draw:-2,-1:cemetery"].path == ("-2:-1",)
    assert found["draw:-2,-1"].choice == "a ghost from the mist"
    assert found["draw:-2,-1:cemetery"].choice == "a ghost from the cemetery"


def test_burying_clicks_the_meeple_or_with_none_on_the_board_offers_a_button_per_colour():
    state = put(put(put(game(2), -1, 0, "Y01", 1), -1, -1, "L27", 0), -1, 1, "L21", 0)
    with_meeples = play(hold(meeple(meeple(state.clone(), 1, 0, "r", 0, "red"), 0, 1, "r", 0, "blue"), "L27"), "-2,0@0")
    assert phase(with_meeples) == "bury"
    found = gestures_of(with_meeples)
    assert found["bury:1,0:road1"].path == ("1:0:road1",) and found["bury:0,1:road1"].path == ("0:1:road1",)
    without = play(hold(state, "L27"), "-2,0@0")
    found = gestures_of(without)
    assert {g.choice for g in found.values()} >= {"Bury a yellow meeple from the supply"}
    assert all(g.path == () for g in found.values())


def test_the_hound_joins_a_meeple_by_its_feature_chases_by_tile_and_stops_with_a_button():
    state = meeple(meeple(game(3), 0, 0, "r", 0, "red"), 1, 0, "r", 0, "blue")
    state.score = state.scores[0] = 13
    state = play(hold(state, "L28"), "0,-1@180", "score")
    assert phase(state) == "chase"
    found = gestures_of(state)
    assert found["done"].path == () and found["chase:1,0"].path == ("1:0",)


def test_the_face_down_tile_goes_where_the_team_clicks():
    state = play(hold(game(5), "Y01"), "0,2@0", "pass")
    assert phase(state) == "haunt"
    found = gestures_of(state)
    assert found["haunt:0,3"].path == ("0:3",) and found["haunt:-1,2"].path == ("-1:2",)


def test_every_target_id_is_short_and_safe():
    state = play(hold(game(), "L28"), "0,-1@180")
    assert all(TARGET_ID.match(target) for target in targets(state))


def test_the_gestures_come_from_the_view_alone_two_pile_orders_alike_so_far_give_the_same():
    options = {"level": 3, "spell_circles": True}
    layout = ENGINE.layout(ENGINE.setup(options, seats=2, seed=7))
    rng = random.Random(7)
    other = {"piles": [layout["piles"][0][:8] + rng.sample(layout["piles"][0][8:], 15), *layout["piles"][1:]]}
    assert other != layout
    twins = [ENGINE.setup(options, seats=2, layout=lay) for lay in (layout, other)]
    for _ in range(30):
        seat = ENGINE.to_move(twins[0])
        if seat is None or twins[0].piles[0][:1] != twins[1].piles[0][:1]:
            break
        views = [ENGINE.observe(twin, seat) for twin in twins]
        assert views[0] == views[1]
        assert ENGINE.move_gestures(views[0]) == ENGINE.move_gestures(views[1])
        text = rng.choice(ENGINE.player_moves(views[0]))
        twins = [ENGINE.play_player(twin, seat, text)[0] for twin in twins]


OPTION_SETS = [
    ({}, 1),
    ({"spell_circles": True}, 2),
    ({"level": 2, "spell_circles": True}, 1),
    ({"level": 4}, 3),
    ({"level": 5, "spell_circles": True}, 4),
    ({"level": 6, "spell_circles": True}, 5),
]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 80), st.sampled_from(OPTION_SETS))
def test_random_positions_have_right_gestures(seed, plies, option_set):
    options, seats = option_set
    rng = random.Random(seed)
    state = ENGINE.setup(options, seats=seats, seed=seed)
    for _ in range(plies):
        if ENGINE.to_move(state) is None:
            return
        state = ENGINE.play(state, rng.choice(list(ENGINE.legal_moves(state))))
    if ENGINE.to_move(state) is None:
        return
    view = ENGINE.observe(state, ENGINE.to_move(state))
    found = ENGINE.move_gestures(view)
    assert found
    assert not gesture_problems(found, ENGINE.player_moves(view), ENGINE.render_svg(view))


def test_a_spectator_and_a_seat_waiting_for_its_turn_get_no_gestures():
    state = game(seats=2)
    assert ENGINE.move_gestures(ENGINE.observe(state, None)) == []
    assert ENGINE.move_gestures(ENGINE.observe(state, 1 - state.seat)) == []
