"""Tournaments and standings speak the reader's language: the API's refusals, tie-breaks and their
"why", the labels of choices, the bracket and the calendar feeds (issue 20)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import Profile
from accounts.profiles import profile_of
from ranking.standings.compute import compute_standings
from ranking.tiebreaks import get_tiebreak
from tests.ranking.builders import FIVE, SCORING, tournament
from tests.tournament.factories import make_event, make_user
from tournament.bracket_svg import bracket_label
from tournament.models import Event
from tournament.views.calendars import private_token

NOT_OPEN = {
    "fr": "les inscriptions ne sont pas ouvertes pour ce tournoi",
    "nl": "de inschrijving voor dit toernooi is niet open",
}


def speaks(user, language: str):
    """The person's profile language (a signed-in person's pages follow it)."""
    profile_of(user)
    Profile.objects.filter(user=user).update(language=language)
    return user


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_registering_to_a_running_event_is_refused_in_the_persons_language(api, language):
    event, _, _ = make_event(players=2)
    api.force_login(speaks(make_user(), language))
    response = api.post(f"/api/v1/events/{event.slug}/participants/register/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    assert response.json() == {"error": "invalid", "detail": NOT_OPEN[language]}  # the code stays English


def test_the_refusal_stays_english_for_an_english_reader(api):
    event, _, _ = make_event(players=2)
    api.force_login(make_user())
    response = api.post(f"/api/v1/events/{event.slug}/participants/register/")
    assert response.json()["detail"] == "registration is not open for this event"


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", "tournoi 'nowhere' introuvable, ou non visible pour vous"), ("nl", "toernooi 'nowhere' niet gevonden")],
)
def test_an_anonymous_caller_is_answered_in_the_browsers_language(api, language, words):
    response = api.get("/api/v1/events/nowhere/participants/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    assert response.json()["error"] == "not_found" and words in response.json()["detail"]


@pytest.mark.parametrize(
    ("language", "body", "words"),
    [
        ("fr", {"ranks": [1, 3]}, "les rangs [1, 3] ne forment pas un classement"),
        ("nl", {"ranks": [1, 3]}, "de plaatsen [1, 3] zijn geen rangschikking"),
        ("fr", {"ranks": [1, 2, 3]}, "donnez un rang par joueur (2), 1 pour le vainqueur"),
        ("nl", {"ranks": [1, 2, 3]}, "geef één plaats per speler (2), 1 voor de winnaar"),
    ],
)
def test_a_bad_result_report_is_refused_in_the_players_language(api, world, language, body, words):
    api.force_login(speaks(world.users["player"], language))
    response = api.post(world.game_url("api-series-game-report"), body, format="json")
    assert response.status_code == 400
    assert words in response.json()["detail"]
    assert world.game.version == 0


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("fr", ["Points de match", "Confrontation directe", "Buchholz", "Sonneborn–Berger", "Tirage au sort"]),
        ("nl", ["Partijpunten", "Onderling resultaat", "Buchholz", "Sonneborn–Berger", "Loting"]),
    ],
)
def test_tiebreak_names_and_their_rules_in_french_and_dutch(language, names):
    keys = ["match_points", "direct_encounter", "buchholz", "sonneborn_berger", "lots"]
    with translation.override(language):
        described = [get_tiebreak(key).describe() for key in keys]
    assert [d["name"] for d in described] == names
    assert [d["key"] for d in described] == keys  # keys are never translated
    unplayed = described[0]["unplayed"]
    assert unplayed == (
        "les exempts et les victoires par forfait rapportent les points prévus par la phase\u00a0; "
        "les absences ne rapportent rien"
        if language == "fr"
        else "byes en winst door forfait leveren de punten van de fase daarvoor op; afwezigheid levert niets op"
    )
    with translation.override("en"):
        assert get_tiebreak("match_points").describe()["name"] == "Match points"


def test_why_a_is_above_b_in_french_and_dutch():
    with translation.override("fr"):
        standings = compute_standings(tournament(FIVE), ["match_points", "direct_encounter", "buchholz"], SCORING)
        assert standings.why("D", "A") == (
            "D est devant A\u00a0: égalité en points de match, confrontation directe\u00a0; "
            "buchholz 5 contre 3.5 (plus, c'est mieux)"
        )
        assert standings.why("E", "C") == "E est devant C\u00a0: points de match 3 contre 1 (plus, c'est mieux)"
    with translation.override("nl"):
        standings = compute_standings(tournament(FIVE), ["match_points", "direct_encounter", "buchholz"], SCORING)
        assert standings.why("D", "A") == (
            "D staat boven A: gelijk op partijpunten, onderling resultaat; buchholz 5 tegen 3.5 (meer is beter)"
        )
        level = compute_standings(tournament([[("A", "B", 0.5)]]), ["match_points"], SCORING)
        assert level.why("A", "B") == "A en B staan gelijk op elke tiebreak: ze delen plaats 1"
    # The working of a tie-break too: a round's words.
    with translation.override("fr"):
        rows = compute_standings(tournament(FIVE), ["match_points", "buchholz"], SCORING).rows
        assert rows and all(row.values["buchholz"].detail for row in rows)
        bye = compute_standings(tournament([[("A", "B", 1)], [("A", "bye")]]), ["buchholz"], SCORING)
        assert "R2 exempt: score propre 2" in bye.row("A").values["buchholz"].detail


def test_the_standings_api_names_its_columns_in_each_language_in_turn(api, world):
    url = reverse("api-stage-standings", kwargs={"slug": world.event.slug, "number": world.stage_number})
    columns = {}
    for language in ("nl", "fr", "en"):
        response = api.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200
        columns[language] = [column["name"] for column in response.json()["columns"]]
    # The standings are cached once per language: French after Dutch is still French.
    assert columns["nl"][0] == "Partijpunten" and columns["fr"][0] == "Points de match"
    assert columns["en"][0] == "Match points"


@pytest.mark.parametrize(
    ("language", "labels"),
    [
        ("fr", ["Brouillon", "Inscriptions ouvertes", "En cours", "Terminé"]),
        ("nl", ["Concept", "Inschrijving open", "Bezig", "Afgelopen"]),
        ("en", ["Draft", "Registration open", "Running", "Finished"]),
    ],
)
def test_an_events_status_label_in_each_language(language, labels):
    event, _, _ = make_event(players=0, start=False)
    with translation.override(language):
        assert [str(label) for label in Event.Status.labels] == labels
        assert event.get_status_display() == labels[1]
    assert Event.Status.REGISTRATION == "registration"  # the stored value never changes


def test_bracket_labels_in_french_and_dutch():
    with translation.override("fr"):
        assert bracket_label("Semifinal, match 2") == "Demi-finale, match 2"
        assert bracket_label("Round of 16, match 3") == "Tour à 16, match 3"
        assert bracket_label("Final") == "Finale"
    with translation.override("nl"):
        assert bracket_label("Quarterfinal, match 1") == "Kwartfinale, partij 1"
        assert bracket_label("Third-place match") == "Partij om de derde plaats"
    assert bracket_label("Semifinal, match 2") == "Semifinal, match 2"


def _summaries(text: str) -> list[str]:
    unfolded = text.replace("\r\n ", "")
    return [line.removeprefix("SUMMARY:") for line in unfolded.split("\r\n") if line.startswith("SUMMARY:")]


@pytest.mark.parametrize(("language", "words"), [("fr", ", ronde 1"), ("nl", ", ronde 1"), ("en", ", round 1")])
def test_an_events_calendar_feed_speaks_the_readers_language(client, world, language, words):
    Event.objects.filter(pk=world.event.pk).update(starts_on=datetime.date(2026, 6, 14))
    response = client.get(reverse("event-calendar", args=[world.event.slug]), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    summaries = _summaries(response.content.decode())
    assert summaries and all(words in summary for summary in summaries)


@pytest.mark.parametrize(("language", "words"), [("fr", "ronde 1\u00a0: contre "), ("nl", "ronde 1: tegen ")])
def test_a_private_calendar_link_speaks_the_persons_profile_language(client, world, language, words):
    """A calendar app signs in as nobody and sends no language: the person's profile decides."""
    Event.objects.filter(pk=world.event.pk).update(starts_on=datetime.date(2026, 6, 14))
    user = speaks(world.users["player"], language)
    url = reverse("my-calendar-private", args=[user.pk, private_token(user)])
    summaries = _summaries(client.get(url).content.decode())
    assert summaries and all(words in summary for summary in summaries)
    description = "Tafel 1" if language == "nl" else "Table 1"
    assert description in client.get(url).content.decode()


