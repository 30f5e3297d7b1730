"""Token and session authentication, and the shape of every error."""

from __future__ import annotations

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.tokens import hash_key
from tests.tournament.factories import make_user

TOKEN = "/api/v1/auth/token/"


def test_a_person_trades_username_and_password_for_a_token(api):
    """Each request makes a new named token (accounts.tokens); only its hash is stored."""
    user = make_user("gwen")
    response = api.post(TOKEN, {"username": "gwen", "password": "pw-gwen"}, format="json")
    assert response.status_code == 200
    key = response.json()["token"]
    [token] = ApiToken.objects.filter(user=user)
    assert token.key_hash == hash_key(key) and key not in (token.key_hash, token.prefix)
    again = api.post(TOKEN, {"username": "gwen", "password": "pw-gwen"}, format="json")
    assert again.json()["token"] != key and ApiToken.objects.filter(user=user).count() == 2
    assert APIClient().get("/api/v1/me/tasks/", HTTP_AUTHORIZATION=f"Token {key}").status_code == 200


def test_a_wrong_password_gets_no_token(api):
    make_user("gwen")
    response = api.post(TOKEN, {"username": "gwen", "password": "nope"}, format="json")
    assert response.status_code == 400
    assert response.json() == {"error": "invalid_credentials", "detail": "wrong username or password"}
    assert not Token.objects.exists() and not ApiToken.objects.exists()


def test_a_token_authenticates_writes_without_csrf(world):
    client = APIClient(enforce_csrf_checks=True)
    token = Token.objects.create(user=world.users["player"])
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = client.post(world.game_url("api-series-game-report"), {"ranks": [1, 2]}, format="json")
    assert response.status_code == 200


def test_a_session_write_needs_the_csrf_token(world):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(world.users["player"])
    url = world.game_url("api-series-game-report")
    refused = client.post(url, {"ranks": [1, 2]}, format="json")
    assert refused.status_code == 403 and refused.json()["error"] == "csrf_failed"
    csrf = "b" * 32  # a browser sends back the csrftoken cookie in the X-CSRFToken header
    client.cookies["csrftoken"] = csrf
    accepted = client.post(url, {"ranks": [1, 2]}, format="json", HTTP_X_CSRFTOKEN=csrf)
    assert accepted.status_code == 200


def test_a_revoked_token_no_longer_works(api):
    user = make_user()
    token = Token.objects.create(user=user)
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert api.delete(TOKEN).status_code == 204
    response = api.get("/api/v1/me/tasks/")
    assert response.status_code == 401
    assert response.json()["error"] == "authentication_failed"


def test_an_anonymous_write_is_told_how_to_authenticate(api, world):
    response = api.post(world.game_url("api-series-game-report"), {"ranks": [1, 2]}, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["error"] == "not_authenticated"


def test_an_anonymous_read_of_an_organiser_page_is_a_401_too(api, world):
    response = api.get(world.event_url("api-event-next-actions"))
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"
    assert response.json() == {
        "error": "not_authenticated",
        "detail": "sign in: only the event's organisers may do this",
    }


def test_a_refusal_is_a_403_with_the_services_message(api, world):
    api.force_login(world.users["other"])
    response = api.post(world.game_url("api-series-game-report"), {"ranks": [1, 2]}, format="json")
    assert response.status_code == 403
    assert response.json() == {"error": "forbidden", "detail": "only the players of this match may report its games"}


def test_a_validation_error_names_the_fields(api, world):
    api.force_login(world.users["owner"])
    response = api.post(world.event_url("api-participant-list"), {"seed": "first"}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid" and "seed: A valid integer is required." in body["detail"]
    assert body["fields"]["seed"] == ["A valid integer is required."]


def test_a_wrong_method_keeps_the_error_shape(api, world):
    api.force_login(world.users["owner"])
    response = api.delete(world.event_url("api-event-detail"))
    assert response.status_code == 405
    assert response.json() == {"error": "method_not_allowed", "detail": 'Method "DELETE" not allowed.'}


def test_malformed_json_keeps_the_error_shape(api, world):
    api.force_login(world.users["player"])
    response = api.post(world.game_url("api-series-game-report"), "{not json", content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] == "parse_error"


def test_options_describes_every_route_without_failing(api, world):
    """OPTIONS (DRF's metadata) works on every route, and shows the body a write expects."""
    from django.urls import reverse

    from tournament.api.urls import urlpatterns

    values = {
        "slug": world.event.slug,
        "number": 1,
        "round_number": 1,
        "match_id": world.match.pk,
        "game_number": 1,
        "participant_id": world.participant("player").pk,
        "username": world.users["player"].username,
        "conflict_id": 1,
        "public_id": "no-such-job",
    }
    api.force_login(world.users["owner"])
    for pattern in urlpatterns:
        kwargs = {key: values[key] for key in pattern.pattern.converters}
        response = api.options(reverse(pattern.name, kwargs=kwargs))
        assert response.status_code == 200, pattern.name
    described = api.options(world.event_url("api-round-list", number=1)).json()
    assert "number" in described["actions"]["POST"]
