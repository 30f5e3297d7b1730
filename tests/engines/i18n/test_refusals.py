"""Every game's refusals reach the player in French and Dutch through the edge
(games.engine_texts), while ``str(exc)``, logs and stored verdicts keep the English."""

from __future__ import annotations

import pickle

import pytest
from django.utils import translation

from games.engine_texts import reason_of, translated
from games.engines import EngineError, IllegalMove, get_engine
from games.engines.text import N_, Nn_, Np_, Text

# game: (seats, refused move, English reason, French reason, Dutch reason)
NBSP = "\u00a0"
REFUSALS = {
    "carnac": (
        2,
        "tn",
        "there is no megalith to tilt now: place a new one on an empty square",
        f"il n'y a aucun mégalithe à basculer maintenant{NBSP}: posez-en un nouveau sur une case vide",
        "er is nu geen megaliet om te kantelen: plaats een nieuwe op een leeg veld",
    ),
    "menhirs": (
        2,
        "d2N",
        "there is no fog on d2 to move",
        "il n'y a pas de brouillard à déplacer en d2",
        "er ligt geen mist op d2 om te verschuiven",
    ),
    "brouillard": (
        2,
        "?d4",
        "'?d4': Seat 1 plays its setup (e.g. Qd1,Wb2,Wc3,Wf2) now",
        f"'?d4'{NBSP}: la place 1 joue maintenant sa mise en place (par ex. Qd1,Wb2,Wc3,Wf2)",
        "'?d4': plaats 1 speelt nu haar opstelling (bijv. Qd1,Wb2,Wc3,Wf2)",
    ),
    "fog": (
        2,
        "end",
        "the draft is on: white chooses an undrafted islander (+D7)",
        f"le choix des insulaires est en cours{NBSP}: blanc choisit un insulaire libre (+D7)",
        "de keuze loopt: wit kiest een nog niet gekozen eilandbewoner (+D7)",
    ),
    "mists": (
        1,
        "pass",
        "pass is not possible now: place the drawn tile",
        f"pass n'est pas possible maintenant{NBSP}: posez la tuile piochée",
        "pass kan nu niet: leg de getrokken tegel",
    ),
}


def refusal(game: str) -> EngineError:
    seats, text, *_ = REFUSALS[game]
    engine = get_engine(game)
    state = engine.setup(seats=seats, seed=1)
    with pytest.raises(EngineError) as caught:
        engine.play_text(state, text)
    return caught.value


@pytest.mark.parametrize("game", sorted(REFUSALS))
def test_a_refused_move_is_explained_in_french_and_dutch(game):
    _seats, _text, english, french, dutch = REFUSALS[game]
    exc = refusal(game)
    assert str(exc).startswith(english)  # logs and stored verdicts: the English, as before
    assert isinstance(exc.reason, Text)
    with translation.override("en"):
        assert reason_of(exc).startswith(english)
    with translation.override("fr"):
        assert reason_of(exc).startswith(french)
    with translation.override("nl"):
        assert reason_of(exc).startswith(dutch)


@pytest.mark.parametrize("game", sorted(game for game in REFUSALS if REFUSALS[game][0] > 1))  # solo: nobody else
def test_it_is_not_your_turn_in_three_languages(game):
    seats = REFUSALS[game][0]
    engine = get_engine(game)
    state = engine.setup(seats=seats, seed=1)
    other = (engine.to_move(state) + 1) % seats
    with pytest.raises(IllegalMove) as caught:
        engine.play_player(state, other, "x")
    assert str(caught.value) == "it is not your turn"
    with translation.override("fr"):
        assert reason_of(caught.value) == "ce n'est pas votre tour"
    with translation.override("nl"):
        assert reason_of(caught.value) == "je bent niet aan de beurt"


def test_a_text_is_its_english_and_keeps_its_template():
    text = Text(N_("the square {square} is taken by a lying megalith"), square="e4")
    assert text == "the square e4 is taken by a lying megalith"
    assert repr(text) == repr("the square e4 is taken by a lying megalith")
    assert f"{text}!" == "the square e4 is taken by a lying megalith!"
    assert text.template == "the square {square} is taken by a lying megalith"
    assert text.params == {"square": "e4"}
    with pytest.raises(AttributeError):
        text.params = {}


def test_a_text_survives_pickling_and_copying():
    import copy

    nested = Text(
        N_("{colour} wins on equal dolmens ({each} each): its {ordinal} dolmen is bigger ({won} to {lost})"),
        colour=N_("Red"),
        each=2,
        ordinal=Text(N_("{index}th largest"), index=4),
        won=3,
        lost=2,
    )
    for again in (pickle.loads(pickle.dumps(nested)), copy.deepcopy(nested)):
        assert again == nested
        assert again.template == nested.template
        with translation.override("fr"):
            assert (
                translated(again)
                == "Rouge gagne à nombre égal de dolmens (2 chacun)\u00a0: son 4e plus grand dolmen est plus grand (3 contre 2)"
            )


def test_plurals_and_contexts_follow_the_language():
    one, many = (Text(Nn_("{n} megalith left", "{n} megaliths left"), n=n) for n in (1, 5))
    assert (one, many) == ("1 megalith left", "5 megaliths left")
    with translation.override("fr"):
        assert (translated(one), translated(many)) == ("1 mégalithe restant", "5 mégalithes restants")
    with translation.override("nl"):
        assert (translated(one), translated(many)) == ("nog 1 megaliet", "nog 5 megalieten")
    tilt, slide = Np_("tilt direction", "north"), Np_("tile side", "north")
    assert tilt == slide == "north"
    with translation.override("fr"):
        assert (translated(tilt), translated(slide)) == ("vers le nord", "nord")


def test_parameters_are_translated_when_they_are_engine_words_only():
    text = Text(N_("{colour} has more dolmens ({won} to {lost})"), colour="Red", won=3, lost=1)
    with translation.override("fr"):
        assert translated(text) == "Rouge a plus de dolmens (3 contre 1)"  # a marked word
    square = Text(N_("you have no piece on {square}"), square="d4")
    with translation.override("nl"):
        assert translated(square) == "je hebt geen stuk op d4"  # notation stays as it is
    bad = Text("{missing} is no msgid", missing="this")
    assert translated(bad) == "this is no msgid"
    assert translated("") == "" and translated(None) is None and translated(3) == 3
