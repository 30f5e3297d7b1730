"""Option names and the words drawn in each game's picture, in French and Dutch."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.engine_texts import render_svg, translated
from games.engines import get_engine
from games.engines.info import Kind

NBSP = "\u00a0"


def described(game: str, name: str, value) -> str:
    return translated(get_engine(game).info.option(name).describe(value))


def test_option_labels_in_three_languages():
    cases = [
        ("carnac", "board", "large", "large board", "plateau grand", "groot bord"),
        ("carnac", "first_colour", "white", "first colour white", "première couleur blanc", "eerste kleur wit"),
        ("brouillard", "turns", 30, "turns 30", "tours 30", "beurten 30"),
        ("mists", "level", 3, "level 3", "niveau 3", "niveau 3"),
        ("mists", "spell_circles", True, "with the Spell Circles", "avec les Cercles magiques", "met de Toverkringen"),
        (
            "menhirs",
            "first_round_bonus",
            True,
            "with first round bonus",
            "avec bonus de première ronde",
            "met bonus eerste ronde",
        ),
        (
            "fog",
            "enhanced_movements",
            True,
            "with enhanced movements",
            "avec mouvements renforcés",
            "met versterkte bewegingen",
        ),
    ]
    for game, name, value, english, french, dutch in cases:
        assert get_engine(game).info.option(name).describe(value) == english  # rating pools' names
        with translation.override("fr"):
            assert described(game, name, value) == french
        with translation.override("nl"):
            assert described(game, name, value) == dutch


def test_option_help_seats_and_summary():
    info = get_engine("brouillard").info
    with translation.override("fr"):
        assert translated(info.option("turns").help) == "tours que chaque camp joue avant que la brume ne se referme"
        assert translated(info.seats_text()) == "2 joueurs"
        assert translated(get_engine("fog").info.seats_text()) == "1 à 6 joueurs"
        assert translated(info.score_label) == "pièces gardées"
        assert translated(Kind.COOPERATIVE.label) == "coopératif"
    with translation.override("nl"):
        assert translated(info.summary).startswith("Verstop een koningin tussen drie wachters in de mist")
        assert translated(get_engine("mists").info.seats_text()) == "1 tot 5 spelers"
        assert translated(get_engine("fog").info.tiebreak_labels[2]) == "geredde gewone bewoners"


def test_a_bad_option_is_refused_in_the_readers_language():
    from games.engines import InvalidOptions

    with pytest.raises(InvalidOptions) as caught:
        get_engine("brouillard").normalize_options({"turns": 500})
    assert str(caught.value) == "option 'turns' must be at most 200, not 500"
    with translation.override("fr"):
        assert translated(caught.value.args[0]) == "l'option 'turns' doit valoir au plus 200, pas 500"
    with translation.override("nl"):
        assert translated(caught.value.args[0]) == "optie 'turns' moet hoogstens 200 zijn, niet 500"


def words(svg: str) -> str:
    """The words a picture shows or says: its texts, titles and aria-labels."""
    return " | ".join(part for pair in re.findall(r'>([^<>]+)<|aria-label="([^"]*)"', svg) for part in pair if part)


PICTURES = {
    # game: (seats, English words, French words, Dutch words) drawn in the opening picture
    "carnac": (
        2,
        ["Carnac board", "Red to place · 28 megaliths left"],
        ["Plateau de Carnac", "Rouge doit poser · 28 mégalithes restants"],
        ["Carnac-bord", "Rood moet plaatsen · nog 28 megalieten"],
    ),
    "menhirs": (
        2,
        ["Menhirs dans le Brouillard board", "Round 1 of 12 · placement · player 1 to play"],
        ["Plateau de Menhirs dans le Brouillard", "Ronde 1 sur 12 · pose · au joueur 1 de jouer"],
        ["Bord van Menhirs dans le Brouillard", "Ronde 1 van 12 · leggen · speler 1 is aan zet"],
    ),
    "brouillard": (
        2,
        ["Seat 1 · pieces 0–0 · Seat 1 to play"],
        ["Place 1 · pièces 0–0 · La place 1 joue"],
        ["Plaats 1 · stukken 0–0 · Plaats 1 is aan zet"],
    ),
    "fog": (2, ["last: "], [f"derniers coups{NBSP}: "], ["laatste zetten: "]),
    "mists": (
        1,
        ["Mists over Carcassonne, level 1", "Level 1 · 0 / 50 points"],
        ["Mists over Carcassonne, niveau 1", "Niveau 1 · 0 / 50 points", f"fantômes{NBSP}: 3 sur le plateau"],
        ["Niveau 1 · 0 / 50 punten", "geesten: 3 op het bord, 12 in voorraad"],
    ),
}


@pytest.mark.parametrize("game", sorted(PICTURES))
def test_the_picture_is_labelled_in_the_readers_language(game):
    seats, english, french, dutch = PICTURES[game]
    engine = get_engine(game)
    view = engine.observe(engine.setup(seats=seats, seed=1), 0)
    with translation.override("en"):
        assert render_svg(engine, view) == engine.render_svg(view)  # English: the picture as before
    for language, expected in (("en", english), ("fr", french), ("nl", dutch)):
        with translation.override(language):
            svg = render_svg(engine, view)
        drawn = words(svg)
        for text in expected:
            assert text in drawn, f"{game} in {language}: {text!r} not in {drawn[:400]!r}"
    assert all(text in words(engine.render_svg(view)) for text in english)  # the engine alone draws English


def test_gesture_and_placement_labels_are_translated():
    engine = get_engine("brouillard")
    view = engine.observe(engine.setup(seats=2, seed=1), 0)
    placement = engine.move_placement(view)
    assert [step["label"] for step in placement.as_json()["steps"]] == ["your Queen", "your three Watchers"]
    with translation.override("fr"):
        assert [step["label"] for step in placement.as_json(translated)["steps"]] == [
            "votre Reine",
            "vos trois Veilleuses",
        ]
    carnac = get_engine("carnac")
    view = carnac.observe(carnac.setup(seats=2, seed=1), 0)
    gesture = next(g for g in carnac.move_gestures(view) if g.move.endswith("wn"))
    assert (gesture.group, gesture.choice) == ("White on top", "white north–south, red east–west")
    with translation.override("nl"):
        shown = gesture.as_json(translated)
    assert (shown["group"], shown["choice"]) == ("Wit boven", "wit noord–zuid, rood oost–west")


def test_templates_say_engine_texts_through_the_filter():
    from django.template import Context, Template

    page = Template(
        "{% load engine_texts %}{{ info.seats_text|engine_text }} · {{ info.kinds|engine_texts|join:', ' }} · "
        "{{ stored|engine_text }}"
    )
    context = Context({"info": get_engine("mists").info, "stored": "it is not your turn"})
    with translation.override("fr"):
        assert page.render(context) == "1 à 5 joueurs · coopératif · ce n&#x27;est pas votre tour"
    with translation.override("nl"):
        assert page.render(context) == "1 tot 5 spelers · coöperatief · je bent niet aan de beurt"
