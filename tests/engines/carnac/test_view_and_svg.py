"""The view a seat gets, and the SVG picture drawn from it."""

import json
import random
import xml.etree.ElementTree as ET

from tests.engines.carnac.positions import ENGINE, build, play_texts
from tests.engines.carnac.test_rulebook_examples import FINAL_SCORING_MEGALITHS

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def titles(root, prefix):
    return [t.text for t in root.iter(f"{SVG}title") if t.text.startswith(prefix)]


def test_the_view_hides_nothing_and_has_the_contract_keys():
    state = build(["e4 w", "a1 r e"])
    views = [ENGINE.observe(state, seat) for seat in (0, 1, None)]
    assert [v["seat"] for v in views] == [0, 1, None]
    stripped = [{k: v for k, v in view.items() if k != "seat"} for view in views]
    assert stripped[0] == stripped[1] == stripped[2]  # perfect information: every seat sees it all
    view = views[2]
    assert {"game", "to_move", "over"} <= set(view)
    json.dumps(view)


def test_the_view_lists_megaliths_with_their_face_colours():
    view = ENGINE.observe(build(["e4 w", "a1 r e"]), None)
    assert {"square": "e4", "standing": True, "top": "white", "north_south": "white", "east_west": "red"} in view[
        "megaliths"
    ]
    assert {"squares": ["b1", "c1"], "standing": False, "colour": "red"} in view["megaliths"]
    assert len(view["megaliths"]) == 2


def test_the_view_names_the_decision_and_the_last_action():
    state = play_texts(ENGINE.setup({}), ["e4wn"])
    view = ENGINE.observe(state, 1)
    assert view["phase"] == "decide" and view["pending"] == ["tn", "te", "ts", "tw", "x"]
    assert view["last_move"] == "e4wn" and view["last_squares"] == ["e4"]
    tilted = ENGINE.observe(ENGINE.play_text(state, "te"), None)
    assert tilted["phase"] == "place" and tilted["last_squares"] == ["f4", "g4"]


def test_determinize_rebuilds_the_exact_state():
    state = play_texts(build(["e4 w", "a1 r e"]), ["h5wn"])
    assert ENGINE.determinize(ENGINE.observe(state, 0), random.Random(1)) == state


def test_the_picture_shows_standing_and_lying_megaliths():
    root = parse(ENGINE.render_svg(ENGINE.observe(build(["e4 w", "h2 r", "a1 r e"]), None)))
    assert root.tag == f"{SVG}svg"
    tops = [r for r in root.iter(f"{SVG}rect") if r.get("stroke-width") == "2.5"]
    assert sorted(r.get("fill") for r in tops) == ["#c4402d", "#f6f3ea"]  # one red top, one white top
    lying = [r for r in root.iter(f"{SVG}rect") if r.get("rx") == "6"]
    assert len(lying) == 1 and lying[0].get("fill") == "#c4402d"
    assert float(lying[0].get("width")) > 1.5 * float(lying[0].get("height"))  # lies east-west


def test_the_picture_outlines_every_dolmen_and_marks_the_last_action():
    state = play_texts(build(["a1 r e", "d1 r"]), ["h5wn", "tn"])
    root = parse(ENGINE.render_svg(ENGINE.observe(state, None)))
    assert titles(root, "red dolmen") == ["red dolmen of 3"]
    assert titles(root, "last move") == ["last move tn", "last move tn"]


def test_the_picture_of_a_finished_game_says_who_has_how_many_dolmens():
    state = build(FINAL_SCORING_MEGALITHS)
    root = parse(ENGINE.render_svg(ENGINE.observe(state, None)))
    assert len(titles(root, "red dolmen")) == 5 and len(titles(root, "white dolmen")) == 5
    captions = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "caption"]
    assert captions == ["Game over · Red 5 dolmens, White 5 dolmens"]


def test_the_picture_caption_says_who_acts():
    deciding = ENGINE.observe(play_texts(ENGINE.setup({"board": "large"}), ["n9wn"]), None)
    root = parse(ENGINE.render_svg(deciding))
    captions = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "caption"]
    assert captions == ["White to tilt the megalith on n9 or decline · 27 megaliths left"]
    assert len(titles(root, "last move")) == 1
