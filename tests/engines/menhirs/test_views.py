"""observe, determinize and the SVG picture."""

import json
import random

from games.engines.menhirs import ENGINE
from tests.engines.menhirs.helpers import play, position


def played_position():
    return play(position(["b1", "b2", "b3", "b4", "d2", "d3", "d4", "g1"], round=8), "b1SExc5")


def test_every_seat_sees_the_whole_position():
    state = played_position()
    view = ENGINE.observe(state, 1)
    json.dumps(view)
    assert view["fog"] == ["c2", "c3", "c4", "d2", "d3", "d4", "g1"]
    assert view["covered"] == ["g1"] and view["menhirs"] == ["a1", "a3", "b4", "c1", "e5", "f4", "g1"]
    assert view["last_turn"]["text"] == "b1SExc5" and view["last_turn"]["removed"] == "c5"
    assert view["no_undo"] is None  # the opponent took a tile of the moved set away
    assert ENGINE.observe(state, 0) == {**view, "seat": 0}


def test_determinize_rebuilds_the_exact_state_including_the_no_undo_ban():
    for state in (played_position(), play(position(["c3", "g1"], round=4), "c3S"), ENGINE.setup(seed=3)):
        again = ENGINE.determinize(ENGINE.observe(state, None), random.Random(0))
        assert again == state
        assert ENGINE.legal_moves(again) == ENGINE.legal_moves(state)


def test_the_picture_shows_menhirs_fog_and_the_last_move():
    state = play(position(["c3", "e2", "g1"], round=8), "c3Sxe2")
    svg = ENGINE.render_svg(ENGINE.observe(state, None))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<polygon") >= 30 + 2  # 30 hexes and 2 fog tiles
    assert "menhirs-arrow" in svg and 'stroke-dasharray="5 4"' in svg  # the slide and the removal
    assert ">g1</text>" in svg and "Round 8 of 12" in svg
    over = ENGINE.render_svg(ENGINE.observe(play(state, "g1S"), None))
    assert "Player 2 uncovered the last Menhir" in over
