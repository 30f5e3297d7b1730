"""The SVG picture shows a view, and only what the view holds."""

from games.engines.brouillard import ENGINE

from .helpers import position


def test_a_seat_picture_shows_its_pieces_the_queen_crowned_the_shadows_the_mist_and_the_last_probe():
    state = position("?a7", "d6d4", "?c6", setups=("Qd1,Wb2,Wd3,Wf2", "Qd7,Wb6,Wd6,Wf6"))
    svg = ENGINE.render_svg(ENGINE.observe(state, 0))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count('class="piece seat1') == 4
    assert svg.count('class="crown"') == 1
    assert svg.count('class="shadow"') == 1  # the piece that came to d4
    assert svg.count('class="mist"') == 49 - len(ENGINE.observe(state, 0)["zone"])
    assert 'class="probe-count">2<' in svg  # ?c6 now finds b6 and d7 around it


def test_the_spectator_picture_during_play_shows_no_piece():
    svg = ENGINE.render_svg(ENGINE.observe(position("?c6"), None))
    assert 'class="piece' not in svg and 'class="shadow"' not in svg and svg.count('class="mist"') == 49
    assert 'class="probe-count">3<' in svg


def test_after_the_end_the_picture_shows_both_full_boards():
    state = position("d3xd5=Q", setups=("Qd1,Wb2,Wd3,Wf2", "Qd5,Wb6,Wd6,Wf6"))
    svg = ENGINE.render_svg(ENGINE.observe(state, None))
    assert svg.count('class="piece seat1') == 4 and svg.count('class="piece seat2') == 3
    assert svg.count('class="crown"') == 1  # the captured Queen is gone
    assert 'class="mist"' not in svg
