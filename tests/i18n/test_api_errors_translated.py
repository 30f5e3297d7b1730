"""API errors follow Accept-Language: the `error` code stays the same in every language (programs
read it), the human `detail` and the per-field messages are translated."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournament.factories import make_user
from tests.tournament_api.world import build_world

pytestmark = pytest.mark.django_db
TOKEN = "/api/v1/auth/token/"
LANGUAGES = ("fr", "nl")


@pytest.fixture
def world(misty_nim):
    return build_world()


def _ask(language: str, method: str, path: str, token: str | None = None, data=None):
    client = APIClient()
    if token:  # a program's token, as API callers do: no session, so Accept-Language decides
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    response = getattr(client, method)(path, data, format="json", HTTP_ACCEPT_LANGUAGE=language)
    assert response["Content-Language"] == language
    return response


def _in_every_language(method: str, path: str, token: str | None = None, data=None) -> dict:
    """The error in English, French and Dutch: same status and code, a detail of each language's own."""
    answers = {language: _ask(language, method, path, token, data) for language in ("en", *LANGUAGES)}
    english = answers["en"]
    assert english.status_code >= 400
    for language in LANGUAGES:
        answer = answers[language]
        assert answer.status_code == english.status_code
        assert answer.json()["error"] == english.json()["error"], "error codes are never translated"
        assert answer.json()["detail"] != english.json()["detail"], f"{language}: {answer.json()['detail']!r}"
    return {language: answer.json() for language, answer in answers.items()}


def test_a_missing_field_is_explained_in_the_callers_language():
    bodies = _in_every_language("post", TOKEN, data={})
    assert bodies["en"]["fields"]["username"] == ["This field is required."]
    assert bodies["fr"]["fields"]["username"] == ["Ce champ est obligatoire."]
    assert bodies["nl"]["fields"]["username"] == ["Dit veld is vereist."]


def test_a_wrong_password_is_refused_in_the_callers_language():
    make_user("gwen")
    bodies = _in_every_language("post", TOKEN, data={"username": "gwen", "password": "nope"})
    assert bodies["en"] == {"error": "invalid_credentials", "detail": "wrong username or password"}


def test_a_write_without_credentials_is_refused_in_the_callers_language(world):
    bodies = _in_every_language("post", world.game_url("api-series-game-report"), data={"ranks": [1, 2]})
    assert bodies["fr"]["detail"] == "Informations d'authentification non fournies."
    assert bodies["nl"]["detail"] == "Authenticatiegegevens zijn niet opgegeven."


def test_an_organisers_page_refuses_a_stranger_in_the_callers_language(world):
    token = Token.objects.create(user=world.users["stranger"]).key
    bodies = _in_every_language("get", world.event_url("api-event-next-actions"), token)
    assert bodies["en"]["detail"] == "only the event's organisers may do this"


def test_an_anonymous_caller_is_told_to_sign_in_in_their_language(world):
    bodies = _in_every_language("get", world.event_url("api-event-next-actions"))
    assert bodies["en"]["detail"].startswith("sign in: ")
    for language in LANGUAGES:
        assert "only the event's organisers" not in bodies[language]["detail"]


def test_an_unknown_endpoint_is_not_found_in_the_callers_language():
    bodies = _in_every_language("get", "/api/v1/no-such-endpoint/")
    assert bodies["en"]["error"] == "not_found"
    for language in LANGUAGES:
        assert "/api/v1/no-such-endpoint/" in bodies[language]["detail"]  # the path is not translated


def test_an_unknown_event_is_not_found_in_the_callers_language(world):
    bodies = _in_every_language("get", "/api/v1/events/no-such-event/")
    assert bodies["en"]["error"] == "not_found"
    for language in LANGUAGES:
        assert "no-such-event" in bodies[language]["detail"]  # the slug is not translated
