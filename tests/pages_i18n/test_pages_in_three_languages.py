"""The site's pages read in French and Dutch: the event, a round, the standings, the leaderboard,
the home page, a live game and the 404 carry their translated headings and not the English ones;
the cached standings table is kept per language (ranking/cache.py keys it by language)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.conf import settings
from django.urls import reverse

from games.live import live_create
from tournament.models import Event
from tournament.services.schedules import round_schedule

pytestmark = pytest.mark.django_db

# For each page: what it says in English, French and Dutch (headings, table headers, buttons).
PAGES = {
    "event": [
        ("<h3>Standings</h3>", "<h3>Classement</h3>", "<h3>Stand</h3>"),
        (">Round 1</a></h3>", ">Ronde 1</a></h3>", ">Ronde 1</a></h3>"),
        ("<summary>Export</summary>", "<summary>Exporter</summary>", "<summary>Exporteren</summary>"),
        ("Every tie-break, and why each place", "Tous les départages, et la raison de chaque place", "Alle tiebreaks"),
        (">Participant</th>", ">Participant</th>", ">Deelnemer</th>"),
    ],
    "round": [
        ("<summary>Print</summary>", "<summary>Imprimer</summary>", "<summary>Afdrukken</summary>"),
        (">Pairings (CSV)</a>", ">Appariements (CSV)</a>", ">Indeling (CSV)</a>"),
        (">Table</th>", ">Table</th>", ">Bord</th>"),
        (">First player</th>", ">Premier joueur</th>", ">Eerste speler</th>"),
    ],
    "standings": [
        ("<h1>Standings: ", "<h1>Classement\u00a0: ", "<h1>Stand: "),
        (
            "Why is one above the other?",
            "Pourquoi l'un est-il devant l'autre\u00a0?",
            "Waarom staat de een boven de ander?",
        ),
        ("Above the next because", "Devant le suivant car", "Boven de volgende omdat"),
        (">Print standings</a>", ">Imprimer le classement</a>", ">Stand afdrukken</a>"),
    ],
    "leaderboard": [
        (">Last played</th>", ">Dernière partie</th>", ">Laatst gespeeld</th>"),
        (">Player</th>", ">Joueur</th>", ">Speler</th>"),
        ("← All ratings", "← Toutes les cotes", "← Alle ratings"),
    ],
    "home": [
        (">Latest results</h2>", ">Derniers résultats</h2>", ">Laatste uitslagen</h2>"),
        (">Running now</h2>", ">En cours</h2>", ">Nu bezig</h2>"),
        (">Coming up</h2>", ">À venir</h2>", ">Binnenkort</h2>"),
        ("Skip to content", "Aller au contenu", "Naar de inhoud"),
    ],
    "live": [
        (
            '<h1 class="live-title">Live game</h1>',
            '<h1 class="live-title">Partie en direct</h1>',
            '<h1 class="live-title">Live spel</h1>',
        ),
        ("<strong>Your move.</strong>", "<strong>À vous de jouer.</strong>", "<strong>Jij bent aan zet.</strong>"),
        ("<summary>Type a move</summary>", "<summary>Saisir un coup</summary>", "<summary>Een zet typen</summary>"),
    ],
    "404": [
        ("<h1>Page not found</h1>", "<h1>Page introuvable</h1>", "<h1>Pagina niet gevonden</h1>"),
        ("or it is not yours to see", "ou vous n'avez pas le droit de la voir", "of je mag ze niet zien"),
    ],
}
LANGUAGES = {"en": 0, "fr": 1, "nl": 2}


@pytest.fixture(autouse=True)
def _game(misty_nim):
    """Pages run on the test game."""


@pytest.fixture
def played(one_round_played):
    return one_round_played


@pytest.fixture
def urls(played, client):
    event, _, participants = played
    stage = event.stages.get()
    round_ = stage.rounds.get()
    first, second = participants[0].user, participants[1].user
    seats = [{"name": user.username, "player": f"user:{user.pk}"} for user in (first, second)]
    live = live_create(game="carnac", seats=seats, options={"board": "small"}, seed=3)
    client.force_login(first)
    return {
        "event": event.get_absolute_url(),
        "round": reverse("round-detail", args=[event.slug, stage.number, round_.number]),
        "standings": reverse("ranking-stage-standings", args=[event.slug, stage.number]),
        "leaderboard": "/ratings/misty-nim/",
        "home": "/",
        "live": live.get_absolute_url(),
        "404": "/no-such-page/",
    }


def read(client, url: str, language: str) -> str:
    """The page as a reader who chose ``language`` with the switcher (its cookie beats the profile)."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(url)
    assert response.status_code == (404 if url == "/no-such-page/" else 200), url
    assert response["Content-Language"] == language
    return response.content.decode()


