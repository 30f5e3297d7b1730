"""The games' pages, live play, the API and uploads speak French and Dutch (issue 20).

The language comes from the switcher's cookie on pages, and from Accept-Language on the API
(a token-authenticated call: no session, so no profile language)."""

from __future__ import annotations

import html

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from games.live import live_create, live_view
from games.live_actions import live_resign
from games.live_clock import describe
from games.models import GameRecord, LiveGame
from games.selectors import public_verdict
from games.services import record_upload, record_validate
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def english_after():
    """A request leaves its language active in the thread: each test starts and ends in English."""
    translation.activate("en")
    yield
    translation.activate("en")


def speaking(client, language: str):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def carnac_between(first, second, *, time_control=None) -> LiveGame:
    seats = [{"name": "Anna", "player": f"user:{first.pk}"}, {"name": "Bram", "player": f"user:{second.pk}"}]
    return live_create(game="carnac", seats=seats, options={"board": "small"}, seed=3, time_control=time_control)


# --- the live game page and the fragment a push makes it fetch -----------------------------------


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", ["3 jours par coup", 'lang="fr"']), ("nl", ["3 dagen per zet", 'lang="nl"'])],
)
def test_the_live_game_page_speaks_the_chosen_language(client, language, words):
    anna, bram = make_user(), make_user()
    live = carnac_between(anna, bram, time_control={"per_move": 3 * 86400})
    client.force_login(anna)
    html = speaking(client, language).get(live.get_absolute_url()).content.decode()
    for word in words:
        assert word in html
    assert "3 days per move" not in html
    assert reverse("javascript-catalogue", args=[language]) in html  # the scripts' catalogue


@pytest.mark.parametrize(
    ("language", "ending"), [("fr", "Anna a abandonné"), ("nl", "Anna heeft opgegeven"), ("en", "Anna resigned")]
)
def test_the_pushed_fragment_tells_the_ending_in_the_viewers_language(
    client, django_capture_on_commit_callbacks, language, ending
):
    anna, bram = make_user(), make_user()
    live = carnac_between(anna, bram)
    with django_capture_on_commit_callbacks(execute=True):
        live_resign(live_id=live.pk, seat=0, expected_version=0)  # announced: the pages fetch their fragment
    client.force_login(bram)
    fragment = speaking(client, language).get(live.get_absolute_url(), headers=HTMX).content.decode()
    assert ending in fragment


@pytest.mark.parametrize(
    ("language", "refusal"), [("fr", "ce n'est pas votre tour"), ("nl", "je bent niet aan de beurt")]
)
def test_a_move_out_of_turn_on_the_page_is_refused_in_the_viewers_language(client, language, refusal):
    anna, bram = make_user(), make_user()
    live = carnac_between(anna, bram)
    client.force_login(bram)  # Anna moves first
    response = speaking(client, language).post(live.get_absolute_url(), {"move": "a1wn", "version": 0}, headers=HTMX)
    assert refusal in html.unescape(response.content.decode())


def test_the_seat_waited_for_is_you_in_the_viewers_language():
    anna, bram = make_user(), make_user()
    live = carnac_between(anna, bram)
    with translation.override("nl"):
        assert live_view(live, anna, ply=0).waiting_for == "jou"
    with translation.override("fr"):
        assert live_view(live, anna, ply=0).waiting_for == "vous"
    assert live_view(live, anna, ply=0).waiting_for == "you"


def test_time_controls_and_statuses_in_words():
    with translation.override("fr"):
        assert describe({"per_move": 86400}) == "1 jour par coup"
        assert str(LiveGame.Status.FINISHED.label) == "Terminée"
    with translation.override("nl"):
        assert describe({"per_move": 2 * 86400}) == "2 dagen per zet"
        assert str(GameRecord.Status.PENDING.label) == "Wacht op controle"
    assert describe({"per_move": 86400}) == "1 day per move"


# --- the API -------------------------------------------------------------------------------------


def _api(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)  # like a token: the middleware sees no session, Accept-Language decides
    return api


