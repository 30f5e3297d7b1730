"""No visible text in the templates is left outside {% translate %}/{% blocktranslate %}: text
nodes and the attributes people read (title, alt, aria-label, placeholder, a button's value...).
Brand names (Brume, the games), numbers, symbols and notation (in <code>, <pre>, <kbd>, or under
translate="no") need no mark. See tools/i18n_check.py for the short allow-list."""

from pathlib import Path

import pytest

from tools.i18n_check import brand_names, unmarked_in_template, unmarked_template_text


def test_no_template_shows_unmarked_text():
    found = unmarked_template_text()
    if found:
        pytest.fail(f"{len(found)} unmarked texts in templates/:\n" + "\n".join(map(str, found)), pytrace=False)


def _lint(tmp_path: Path, source: str, name: str = "page.html") -> list[str]:
    path = tmp_path / name
    path.write_text(source)
    return [f"{found.line}:{found.where}:{found.text}" for found in unmarked_in_template(path, tmp_path, brand_names())]


def test_the_linter_finds_text_and_attributes_left_in_english(tmp_path):
    source = """{% extends "base.html" %}{% load i18n %}
{% block title %}Standings{% endblock %}
<h1>{% translate "Standings" %}</h1>
<p>Round {{ round.number }} of {{ stage.name }}</p>
<a href="/x/" title="Open the match">{{ match }}</a>
<img src="a.png" alt="The board">
<input type="submit" value="Save"> <input type="hidden" name="next" value="back">
<button hx-post="." hx-confirm="Resign this game?" aria-label="{% translate 'Resign' %}">✕</button>
"""
    assert _lint(tmp_path, source) == [
        "2:text:Standings",
        "4:text:Round \ue000 of",
        "5:title:Open the match",
        "6:alt:The board",
        "7:value:Save",
        "8:hx-confirm:Resign this game?",
    ]


def test_the_linter_leaves_marked_text_names_numbers_and_notation_alone(tmp_path):
    source = """{% load i18n %}
{% blocktranslate trimmed with name=event.name count n=rounds %}
  {{ name }} has one round.
{% plural %}
  {{ name }} has {{ n }} rounds.
{% endblocktranslate %}
{% comment %}Only for organisers{% endcomment %}{# a note #}
<p>{{ event.name }} · {{ score }}–{{ other }} (3½)</p>
<h2>Brume</h2><h2>Carnac</h2><p>The FOG: Escape from Paradise · Mists over Carcassonne</p>
<p>12:30 → 14:00 — 1/2 · 100 %</p>
<pre>1. a1-b2 2. c3</pre><code>GET /api/v1/events/</code>
<span translate="no">Ke4</span>
<script>const label = "Do not look here";</script><style>p::after { content: "nor here"; }</style>
<a href="/api/v1/">API</a>
"""
    assert _lint(tmp_path, source) == []


def test_an_email_text_part_is_checked_line_by_line(tmp_path):
    source = "{% autoescape off %}Hello {{ user }},\n{{ link }}\n-- \nBrume\n{% endautoescape %}\n"
    assert _lint(tmp_path, source, "email.txt") == ["1:text:Hello \ue000 ,"]


def test_a_literal_shown_in_place_of_a_value_is_text_too(tmp_path):
    source = """{% load i18n %}
<td>{{ token.last_used|date:"Y-m-d H:i"|default:"never" }}</td>
<td>{{ token.last_used|default:_("never") }}</td><td>{{ names|join:", " }}</td>
<a href="?seat={{ seat|default_if_none:'spectator' }}">{% translate "Seat" %}</a>
"""
    assert _lint(tmp_path, source) == ["2:text:never"]