@pytest.mark.parametrize("language", ["fr", "nl"])
@pytest.mark.parametrize("page", list(PAGES))
def test_each_page_speaks_the_readers_language(client, urls, page, language):
    html = read(client, urls[page], language)
    assert f'<html lang="{language}">' in html
    for texts in PAGES[page]:
        english, translated = texts[0], texts[LANGUAGES[language]]
        assert translated in html, (page, language, translated)
        if english != translated:
            assert english not in html, (page, language, english)


@pytest.mark.parametrize("page", list(PAGES))
def test_english_stays_as_it_was(client, urls, page):
    html = read(client, urls[page], "en")
    for texts in PAGES[page]:
        assert texts[0] in html, (page, texts[0])


def test_the_cached_standings_table_is_kept_per_language(client, played):
    """The table is rendered once and cached: English, then French, then English again must each
    come back in their own language, not in whichever was cached first."""
    event, _, _ = played
    url = reverse("ranking-stage-standings", args=[event.slug, 1])
    english_header, french_header = "Above the next because", "Devant le suivant car"
    for language, present, absent in (
        ("en", english_header, french_header),
        ("fr", french_header, english_header),
        ("en", english_header, french_header),
        ("fr", french_header, english_header),
    ):
        html = read(client, url, language)
        table = html[html.index('<table class="standings">') : html.index("</table>")]
        assert present in table and absent not in table, language


def test_the_cached_participants_table_of_the_event_page_is_kept_per_language(client, played):
    event, _, _ = played
    for language, seed in (("nl", "Plaatsing"), ("en", "Seed"), ("nl", "Plaatsing")):
        html = read(client, event.get_absolute_url(), language)
        start = html.index('<section aria-labelledby="participants-title">')
        assert f'<th scope="col">{seed}</th>' in html[start:], language


def test_human_dates_follow_the_language(client, played):
    event, _, _ = played
    Event.objects.filter(pk=event.pk).update(starts_on=date(2027, 5, 1))
    assert "1 mai 2027" in read(client, event.get_absolute_url(), "fr")
    assert "1 mei 2027" in read(client, event.get_absolute_url(), "nl")
    assert "May 1, 2027" in read(client, event.get_absolute_url(), "en")


def test_the_cached_round_table_is_kept_per_language(client, played):
    event, _, _ = played
    url = reverse("round-detail", args=[event.slug, 1, 1])
    for language, header in (
        ("en", "First player"),
        ("fr", "Premier joueur"),
        ("en", "First player"),
        ("nl", "Eerste speler"),
    ):
        assert f'<th scope="col">{header}</th>' in read(client, url, language), language
        assert f'<th scope="col">{header}</th>' in read(client, event.get_absolute_url(), language), language


def test_the_status_page_and_the_api_speak_the_readers_language(client):
    assert "Brume fonctionne\u00a0:" in read(client, "/status/", "fr")
    assert "Brume werkt:" in read(client, "/status/", "nl")
    client.cookies.pop(settings.LANGUAGE_COOKIE_NAME)  # the API reader's browser chooses
    index = client.get("/api/v1/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert index["resources"]["events"]["about"].startswith("les tournois, avec leurs participants")
    missing = client.get("/api/v1/no-such-endpoint/", HTTP_ACCEPT_LANGUAGE="nl").json()
    assert missing == {
        "error": "not_found",
        "detail": "geen API-eindpunt op /api/v1/no-such-endpoint/; zie /api/schema/",
    }


def test_a_rounds_deadline_reads_in_the_readers_date_format(client, played):
    event, owner, _ = played
    round_ = event.stages.get().rounds.get()
    round_schedule(round_=round_, by=owner, starts_at=None, report_deadline=datetime(2030, 3, 9, 18, 30, tzinfo=UTC))
    url = reverse("round-detail", args=[event.slug, 1, 1])
    french, dutch, english = (read(client, url, language) for language in ("fr", "nl", "en"))
    assert "Résultats à déclarer avant" in french and "9 mars 2030, 18:30</time>" in french
    assert "Uitslagen melden vóór" in dutch and "9 maart 2030, 18:30</time>" in dutch
    assert "Report results by" in english and "March 9, 2030, 18:30</time>" in english
    assert 'datetime="2030-03-09T18:30:00+00:00"' in french  # the machine-readable stamp stays ISO
