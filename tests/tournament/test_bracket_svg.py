"""The bracket picture names who sits where and marks the winners."""

import re
from xml.etree import ElementTree

from tournament.bracket_svg import PlayedMatch, bracket_svg
from tournament.pairing.elimination import EliminationSettings, bracket
from tournament.pairing.model import Entrant


def four_player_bracket():
    entrants = [Entrant(id=i, seed=i) for i in (1, 2, 3, 4)]
    return bracket(entrants, EliminationSettings(third_place=True), seed=1).to_json()


def test_the_picture_is_valid_svg_with_a_column_per_round():
    drawn = four_player_bracket()
    svg = bracket_svg(drawn, {1: "Ada", 2: "Bo", 3: "Cy", 4: "Di"}, {})
    root = ElementTree.fromstring(svg)
    texts = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Ada" in texts and "Di" in texts
    assert any(text and text.startswith("Winner of") for text in texts)


def test_played_matches_show_their_winner_in_bold_and_feed_the_next_round():
    drawn = four_player_bracket()
    semis = [m["id"] for m in drawn["matches"] if m["round"] == 1]
    played = {semis[0]: PlayedMatch((1, 4), 4), semis[1]: PlayedMatch((2, 3), 2)}
    svg = bracket_svg(drawn, {1: "Ada", 2: "Bo", 3: "Cy", 4: "Di"}, played)
    root = ElementTree.fromstring(svg)
    bold = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text") if el.get("font-weight") == "700"]
    assert bold == ["Di", "Bo"]
    texts = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts.count("Di") == 2  # in the semifinal and, as its winner, in the final


def test_names_are_escaped():
    svg = bracket_svg(four_player_bracket(), {1: "<script>", 2: "B", 3: "C", 4: "D"}, {})
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_lines_lead_from_each_match_to_the_slot_its_winner_fills():
    drawn = four_player_bracket()
    svg = bracket_svg(drawn, {1: "Ada", 2: "Bo", 3: "Cy", 4: "Di"}, {})
    root = ElementTree.fromstring(svg)
    paths = list(root.iter("{http://www.w3.org/2000/svg}path"))
    feeds = sum(1 for m in drawn["matches"] for slot in m["slots"] if slot["kind"] == "winner")
    assert feeds == 2 and len(paths) == feeds  # the two semifinals into the final, no line for losers
    ends = sorted(float(p.get("d").split("V")[1].split()[0]) for p in paths)
    assert ends[0] < ends[1]  # into the final's upper and lower slots


def test_every_bracket_is_drawn_at_its_own_size_so_its_text_has_one_size():
    small = bracket_svg(four_player_bracket(), {1: "Ada", 2: "Bo", 3: "Cy", 4: "Di"}, {})
    width, height = re.search(r'viewBox="0 0 (\d+) (\d+)"', small).groups()
    assert f'width="{width}" height="{height}"' in small and 'font-size="13"' in small
