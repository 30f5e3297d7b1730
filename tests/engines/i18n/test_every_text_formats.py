"""Every text an engine writes for people formats in English, French and Dutch: over random games
of each game, the refusals, the outcome, the picture's words and the gestures' labels are
collected and translated strictly (a placeholder the translation lacks or invents raises)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import polib
import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engine_texts import translated
from games.engines import EngineError, get_engine
from games.engines.text import Text

SEATS = {"carnac": (2,), "menhirs": (2,), "brouillard": (2,), "fog": (2, 3, 4), "mists": (1, 3)}
# Texts that are no move of any game, or of this game now: their refusals are collected too.
PROBES = (
    "zz",
    "x",
    "tn",
    "e4wn",
    "end",
    "pass",
    "done",
    "?d4",
    "c2c4",
    "d2N",
    "+D7",
    "k1",
    "0,1@90",
    "road1=red",
    "a1",
)
LANGUAGES = ("en", "fr", "nl")
CATALOGUES = sorted(
    Path(__file__).resolve().parents[3].joinpath("games/engines/locale").glob("*/LC_MESSAGES/django.po")
)


def engine_texts(value, found: list) -> None:
    """Collect ``value`` (and any Text inside it) when it is an engine text."""
    if isinstance(value, Text):
        found.append(value)
        for inner in (*value.args, *value.params.values()):
            engine_texts(inner, found)


def texts_of_a_game(game: str, seats: int, seed: int, plies: int) -> list:
    engine = get_engine(game)
    rng = random.Random(seed)
    state = engine.setup(seats=seats, seed=seed)
    found: list = []

    def record(value):
        engine_texts(value, found)
        return str(value)

    for ply in range(plies):
        seat = engine.to_move(state)
        view = engine.observe(state, seat)
        if ply % 3 == 0:
            engine.render_svg(view, translate=record)
            for gesture in engine.move_gestures(view):
                gesture.as_json(record)
            placement = engine.move_placement(view)
            if placement is not None:
                placement.as_json(record)
        for text in rng.sample(PROBES, 3):
            try:
                engine.play_text(state, text)
            except EngineError as exc:
                engine_texts(exc.args[0] if exc.args else None, found)
        if seat is None:
            engine_texts(engine.outcome(state).reason, found)
            break
        if ply % 5 == 0 and seats > 1:
            try:
                engine.play_player(state, (seat + 1) % seats, "x")
            except EngineError as exc:
                engine_texts(exc.args[0], found)
        moves = engine.legal_moves(state)
        state = engine.play(state, moves[rng.randrange(len(moves))])
    return found


@pytest.mark.parametrize("game", sorted(SEATS))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_text_of_random_games_formats_in_three_languages(game, data):
    seats = data.draw(st.sampled_from(SEATS[game]), label="seats")
    seed = data.draw(st.integers(0, 10_000), label="seed")
    found = texts_of_a_game(game, seats, seed, plies=data.draw(st.integers(5, 60), label="plies"))
    assert found, f"{game}: no engine text was collected"
    for language in LANGUAGES:
        with translation.override(language):
            for text in found:
                said = translated(text, strict=True)
                assert isinstance(said, str) and said
                if language == "en":
                    assert said == str(text)  # the English catalogue is the source itself


def test_whole_games_end_with_a_translated_outcome():
    for game in sorted(SEATS):
        engine = get_engine(game)
        seats = SEATS[game][0]
        rng = random.Random(7)
        state = engine.setup(seats=seats, seed=7)
        for _ in range(3000):
            if engine.to_move(state) is None:
                break
            moves = engine.legal_moves(state)
            state = engine.play(state, moves[rng.randrange(len(moves))])
        outcome = engine.outcome(state)
        if outcome is None:
            continue  # a long game: the property test above covers the others
        assert isinstance(outcome.reason, Text), game
        for language in ("fr", "nl"):
            with translation.override(language):
                said = translated(outcome.reason, strict=True)
            assert said and said != str(outcome.reason), f"{game}: {outcome.reason!r} is not translated in {language}"


PLACEHOLDER = re.compile(r"\{[^{}]*\}")


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: path.parts[-3])
def test_the_catalogue_is_complete_and_keeps_every_placeholder(path):
    catalogue = polib.pofile(str(path))
    assert catalogue.metadata["Language"] in ("fr", "nl")
    assert catalogue.untranslated_entries() == []
    assert catalogue.fuzzy_entries() == []
    assert not catalogue.metadata_is_fuzzy
    for entry in catalogue.translated_entries():
        wanted = sorted(PLACEHOLDER.findall(entry.msgid))
        said = [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
        for text in said:
            assert sorted(PLACEHOLDER.findall(text)) == wanted or (
                entry.msgid_plural and sorted(set(PLACEHOLDER.findall(text))) == sorted(set(wanted))
            ), f"{path.parts[-3]}: {entry.msgid!r} -> {text!r}"
