"""The picture (render_svg) shows what a player needs, checked by parsing the SVG: islanders with type,
nation and owner on their hexes or places, the boats and their places, the FOG line and what it
swallowed, and the last movements."""

import random
import xml.etree.ElementTree as ET

import pytest

from games.engines.fog.svg import COLOUR_RING, NATION_FILL
from tests.engines.fog.positions import ENGINE, arrange, play

NS = {"s": "http://www.w3.org/2000/svg"}
GREY = "#8a8a8a"  # a hex inside the FOG


def picture(state, seat=0):
    return ET.fromstring(ENGINE.render_svg(ENGINE.observe(state, seat)))


def title(element):
    found = element.find("s:title", NS)
    return found.text if found is not None else ""


def hexes(root):
    """Hex name -> (centre x, centre y, fill)."""
    out = {}
    for polygon in root.iter("{http://www.w3.org/2000/svg}polygon"):
        points = [tuple(map(float, p.split(","))) for p in polygon.get("points").split()]
        x = sum(p[0] for p in points) / len(points)
        y = sum(p[1] for p in points) / len(points)
        out[title(polygon)] = (x, y, polygon.get("fill"))
    return out


def discs(root):
    """Islander code -> (title, circle, letter) for every islander drawn."""
    out = {}
    for group in root.iter("{http://www.w3.org/2000/svg}g"):
        circle = group.find("s:circle", NS)
        if circle is None:
            continue
        text = title(group)
        out[text.split()[0]] = (text, circle, group.find("s:text", NS).text)
    return out


def place_boxes(root):
    """Place name -> (x, y, width, height, title) of its box."""
    out = {}
    for rect in root.iter("{http://www.w3.org/2000/svg}rect"):
        text = title(rect)
        if ": " in text:
            box = tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))
            out[text.split(":")[0]] = (*box, text)
    return out


def texts(root):
    return ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]


def random_position(seed, plies, options=None, seats=4):
    rng = random.Random(seed)
    state = ENGINE.setup(options or {}, seats=seats, seed=seed)
    for _ in range(plies):
        if ENGINE.to_move(state) is None:
            break
        moves = ENGINE.legal_moves(state)
        busy = [m for m in moves if m.kind != "end"]
        state = ENGINE.play(state, rng.choice(busy) if busy and rng.random() < 0.85 else moves[-1])
    return state


# --- islanders -------------------------------------------------------------------------------------------------


def test_every_islander_on_the_beach_shows_its_type_nation_and_owner():
    state = random_position(1, 20)  # in the middle of the draft: some islanders are still undrafted
    view = ENGINE.observe(state, 0)
    drawn = discs(picture(state))
    assert len(drawn) == len(view["islanders"])
    undrafted = 0
    for entry in view["islanders"]:
        text, circle, letter = drawn[entry["code"]]
        assert letter == entry["type"]
        assert circle.get("fill") == NATION_FILL[entry["nation"]]
        assert entry["nation"] in text and f"owner {entry['owner'] or '-'}" in text
        if entry["owner"]:
            assert circle.get("stroke") == COLOUR_RING[entry["owner"]]
        else:
            undrafted += 1
            assert circle.get("stroke") not in COLOUR_RING.values()
    assert 0 < undrafted < len(drawn)
    assert len(set(NATION_FILL.values())) == len(NATION_FILL) and len(set(COLOUR_RING.values())) == len(COLOUR_RING)


def test_an_islander_is_drawn_on_its_own_hex():
    state = random_position(2, 90)
    view = ENGINE.observe(state, 0)
    root = picture(state)
    centres, drawn = hexes(root), discs(root)
    on_hexes = [e for e in view["islanders"] if e["at"] and e["at"] in centres]
    assert len(on_hexes) > 10
    for entry in on_hexes:
        x, y, _ = centres[entry["at"]]
        circle = drawn[entry["code"]][1]
        assert abs(float(circle.get("cx")) - x) < 0.5 and abs(float(circle.get("cy")) - y) < 0.5


def test_islanders_aboard_are_drawn_in_their_place_and_stacked_islanders_both_show():
    aboard = {"bBl": [("rS1", "pink"), ("bS3", "black")], "gST": [("gE1", "yellow")]}
    state = arrange({"P1": ("bS1", "black")}, options={"drive_off": "family"}, aboard=aboard)
    root = picture(state)
    boxes, drawn = place_boxes(root), discs(root)
    for place, codes in (("bBl", ("rS1", "bS3")), ("gST", ("gE1",))):
        x, y, width, height, _ = boxes[place]
        for code in codes:
            circle = drawn[code][1]
            assert x - 4 <= float(circle.get("cx")) <= x + width + 10 and y - 8 <= float(circle.get("cy")) <= y + height
    assert drawn["rS1"][1].get("cx") != drawn["bS3"][1].get("cx")  # the one on top is offset


