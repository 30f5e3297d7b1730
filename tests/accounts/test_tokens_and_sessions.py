"""Named API tokens (hashed, shown once, revocable) and sign out everywhere."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.tokens import MAX_TOKENS_PER_PERSON, hash_key, token_create
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db
TOKENS = "/api/v1/me/tokens/"
ME = "/api/v1/me/profile/"


def with_token(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api


def signed_in(user) -> Client:
    client = Client()
    assert (
        client.post("/accounts/login/", {"login": user.username, "password": "pw-" + user.username}).status_code == 302
    )
    return client


def test_a_token_is_made_with_a_name_shown_once_and_stored_as_a_hash(api):
    user = make_user("gwen")
    api.force_authenticate(user)
    response = api.post(TOKENS, {"name": "club site"}, format="json")
    assert response.status_code == 201 and response["Cache-Control"] == "no-store"
    body = response.json()
    key = body["key"]
    token = ApiToken.objects.get(pk=body["id"])
    assert token.key_hash == hash_key(key) and token.prefix == key[:8] and len(key) >= 40
    assert key not in str(list(ApiToken.objects.values_list()))
    listed = api.get(TOKENS).json()
    assert [entry["name"] for entry in listed] == ["club site"]
    assert "key" not in listed[0] and key not in api.get(TOKENS).content.decode()
    assert with_token(key).get(ME).json()["username"] == "gwen"


def test_using_a_token_records_when_it_was_last_used():
    token, key = token_create(user=make_user(), name="script")
    assert token.last_used is None
    with_token(key).get(ME)
    token.refresh_from_db()
    assert token.last_used is not None


def test_a_revoked_token_answers_401(api):
    user = make_user("gwen")
    token, key = token_create(user=user, name="script")
    api.force_authenticate(user)
    assert api.delete(f"{TOKENS}{token.pk}/").status_code == 204
    response = with_token(key).get(ME)
    assert response.status_code == 401 and response["WWW-Authenticate"] == "Token"


def test_another_persons_token_cannot_be_revoked_or_seen(api):
    mine, _ = token_create(user=make_user("gwen"), name="mine")
    theirs, their_key = token_create(user=make_user("hugo"), name="theirs")
    api.force_authenticate(mine.user)
    assert api.delete(f"{TOKENS}{theirs.pk}/").status_code == 404
    assert api.delete(f"{TOKENS}999999/").status_code == 404
    assert [entry["name"] for entry in api.get(TOKENS).json()] == ["mine"]
    assert with_token(their_key).get(ME).status_code == 200
    client = Client()
    client.force_login(mine.user)
    assert client.post(f"/me/profile/tokens/{theirs.pk}/revoke/").status_code == 404
    assert ApiToken.objects.filter(pk=theirs.pk).exists()


def test_an_expired_token_answers_401_and_is_gone(settings):
    token, key = token_create(user=make_user(), name="old")
    ApiToken.objects.filter(pk=token.pk).update(expires=timezone.now() - timedelta(seconds=1))
    response = with_token(key).get(ME)
    assert response.status_code == 401 and "expired" in response.json()["detail"]
    assert not ApiToken.objects.filter(pk=token.pk).exists()


def test_a_token_lasts_the_configured_number_of_days(settings):
    settings.BRUME_TOKEN_TTL_DAYS = 3
    token, _ = token_create(user=make_user(), name="short")
    assert timedelta(days=2, hours=23) < token.expires - timezone.now() <= timedelta(days=3)


def test_a_password_change_revokes_every_named_token():
    user = make_user("gwen")
    _, first = token_create(user=user, name="one")
    _, second = token_create(user=user, name="two")
    user.set_password("a brand new passphrase")
    user.save()
    assert with_token(first).get(ME).status_code == 401 and with_token(second).get(ME).status_code == 401


@pytest.mark.parametrize(("name", "status"), [("", 400), ("x" * 81, 400), ("   ", 400)])
def test_a_token_needs_a_sensible_name(api, name, status):
    api.force_authenticate(make_user())
    assert api.post(TOKENS, {"name": name}, format="json").status_code == status
    assert not ApiToken.objects.exists()


def test_a_person_holds_a_bounded_number_of_tokens(api):
    user = make_user()
    for number in range(MAX_TOKENS_PER_PERSON):
        token_create(user=user, name=f"t{number}")
    api.force_authenticate(user)
    response = api.post(TOKENS, {"name": "one more"}, format="json")
    assert response.status_code == 400 and "revoke one first" in response.json()["detail"]


def test_the_profile_page_shows_a_new_key_once(client):
    user = make_user("gwen")
    client.force_login(user)
    response = client.post("/me/profile/tokens/", {"name": "my script"})
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    token = ApiToken.objects.get(user=user)
    html = response.content.decode()
    key = html.split('<code id="new-token-key">')[1].split("</code>")[0]
    assert token.key_hash == hash_key(key)
    later = client.get("/me/profile/").content.decode()
    assert "my script" in later and key not in later


def test_the_token_endpoint_still_gives_a_working_token_and_delete_revokes_just_that_one(api):
    user = make_user("gwen")
    _, other = token_create(user=user, name="other")
    key = api.post("/api/v1/auth/token/", {"username": "gwen", "password": "pw-gwen"}, format="json").json()["token"]
    assert with_token(key).get(ME).status_code == 200
    assert with_token(key).delete("/api/v1/auth/token/").status_code == 204
    assert with_token(key).get(ME).status_code == 401
    assert with_token(other).get(ME).status_code == 200


def test_sign_out_everywhere_ends_other_sessions_and_every_token():
    gwen, hugo = make_user("gwen"), make_user("hugo")
    laptop, phone, elsewhere = signed_in(gwen), signed_in(gwen), signed_in(hugo)
    _, named = token_create(user=gwen, name="script")
    legacy = Token.objects.create(user=gwen).key
    _, hugos = token_create(user=hugo, name="his")
    assert phone.get("/me/profile/").status_code == 200

    response = laptop.post("/me/sign-out-everywhere/")
    assert response.status_code == 302
    assert phone.get("/me/profile/").status_code == 302  # sent to sign in: that session is gone
    assert laptop.get("/me/profile/").status_code == 302
    assert with_token(named).get(ME).status_code == 401 and with_token(legacy).get(ME).status_code == 401
    assert elsewhere.get("/me/profile/").status_code == 200  # someone else is untouched
    assert with_token(hugos).get(ME).status_code == 200
    assert all(s.get_decoded().get("_auth_user_id") != str(gwen.pk) for s in Session.objects.all())


def test_sign_out_everywhere_through_the_api_with_a_token():
    gwen = make_user("gwen")
    browser = signed_in(gwen)
    _, key = token_create(user=gwen, name="script")
    response = with_token(key).post("/api/v1/me/sign-out-everywhere/")
    assert response.status_code == 200 and response.json() == {"sessions": 1, "tokens": 1}
    assert browser.get("/me/profile/").status_code == 302
    assert with_token(key).get(ME).status_code == 401


def test_sign_out_everywhere_needs_a_post_and_a_signed_in_person(client):
    assert client.post("/me/sign-out-everywhere/").status_code == 302  # to sign in
    assert APIClient().post("/api/v1/me/sign-out-everywhere/").status_code == 401
    client.force_login(make_user())
    assert client.get("/me/sign-out-everywhere/").status_code == 405


def test_a_token_name_with_a_right_to_left_override_is_refused(api, client):
    """Issue 33: a token's name is shown on the profile page like any other name."""
    user = make_user("gwen")
    api.force_authenticate(user)
    response = api.post(TOKENS, {"name": "my\u202escript"}, format="json")
    assert response.status_code == 400 and "U+202E" in str(response.json())
    client.force_login(user)
    page = client.post("/me/profile/tokens/", {"name": "my\u202escript"})
    assert page.status_code == 400 and "U+202E" in page.content.decode()
    assert not ApiToken.objects.exists()
