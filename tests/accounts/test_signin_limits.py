"""The sign-in limits (accounts.signin) hold on allauth's sign-in form, by user name or email."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.test import Client

from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db
LOGIN = "/accounts/login/"


@pytest.fixture
def gwen():
    user = make_user("gwen")
    user.email = "gwen@example.org"
    user.save()
    EmailAddress.objects.create(user=user, email="gwen@example.org", verified=True, primary=True)
    return user


def test_wrong_passwords_lock_the_account_on_the_allauth_form(client, settings, gwen):
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT):
        assert client.post(LOGIN, {"login": "gwen", "password": "guess"}).status_code == 200
    locked = client.post(LOGIN, {"login": "gwen", "password": "pw-gwen"})
    assert locked.status_code == 429
    assert "Too many failed sign-ins for this account" in locked.content.decode()
    assert int(locked["Retry-After"]) > 60
    assert "_auth_user_id" not in client.session


def test_guessing_by_email_is_counted_and_locked_too(client, settings, gwen):
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT):
        client.post(LOGIN, {"login": "gwen@example.org", "password": "guess"})
    assert client.post(LOGIN, {"login": "gwen@example.org", "password": "pw-gwen"}).status_code == 429


def test_one_address_trying_many_names_and_emails_is_locked_out(settings, gwen):
    settings.BRUME_SIGNIN_ADDRESS_LIMIT = 4
    client = Client()
    for number in range(4):
        client.post(LOGIN, {"login": f"someone{number}@example.org", "password": "guess"})
    response = client.post(LOGIN, {"login": "gwen", "password": "pw-gwen"})
    assert response.status_code == 429 and "your network address" in response.content.decode()


def test_a_right_password_under_the_limit_signs_in_by_email(client, settings, gwen):
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT - 1):
        client.post(LOGIN, {"login": "gwen@example.org", "password": "guess"})
    assert client.post(LOGIN, {"login": "gwen@example.org", "password": "pw-gwen"}).status_code == 302
    assert client.session["_auth_user_id"] == str(gwen.pk)


def test_the_token_endpoint_takes_an_email_and_counts_it(settings, gwen):
    from rest_framework.test import APIClient

    api = APIClient()
    ok = api.post("/api/v1/auth/token/", {"username": "gwen@example.org", "password": "pw-gwen"}, format="json")
    assert ok.status_code == 200
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT):
        api.post("/api/v1/auth/token/", {"username": "gwen@example.org", "password": "guess"}, format="json")
    locked = api.post("/api/v1/auth/token/", {"username": "gwen@example.org", "password": "pw-gwen"}, format="json")
    assert locked.status_code == 429


@pytest.mark.parametrize(("first", "then"), [("gwen", "gwen@example.org"), ("GWEN@example.org", "Gwen")])
def test_the_user_name_and_the_email_share_one_count_per_account(client, settings, gwen, first, then):
    """Issue 33: five wrong passwords as the user name and five more as the email made ten."""
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT):
        assert client.post(LOGIN, {"login": first, "password": "guess"}).status_code == 200
    locked = client.post(LOGIN, {"login": then, "password": "pw-gwen"})
    assert locked.status_code == 429
    assert "Too many failed sign-ins for this account" in locked.content.decode()
    assert "_auth_user_id" not in client.session


def test_the_page_and_the_token_endpoint_count_one_account_by_either_login(settings, gwen):
    from rest_framework.test import APIClient

    page, api = Client(), APIClient()
    limit = settings.BRUME_SIGNIN_ACCOUNT_LIMIT
    for number in range(limit):
        login = "gwen" if number % 2 else "gwen@example.org"
        if number < limit // 2:
            page.post(LOGIN, {"login": login, "password": "guess"})
        else:
            api.post("/api/v1/auth/token/", {"username": login, "password": "guess"}, format="json")
    answer = api.post("/api/v1/auth/token/", {"username": "gwen", "password": "pw-gwen"}, format="json")
    assert answer.status_code == 429 and answer.json()["error"] == "throttled"


def test_an_unknown_login_is_counted_by_itself_and_answers_as_a_known_one_does(settings, gwen):
    """Logins nobody has keep their own count: the answers, step by step, are a known account's."""

    def answers(login):
        client = Client(REMOTE_ADDR=f"198.51.100.{len(login)}")
        seen = []
        for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT + 1):
            response = client.post(LOGIN, {"login": login, "password": "guess"})
            text = response.content.decode()
            seen.append((response.status_code, "Too many failed sign-ins for this account" in text))
        return seen

    assert answers("gwen@example.org") == answers("ghost@example.org")
    make_user("hugo")  # gwen is locked now, by her email
    assert answers("hugo") == answers("ghost-nobody")
    # two logins nobody has are two counts: nothing links them to one account
    client = Client(REMOTE_ADDR="198.51.100.200")
    for _ in range(settings.BRUME_SIGNIN_ACCOUNT_LIMIT):
        client.post(LOGIN, {"login": "phantom", "password": "guess"})
    assert client.post(LOGIN, {"login": "phantom@example.org", "password": "guess"}).status_code == 200
