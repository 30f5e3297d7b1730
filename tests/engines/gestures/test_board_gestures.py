"""Clicking the board in Carnac, Menhirs and Brouillard: the gestures of concrete positions, and
random positions whose gestures stay right (every offered move once, every target on the board)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import get_engine
from games.engines.gestures import Gesture, gesture_problems, svg_targets

CARNAC = get_engine("carnac")
MENHIRS = get_engine("menhirs")
BROUILLARD = get_engine("brouillard")


def played(engine, texts, options=None, **setup):
    state = engine.setup(engine.normalize_options(options or {}), seats=2, **setup)
    for text in texts:
        state = engine.play_text(state, text)
    return state


def by_move(gestures):
    return {g.move: g for g in gestures}


# --- Carnac --------------------------------------------------------------------------------------


def test_carnac_a_placement_is_the_square_then_one_of_four_colourings():
    view = CARNAC.observe(played(CARNAC, [], {"board": "small"}), 0)
    gestures = by_move(CARNAC.move_gestures(view))
    same_square = [g for g in gestures.values() if g.path == ("c-e4",)]
    assert sorted(g.move for g in same_square) == ["e4re", "e4rn", "e4we", "e4wn"]
    assert gestures["e4wn"] == Gesture("e4wn", ("c-e4",), "white north–south, red east–west", "White on top")
    assert gestures["e4re"].choice == "white north–south, red east–west" and gestures["e4re"].group == "Red on top"
    assert 'data-target="c-e4"' in CARNAC.render_svg(view)


def test_carnac_a_tilt_is_the_megalith_then_the_square_it_falls_on_and_declining_is_a_button():
    state = played(CARNAC, ["a1wn"], {"board": "small"})
    view = CARNAC.observe(state, 1)
    gestures = by_move(CARNAC.move_gestures(view))
    assert set(gestures) == set(CARNAC.player_moves(view)) == {"tn", "te", "x"}  # the corner: north and east
    assert gestures["tn"].path == ("c-a1", "c-a2")
    assert gestures["te"].path == ("c-a1", "c-b1")
    assert gestures["x"] == Gesture("x", (), "Leave it standing")


def test_carnac_offers_no_gestures_to_the_seat_that_waits_or_to_spectators():
    state = played(CARNAC, ["a1wn"], {"board": "small"})
    assert CARNAC.move_gestures(CARNAC.observe(state, 0)) == []
    assert CARNAC.move_gestures(CARNAC.observe(state, None)) == []


# --- Menhirs -------------------------------------------------------------------------------------

MENHIRS_LAYOUT = {"menhirs": ["a3", "b3", "c2", "c3", "d5", "e1", "e3"], "face_down": []}


def test_menhirs_placing_fog_is_one_click_on_a_hex_without_fog():
    view = MENHIRS.observe(played(MENHIRS, [], layout=MENHIRS_LAYOUT), 0)
    gestures = by_move(MENHIRS.move_gestures(view))
    assert gestures["d4"] == Gesture("d4", ("h-d4",), "Place fog on d4")
    assert all(len(g.path) == 1 for g in gestures.values())
    assert not any(g.path == ("h-a3",) for g in gestures.values())  # a3 is under fog


def test_menhirs_a_slide_is_any_tile_of_the_cluster_then_a_compass_arrow():
    state = played(MENHIRS, ["d4", "f1", "f2", "f4"], layout=MENHIRS_LAYOUT)
    view = MENHIRS.observe(state, 0)
    gestures = MENHIRS.move_gestures(view)
    svg = MENHIRS.render_svg(view)
    slide = by_move(gestures)["a3SE"]
    assert slide.path == ("k-a3", "d-SE")
    # every fog tile of a cluster is drawn as the same target: clicking any of them picks it
    assert svg.count('data-target="k-a3"') == 10 and svg.count('data-target="k-f4"') == 1  # f4 stands alone
    assert by_move(gestures)["f4N"].path == ("k-f4", "d-N")
    assert {f'data-target="d-{d}"' for d in ("N", "NE", "SE", "S", "SW", "NW")} <= set(
        f'data-target="{t}"' for t in svg_targets(svg)
    )
    assert gesture_problems(gestures, MENHIRS.player_moves(view), svg) == []


def test_menhirs_a_split_and_the_tile_taken_away_are_chosen_in_the_picker():
    rng = random.Random(0)
    state = played(MENHIRS, [], seed=0)
    while MENHIRS.to_move(state) is not None:
        view = MENHIRS.observe(state, MENHIRS.to_move(state))
        if view["phase"] == "clearing":
            break
        state = MENHIRS.play(state, rng.choice(list(MENHIRS.legal_moves(state))))
    gestures = MENHIRS.move_gestures(view)
    removing = [g for g in gestures if "x" in g.move]
    assert removing and all(g.choice == f"then take away {g.move.split('x')[1]}" for g in removing)
    assert all(len(g.path) == 2 and g.path[1].startswith("d-") for g in gestures)


# --- Brouillard ----------------------------------------------------------------------------------

SETUPS = ["Qd1,Wb2,Wd2,Wf2", "Qd7,Wb6,Wd6,Wf6"]


def test_brouillard_a_step_is_the_piece_then_its_square_and_a_probe_is_the_button_then_a_square():
    view = BROUILLARD.observe(played(BROUILLARD, SETUPS), 0)
    gestures = by_move(BROUILLARD.move_gestures(view))
    assert gestures["d2d4"].path == ("s-d2", "s-d4")
    assert gestures["?e5"].path == ("probe", "s-e5")
    assert len([g for g in gestures.values() if g.path[0] == "probe"]) == 49  # any square, own pieces too
    svg = BROUILLARD.render_svg(view)
    assert 'data-target="probe"' in svg and 'data-target="s-g7"' in svg


def test_brouillard_the_secret_setup_is_typed():
    view = BROUILLARD.observe(played(BROUILLARD, []), 0)
    assert BROUILLARD.player_moves(view) and BROUILLARD.move_gestures(view) == []


def test_brouillard_gestures_never_name_a_square_from_the_truth():
    """Two games that differ only in the enemy's hidden setup give the seat the same gestures."""
    one = played(BROUILLARD, [SETUPS[0], "Qd7,Wb6,Wd6,Wf6"])
    two = played(BROUILLARD, [SETUPS[0], "Qa7,Wc6,We7,Wg6"])
    assert BROUILLARD.observe(one, 0) == BROUILLARD.observe(two, 0)
    assert BROUILLARD.move_gestures(BROUILLARD.observe(one, 0)) == BROUILLARD.move_gestures(BROUILLARD.observe(two, 0))


# --- every position: the gestures stay right ------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    game=st.sampled_from(["carnac", "menhirs", "brouillard"]),
    seed=st.integers(0, 10_000),
    plies=st.integers(0, 70),
)
def test_random_positions_keep_their_gestures_right(game, seed, plies):
    engine = get_engine(game)
    rng = random.Random(seed)
    state = engine.setup(engine.normalize_options({}), seats=2, seed=seed)
    for _ in range(plies):
        if engine.to_move(state) is None:
            break
        state = engine.play(state, rng.choice(list(engine.legal_moves(state))))
    for seat in (0, 1):
        view = engine.observe(state, seat)
        gestures = engine.move_gestures(view)
        moves = engine.player_moves(view)
        if not moves or view.get("phase") == "setup":  # not its turn, or Brouillard's typed setup
            assert gestures == []
            continue
        assert gesture_problems(gestures, moves, engine.render_svg(view)) == []
