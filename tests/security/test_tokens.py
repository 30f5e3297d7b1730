"""API tokens expire, and a password change revokes them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournament.factories import make_user

TOKEN = "/api/v1/auth/token/"
ME = "/api/v1/me/tasks/"

pytestmark = pytest.mark.django_db


def age(token: Token, days: float) -> None:
    Token.objects.filter(pk=token.pk).update(created=timezone.now() - timedelta(days=days))


def with_token(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api


def test_a_token_within_its_lifetime_works():
    token = Token.objects.create(user=make_user())
    age(token, 29)
    assert with_token(token.key).get(ME).status_code == 200


def test_an_expired_token_answers_401_saying_what_to_do(settings):
    token = Token.objects.create(user=make_user())
    age(token, settings.BRUME_TOKEN_TTL_DAYS + 1)
    response = with_token(token.key).get(ME)
    assert response.status_code == 401
    assert response.json() == {
        "error": "authentication_failed",
        "detail": "your API token has expired: ask for a new one with POST /api/v1/auth/token/",
    }
    assert not Token.objects.filter(pk=token.pk).exists()


def test_the_lifetime_is_a_setting(settings):
    settings.BRUME_TOKEN_TTL_DAYS = 2
    token = Token.objects.create(user=make_user())
    age(token, 3)
    assert with_token(token.key).get(ME).status_code == 401


def test_asking_again_after_expiry_gives_a_new_token(settings):
    user = make_user("gwen")
    old = Token.objects.create(user=user)
    age(old, settings.BRUME_TOKEN_TTL_DAYS + 1)
    response = APIClient().post(TOKEN, {"username": "gwen", "password": "pw-gwen"}, format="json")
    assert response.status_code == 200
    new_key = response.json()["token"]
    assert new_key != old.key
    assert with_token(new_key).get(ME).status_code == 200


def test_changing_the_password_revokes_the_token():
    user = make_user("gwen")
    token = Token.objects.create(user=user)
    user.set_password("a new and long passphrase")
    user.save()
    assert with_token(token.key).get(ME).status_code == 401
    assert not Token.objects.filter(user=user).exists()


def test_the_password_change_form_revokes_the_token(client):
    user = make_user("gwen")
    token = Token.objects.create(user=user)
    client.force_login(user)
    from django.contrib.auth.forms import PasswordChangeForm

    form = PasswordChangeForm(
        user, {"old_password": "pw-gwen", "new_password1": "brume-fog-7781x", "new_password2": "brume-fog-7781x"}
    )
    assert form.is_valid(), form.errors
    form.save()
    assert not Token.objects.filter(pk=token.pk).exists()


def test_signing_in_or_editing_the_profile_keeps_the_token(client):
    user = make_user("gwen")
    token = Token.objects.create(user=user)
    assert client.post("/accounts/login/", {"username": "gwen", "password": "pw-gwen"}).status_code == 302
    user.refresh_from_db()
    user.first_name = "Gwen"
    user.save()
    assert Token.objects.filter(pk=token.pk).exists()