def test_lost_islanders_are_not_on_the_beach_but_counted_with_their_cost():
    state = arrange({"A3": ("bE1", "black"), "B3": ("rE1", "pink"), "A5": ("gE1", "pink")}, fog=8)
    state = play(state, "end", "end", "end", "end")  # the FOG takes row A
    root = picture(state)
    assert "bE1" not in discs(root) and "rE1" in discs(root)
    assert any(
        t.startswith("lost to the FOG:") and "black 1 (-9 RP)" in t and "pink 1 (-9 RP)" in t for t in texts(root)
    )


# --- boats and places -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("board", "seats", "boats"), [("standard", 4, 3), ("medium", 5, 4), ("large", 6, 5)])
def test_every_boat_and_place_is_drawn_with_the_type_it_takes(board, seats, boats):
    state = ENGINE.setup({"board": board}, seats=seats, seed=1)
    root = picture(state)
    rules = state.rules
    hulls = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("fill-opacity") == "0.25"]
    assert sorted(r.get("fill") for r in hulls) == sorted(NATION_FILL[b.nation] for b in rules.board.boats)
    assert len(hulls) == boats
    boxes = place_boxes(root)
    words = {"L": "Leader", "E": "Elder", "W": "Warrior", "S": "Sailor", "C": "Commoner"}
    for place in rules.board.places:
        text = boxes[place.name][4]
        if place.stern:
            assert text == f"{place.name}: stern, room for {place.capacity}"
        else:
            assert f"{words[place.type]} place, area {place.area}" in text and f"room for {place.capacity}" in text
    shown = texts(root)
    for b, boat in enumerate(rules.board.boats):
        for area, value in zip("ABCD", rules.area_values[b]):
            assert f"{area}:{value}" in shown
        assert f"{boat.nation} bonuses {'/'.join(map(str, boat.bonuses))}" in shown


def test_the_preparation_bonuses_left_on_a_boat_are_shown():
    state = play(arrange({"P1": ("bS3", "black")}), "P1-bBl")
    assert "blue bonuses 5/4/3/2" in texts(picture(state))


# --- the FOG ---------------------------------------------------------------------------------------------------


def fog_line(root):
    for group in root.iter("{http://www.w3.org/2000/svg}g"):
        line = group.find("s:line", NS)
        if line is not None:
            return title(group), float(line.get("y1"))
    raise AssertionError("no FOG line")


def test_the_fog_line_separates_the_swallowed_rows_from_the_others():
    state = arrange({"D3": ("bE1", "black"), "F3": ("rE1", "pink")}, fog=5, swallowed=3)
    state = play(state, "end", "end", "end", "end")  # FOG 4: rows D and E too
    root = picture(state)
    text, y = fog_line(root)
    assert text == "FOG 4: rows A, B, C, D, E swallowed" and "FOG 4" in texts(root)
    board = state.rules.board
    for name, (_, hy, fill) in hexes(root).items():
        node = board.node(name)
        if board.kinds[node] == "pier":
            continue
        inside = board.rows[node] < 5
        assert (fill == GREY) is inside, name
        assert (hy > y) is inside, name  # row A is drawn at the bottom


def test_before_it_swallows_anything_the_fog_line_lies_below_row_a():
    root = picture(arrange({"A3": ("bE1", "black")}, fog=9))
    text, y = fog_line(root)
    assert text == "FOG 9: nothing swallowed yet"
    assert all(hy < y and fill != GREY for _, hy, fill in hexes(root).values())


# --- the last movements, the status and the notation's hex names ------------------------------------------------


def test_the_last_movements_are_shown_in_notation():
    state = arrange({"C3": ("bE1", "black"), "D3": ("rE1", "pink"), "A1": ("gE1", "pink")})
    state = play(state, "C3xD3", "D3-E4", "end", "A1-A2")
    last = next(t for t in texts(picture(state)) if t.startswith("last:"))
    assert last == "last: C3xD3 D3-E4 end A1-A2"


def test_the_status_line_names_the_colour_to_move_its_mp_the_fog_and_the_event():
    state = arrange({"C3": ("bE1", "black")}, options={"events": "on"})._replace(event=26, mp=5)
    status = next(t for t in texts(picture(state)) if "round" in t)
    assert "black to move, 5 MP" in status and "FOG 9" in status and "Each player has 5 MP" in status
    over = play(arrange({"S3": ("bE1", "black")}, fog=9), "S3-bST", "end")
    assert any("game over" in t for t in texts(picture(over)))


def test_the_columns_are_numbered_under_row_a_for_the_notation():
    root = picture(ENGINE.setup({}, seats=4, seed=1))
    row_a = {n: xy for n, xy in hexes(root).items() if n[0] == "A" and n[1:].isdigit()}
    bottom = max(y for _, y, _ in row_a.values())
    numbers = {}
    for text in root.iter("{http://www.w3.org/2000/svg}text"):
        if (text.text or "").isdigit() and float(text.get("y")) > bottom:
            numbers[text.text] = float(text.get("x"))
    assert len(row_a) == 13 and set(numbers) == {str(k) for k in range(1, 14)}
    for name, (x, _, _) in row_a.items():
        assert abs(numbers[name[1:]] - x) < 0.5  # each number stands under its column