def test_a_refused_move_through_the_api_answers_in_french():
    anna, bram = make_user(), make_user()
    live = carnac_between(anna, bram)
    url = reverse("api-live-move", args=[live.public_id])
    out_of_turn = _api(bram).post(url, {"move": "a1wn"}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert out_of_turn.status_code == 409
    assert out_of_turn.json()["error"] == "refused"  # the code stays as it is
    assert out_of_turn.json()["detail"] == "ce n'est pas votre tour"
    stale = _api(anna).post(url, {"move": "a1wn", "version": 5}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert stale.status_code == 409 and stale.json()["detail"].startswith("la partie a avancé")
    illegal = _api(anna).post(url, {"move": "zz99", "version": 0}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert illegal.status_code == 409 and illegal.json()["field"] == "move"
    bad = _api(anna).post(url, {}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert bad.status_code == 400 and bad.json()["detail"] == 'envoyez {"move": "..."}'
    stranger = _api(make_user()).post(url, {"move": "a1wn"}, format="json", HTTP_ACCEPT_LANGUAGE="nl")
    assert stranger.status_code == 403
    assert stranger.json()["detail"] == "alleen de spelers van dit spel mogen een zet doen"


def test_a_refused_action_through_the_api_answers_in_dutch():
    anna, bram = make_user(), make_user()
    live = carnac_between(anna, bram)
    url = reverse("api-live-action", args=[live.public_id])
    response = _api(anna).post(url, {"action": "draw_accept", "version": 0}, format="json", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 409
    assert response.json()["detail"] == "er is geen remiseaanbod waarop je kunt antwoorden"


# --- the JavaScript catalogue --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", ["Choisissez votre coup", "Jouer cette mise en place"]), ("nl", ["Kies je zet", "Geluid uit"])],
)
def test_the_javascript_catalogue_answers_in_each_language(client, language, words):
    response = client.get(reverse("javascript-catalogue", args=[language]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Content-Language"] == language
    assert "public" in response["Cache-Control"] and "max-age" in response["Cache-Control"]
    body = response.content.decode()
    for word in words:
        assert word in body
    assert "django.gettext" in body or "gettext" in body


def test_the_javascript_catalogue_of_a_url_does_not_follow_the_browser(client):
    """A URL speaks one language whatever the visitor's: browsers and proxies may keep it."""
    french = client.get(reverse("javascript-catalogue", args=["fr"]), HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Choisissez votre coup" in french and "Kies je zet" not in french
    english = client.get(reverse("javascript-catalogue", args=["en"]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Choisissez votre coup" not in english
    assert client.get("/jsi18n/de/").status_code == 404


# --- uploads and verdicts ------------------------------------------------------------------------


def test_upload_errors_on_the_page_are_in_dutch(client):
    client.force_login(make_user())
    speaking(client, "nl")
    empty = client.post(reverse("record-upload"), {"text": ""}).content.decode()
    assert "kies een bestand of plak een partijverslag" in empty
    garbage = client.post(reverse("record-upload"), {"text": "hello"}).content.decode()
    assert "geen Brume-partijverslag: " in garbage
    assert "Log files" not in garbage and "Bestanden met partijverslagen" in garbage


def test_upload_errors_through_the_api_are_in_dutch():
    response = _api(make_user()).post(
        reverse("api-record-list"), "hello", content_type="text/plain", HTTP_ACCEPT_LANGUAGE="nl"
    )
    assert response.status_code == 400
    assert response.json()["error"] == "rejected"
    assert response.json()["detail"].startswith("geen Brume-partijverslag: ")
    bulk = _api(make_user()).post(reverse("api-record-bulk"), {"logs": [7]}, format="json", HTTP_ACCEPT_LANGUAGE="nl")
    assert bulk.json()["results"][0]["detail"].startswith("elk partijverslag is een JSON-object")


def test_a_hidden_character_is_refused_in_french():
    from django.core.exceptions import ValidationError

    from games.validators import visible_text

    with translation.override("fr"), pytest.raises(ValidationError) as refused:
        visible_text("Anna\u202eBram")
    assert refused.value.messages == [
        "contient un caractère invisible (U+202E, right-to-left override) à la position 5\u00a0: "
        "retapez-le sans ce caractère"
    ]


INVALID_LOG = 'Brume log 1\nGame: carnac\nOptions: {"board": "small"}\nSeat 1: Anna\nSeat 2: Bram\n\n1. zz99\n'


def test_a_stored_verdict_is_shown_in_the_readers_language():
    upload = record_upload(data=INVALID_LOG, enqueue=False)
    record = record_validate(record_id=upload.record.pk)
    assert record.status == GameRecord.Status.INVALID
    english = public_verdict(record, make_user())
    assert english["summary"] == record.verdict["summary"]  # the English is the stored text
    assert "texts" not in english
    with translation.override("fr"):
        french = public_verdict(record, make_user())
    assert french["summary"].startswith("non valide\u00a0: coup 1 'zz99' (place 1)\u00a0: ")
    with translation.override("nl"):
        dutch = public_verdict(record, make_user())
    assert dutch["summary"].startswith("ongeldig: zet 1 'zz99' (plaats 1): ")
    assert record.verdict["summary"].startswith("invalid: move 1 'zz99' (seat 1): ")  # stored as written


def test_why_a_text_is_not_a_log_is_said_in_dutch_with_where():
    response = _api(make_user()).post(
        reverse("api-record-list"), "hello", content_type="text/plain", HTTP_ACCEPT_LANGUAGE="nl"
    )
    assert (
        response.json()["detail"]
        == "geen Brume-partijverslag: regel 1: een Brume-partijverslag begint met 'Brume log 1'"
    )
    assert response.json()["field"] == "line 1"  # the locator stays as it is
    english = _api(make_user()).post(reverse("api-record-list"), "hello", content_type="text/plain")
    assert english.json()["detail"] == "not a Brume game log: line 1: a Brume log starts with 'Brume log 1'"


def test_checking_a_log_through_the_api_answers_in_french():
    url = reverse("api-log-validate")
    bad = APIClient().post(url, {"brume_log": 1, "game": "carnac"}, format="json", HTTP_ACCEPT_LANGUAGE="fr")
    assert bad.status_code == 400
    assert bad.json()["error"] == "invalid_log"
    assert bad.json()["detail"] == "log\u00a0: le champ seats manque"
    verdict = APIClient().post(url, INVALID_LOG, content_type="text/plain", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert verdict["valid"] is False and verdict["summary"].startswith("non valide\u00a0: coup 1 'zz99'")


def test_a_pasted_log_with_a_bad_header_is_refused_in_dutch_on_the_page(client):
    client.force_login(make_user())
    html = speaking(client, "nl").post(reverse("record-upload"), {"text": "Brume log 1\nGame: carnac\nSeat 1 A\n"})
    text = html.content.decode()
    assert "geen Brume-partijverslag: regel 3: een kopregel" in text


def test_a_verdict_keeps_its_texts_said_in_each_language_when_it_is_written():
    upload = record_upload(data=INVALID_LOG, enqueue=False)
    record = record_validate(record_id=upload.record.pk)
    said = record.verdict["texts"]["said"]
    assert set(said) == {"fr", "nl"}
    assert said["nl"]["problems"][0].startswith("zet 1 'zz99' (plaats 1): ")
    assert said["fr"]["bad_move_reason"]  # the engine's reason, as the engines' catalogue says it
