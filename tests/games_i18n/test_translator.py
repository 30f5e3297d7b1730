"""A ``Translator`` (a board picture's or a seat's gestures' translation, each message looked up
once) says exactly what ``translated`` says, and keeps apart what only looks alike."""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from games import engine_texts
from games.engine_texts import Translator, translated
from games.engines import all_engines
from games.engines.text import N_, Nn_, Np_, Text


@pytest.fixture(autouse=True)
def english_after():
    translation.activate("en")
    yield
    translation.activate("en")


def boards(engine, seeds=(1, 2), plies=(0, 3, 12, 40)):
    """Views of the engine's games after some random moves, for each seat and a spectator."""
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.setup(engine.normalize_options(None), seats=engine.info.min_seats, seed=seed)
        for ply in range(max(plies) + 1):
            if ply in plies:
                for seat in [None, *range(engine.info.min_seats)]:
                    yield engine.observe(state, seat)
            if engine.to_move(state) is None:
                break
            state = engine.play(state, rng.choice(list(engine.legal_moves(state))))


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("engine", all_engines(), ids=lambda engine: engine.info.slug)
def test_a_board_and_its_gestures_read_the_same_with_a_translator(engine, language):
    translation.activate(language)
    for view in boards(engine):
        assert engine_texts.render_svg(engine, view) == engine.render_svg(view, translate=translated)
        gestures = engine.move_gestures(view) if not view["over"] else []
        words = Translator()
        assert [g.as_json(words) for g in gestures] == [g.as_json(translated) for g in gestures]


def test_each_message_is_looked_up_once_and_look_alikes_stay_apart(monkeypatch):
    looked_up = []

    def gettext(message):
        looked_up.append(message)
        return f"<{message}>"

    def pgettext(context, message):
        looked_up.append((context, message))
        return f"<{context}|{message}>"

    def ngettext(singular, plural, n):
        looked_up.append((singular, n))
        return f"<{singular if n == 1 else plural}>"

    monkeypatch.setattr(engine_texts, "gettext", gettext)
    monkeypatch.setattr(engine_texts, "pgettext", pgettext)
    monkeypatch.setattr(engine_texts, "ngettext", ngettext)
    words = Translator()
    north_tilt, north_slide = Np_("tilt direction", "north"), Np_("slide direction", "north")
    tiles = Nn_("{n} tile", "{n} tiles")
    for _ in range(3):
        assert words(north_tilt) == "<tilt direction|north>"
        assert words(north_slide) == "<slide direction|north>"
        assert words("north") == "<north>"
        assert words(Text(N_("go {way}"), way=north_tilt)) == "<go <tilt direction|north>>"
        assert words(Text(N_("north"))) == "<north>"
        assert words(Text(tiles, n=1)) == "<1 tile>" and words(Text(tiles, n=3)) == "<3 tiles>"
        assert words(7) == 7
    assert sorted(map(str, looked_up)) == sorted(
        map(
            str,
            [
                ("tilt direction", "north"),
                ("slide direction", "north"),
                "north",
                "go {way}",
                "north",  # a Text's template and a plain word are kept apart
                ("{n} tile", 1),
                ("{n} tile", 3),
            ],
        )
    )
