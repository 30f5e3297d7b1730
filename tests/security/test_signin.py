"""Password guessing is limited per account and per client address, on every way of signing in."""

from __future__ import annotations

import threading
import time

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.tournament.factories import make_user

LOGIN = "/accounts/login/"
TOKEN = "/api/v1/auth/token/"

pytestmark = pytest.mark.django_db


def sign_in(client, username, password, **extra):
    return client.post(LOGIN, {"username": username, "password": password}, **extra)


def signed_in_as(client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return get_user_model().objects.get(pk=user_id).username if user_id else None


def test_sixty_wrong_passwords_lock_the_account_even_against_the_right_one(client):
    make_user("gwen")
    for _ in range(60):
        sign_in(client, "gwen", "guess")
    response = sign_in(client, "gwen", "pw-gwen")
    assert response.status_code == 429
    assert "Too many failed sign-ins for this account: try again in 15 minutes." in response.content.decode()
    assert int(response["Retry-After"]) > 14 * 60
    assert signed_in_as(client) is None


def test_wrong_passwords_up_to_the_limit_still_let_the_right_one_in(client, settings):
    make_user("gwen")
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT - 1):
        assert sign_in(client, "gwen", "guess").status_code == 200
    assert sign_in(client, "gwen", "pw-gwen").status_code == 302
    assert signed_in_as(client) == "gwen"


def test_a_successful_sign_in_starts_the_account_count_afresh(client, settings):
    make_user("gwen")
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT - 1):
        sign_in(client, "gwen", "guess")
    assert sign_in(client, "gwen", "pw-gwen").status_code == 302
    client.logout()
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT - 1):
        sign_in(client, "gwen", "guess")
    assert sign_in(client, "gwen", "pw-gwen").status_code == 302


def test_the_account_lockout_follows_the_name_whatever_its_case(client, settings):
    make_user("gwen")
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT):
        sign_in(client, "GWEN", "guess")
    assert sign_in(client, "gwen", "pw-gwen").status_code == 429


def test_a_locked_account_does_not_lock_out_other_people(client, settings):
    make_user("gwen")
    make_user("hugo")
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT + 3):
        sign_in(client, "gwen", "guess")
    other = Client(REMOTE_ADDR="203.0.113.9")
    assert sign_in(other, "hugo", "pw-hugo").status_code == 302


def test_a_name_that_does_not_exist_locks_the_same_way_as_one_that_does(client, settings):
    make_user("gwen")
    answers = {}
    for name in ("gwen", "nobody-here"):
        for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT):
            sign_in(client, name, "guess")
        response = sign_in(client, name, "guess")
        answers[name] = (response.status_code, "Too many failed sign-ins for this account" in response.content.decode())
    assert answers["gwen"] == answers["nobody-here"] == (429, True)


def test_one_address_guessing_many_accounts_is_locked_out(settings):
    settings.BRUME_SIGNIN_ADDRESS_LIMIT = 8
    make_user("gwen")
    guesser = Client(REMOTE_ADDR="198.51.100.7")
    for number in range(8):
        assert sign_in(guesser, f"someone{number}", "guess").status_code == 200
    response = sign_in(guesser, "gwen", "pw-gwen")
    assert response.status_code == 429
    assert "Too many failed sign-ins for your network address" in response.content.decode()
    assert sign_in(Client(REMOTE_ADDR="198.51.100.8"), "gwen", "pw-gwen").status_code == 302


def test_the_lockout_ends_when_its_window_has_passed(client, settings, monkeypatch):
    make_user("gwen")
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT + 1):
        sign_in(client, "gwen", "guess")
    assert sign_in(client, "gwen", "pw-gwen").status_code == 429
    later = time.time() + settings.BRUME_SIGNIN_WINDOW_MINUTES * 60 + 1
    monkeypatch.setattr(time, "time", lambda: later)  # the cache's expiry reads the same clock
    assert sign_in(client, "gwen", "pw-gwen").status_code == 302