def test_model_names_in_french_and_dutch():
    from ranking.models import RatingPool
    from tournament.models import Match, Stage

    with translation.override("fr"):
        assert [str(m._meta.verbose_name) for m in (Event, Stage, Match)] == ["tournoi", "phase", "match"]
        assert str(RatingPool._meta.verbose_name_plural) == "classements de cotes"
    with translation.override("nl"):
        assert [str(m._meta.verbose_name) for m in (Event, Stage, Match)] == ["toernooi", "fase", "partij"]
        assert str(Match._meta.verbose_name_plural) == "partijen"


@pytest.mark.parametrize(("language", "column"), [("fr", "Points de match"), ("nl", "Partijpunten")])
def test_the_standings_page_names_its_tiebreaks_in_the_readers_language(client, world, language, column):
    url = reverse("ranking-stage-standings", kwargs={"slug": world.event.slug, "number": world.stage_number})
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert column in response.content.decode()
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Match points" in english and column not in english


def test_a_swiss_seat_reason_in_french_and_dutch():
    from tournament.pairing import first_player
    from tournament.pairing.model import Entrant

    entrant = Entrant(id=1, seats=(0, 0))
    with translation.override("fr"):
        assert first_player.preference(entrant).reason == "a joué en premier lors de chacune des deux dernières parties"
    with translation.override("nl"):
        assert first_player.preference(entrant).reason == "speelde als eerste in elk van de laatste twee spellen"
    with translation.override("en"):
        assert first_player.preference(entrant).reason == "played first in each of the last two games"