def test_the_admin_sign_in_counts_against_the_same_limit_and_answers_429(client, settings):
    """Issue 33: the admin's sign-in showed the lockout with 200 where the site's answers 429."""
    make_user("gwen", organiser=True)
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT + 1):
        sign_in(client, "gwen", "guess")
    response = client.post("/admin/login/", {"username": "gwen", "password": "pw-gwen"})
    assert response.status_code == 429
    assert int(response["Retry-After"]) > 14 * 60
    assert "Too many failed sign-ins for this account" in response.content.decode()
    assert signed_in_as(client) is None


def test_the_admin_sign_in_locks_after_its_own_wrong_passwords_too(client, settings):
    make_user("gwen", organiser=True)
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT):
        wrong = client.post("/admin/login/", {"username": "gwen", "password": "guess"})
        assert wrong.status_code == 200  # a wrong password is a form error, not a lockout
    locked = client.post("/admin/login/", {"username": "gwen", "password": "pw-gwen"})
    assert locked.status_code == 429 and "Retry-After" in locked
    assert signed_in_as(client) is None


def test_a_forwarded_for_header_from_a_client_does_not_start_a_fresh_count(settings):
    settings.BRUME_SIGNIN_ADDRESS_LIMIT = 10  # under the token request rate, which also holds
    make_user("gwen")
    api = APIClient()
    for number in range(settings.BRUME_SIGNIN_ADDRESS_LIMIT + 5):
        api.post(
            TOKEN,
            {"username": f"someone{number}", "password": "guess"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"10.0.{number}.1",
        )
    response = api.post(
        TOKEN, {"username": "gwen", "password": "pw-gwen"}, format="json", HTTP_X_FORWARDED_FOR="10.9.9.9"
    )
    assert response.status_code == 429
    assert "your network address" in response.json()["detail"]


def test_the_token_endpoint_locks_the_account_and_says_why(settings):
    make_user("gwen")
    api = APIClient()
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT):
        assert api.post(TOKEN, {"username": "gwen", "password": "guess"}, format="json").status_code == 400
    response = api.post(TOKEN, {"username": "gwen", "password": "pw-gwen"}, format="json")
    assert response.status_code == 429
    assert response.json() == {
        "error": "throttled",
        "detail": "Too many failed sign-ins for this account: try again in 15 minutes.",
    }
    assert int(response["Retry-After"]) > 14 * 60
    assert not Token.objects.exists()


def test_a_valid_token_of_someone_else_does_not_lift_the_limits(settings):
    make_user("gwen")
    mine = Token.objects.create(user=make_user("mallory"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {mine.key}")
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT + 10):
        api.post(TOKEN, {"username": "gwen", "password": "guess"}, format="json")
    assert api.post(TOKEN, {"username": "gwen", "password": "pw-gwen"}, format="json").status_code == 429


def test_a_valid_token_does_not_lift_the_token_request_rate(monkeypatch):
    from tournament.api.views.auth import TokenRequestThrottle

    monkeypatch.setattr(TokenRequestThrottle, "THROTTLE_RATES", {"token": "3/min"})
    mine = Token.objects.create(user=make_user("mallory"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {mine.key}")
    codes = [
        api.post(
            TOKEN, {"username": f"n{number}", "password": "x"}, format="json", HTTP_X_FORWARDED_FOR=f"10.1.1.{number}"
        )
        for number in range(5)
    ]
    assert [response.status_code for response in codes] == [400, 400, 400, 429, 429]
    assert codes[-1].json()["error"] == "throttled"


@pytest.mark.django_db(transaction=True)
def test_parallel_guesses_check_no_more_passwords_than_the_limit(settings):
    """Thirty guesses at once: the count is atomic, so exactly the limit get a password check."""
    make_user("gwen")
    limit = settings.BRUME_SIGNIN_ACCOUNT_LIMIT
    codes: list[int] = []
    start = threading.Barrier(30)

    def guess(number: int) -> None:
        api = APIClient(REMOTE_ADDR=f"192.0.2.{number + 1}")
        start.wait()
        response = api.post(TOKEN, {"username": "gwen", "password": f"guess{number}"}, format="json")
        codes.append(response.status_code)

    threads = [threading.Thread(target=guess, args=(number,)) for number in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [400] * limit + [429] * (30 - limit)
    assert APIClient().post(TOKEN, {"username": "gwen", "password": "pw-gwen"}, format="json").status_code == 429
