"""Sign-up with a verified email; sign-in by user name or email; the same email never twice."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail

from tests.accounts.conftest import confirm_last_email, sign_up
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db
User = get_user_model()


def signed_in_as(client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return User.objects.get(pk=user_id).username if user_id else None


@pytest.mark.django_db(transaction=True)  # the emails leave after the commit
def test_a_new_person_signs_up_verifies_the_email_and_signs_in_by_email(client):
    response = sign_up(client)
    assert response.status_code == 302 and response["Location"] == "/accounts/confirm-email/"
    assert signed_in_as(client) is None
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["newcomer@example.org"]
    assert mail.outbox[0].subject.startswith("[Brume] ")
    assert not EmailAddress.objects.get(email="newcomer@example.org").verified

    confirmed = confirm_last_email(client)
    assert confirmed.status_code == 302
    assert EmailAddress.objects.get(email="newcomer@example.org").verified

    signed_in = client.post("/accounts/login/", {"login": "newcomer@example.org", "password": "misty-dolmen-4417"})
    assert signed_in.status_code == 302 and signed_in["Location"] == "/"
    assert signed_in_as(client) == "newcomer"


@pytest.mark.django_db(transaction=True)  # the emails leave after the commit
def test_a_verified_person_signs_in_by_user_name_too(client):
    sign_up(client)
    confirm_last_email(client)
    client.post("/accounts/login/", {"login": "newcomer", "password": "misty-dolmen-4417"})
    assert signed_in_as(client) == "newcomer"


def test_an_unverified_person_cannot_sign_in_and_is_sent_the_link_again(client):
    sign_up(client)
    mail.outbox.clear()
    response = client.post("/accounts/login/", {"login": "newcomer", "password": "misty-dolmen-4417"})
    assert response.status_code == 302 and response["Location"] == "/accounts/confirm-email/"
    assert signed_in_as(client) is None
    assert client.get("/me/profile/").status_code == 302  # sent to sign in


def test_an_unverified_person_gets_no_api_token(api):
    sign_up(api)
    response = api.post("/api/v1/auth/token/", {"username": "newcomer", "password": "misty-dolmen-4417"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "unverified_email"


def test_an_email_already_used_is_refused_clearly_at_sign_up(client):
    sign_up(client)
    response = sign_up(client, username="copycat", email="NewComer@Example.org")
    assert response.status_code == 200
    assert "A user is already registered with this email address." in response.content.decode()
    assert not User.objects.filter(username="copycat").exists()


def test_a_user_name_already_taken_is_refused(client):
    make_user("gwen")
    response = sign_up(client, username="gwen", email="other@example.org")
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert User.objects.filter(username="gwen").count() == 1


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short1", "This password is too short."),
        ("password123", "This password is too common."),
        ("8837261945", "This password is entirely numeric."),
    ],
)
def test_a_weak_password_is_refused_by_djangos_validators(client, password, message):
    response = sign_up(client, password=password)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not User.objects.filter(username="newcomer").exists()


def test_a_forged_confirmation_key_confirms_nothing(client):
    sign_up(client)
    response = client.post("/accounts/confirm-email/forged-key-123/")
    assert response.status_code in (200, 404)
    assert not EmailAddress.objects.get(email="newcomer@example.org").verified


def test_an_account_made_by_staff_without_an_email_record_still_signs_in(client):
    make_user("gwen")
    response = client.post("/accounts/login/", {"login": "gwen", "password": "pw-gwen"})
    assert response.status_code == 302
    assert signed_in_as(client) == "gwen"


def test_the_former_sign_in_field_name_still_works(client):
    make_user("gwen")
    assert client.post("/accounts/login/", {"username": "gwen", "password": "pw-gwen"}).status_code == 302


def test_the_pages_wear_the_site_layout(client):
    for path in ("/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"):
        html = client.get(path).content.decode()
        assert 'class="site-header"' in html and "brume.css" in html, path
    assert 'href="/accounts/signup/"' in client.get("/").content.decode()


def test_a_staff_made_account_that_adds_an_email_is_not_locked_out_while_it_waits(client):
    gwen = make_user("gwen")
    client.force_login(gwen)
    assert client.post("/accounts/email/", {"action_add": "", "email": "gwen@example.org"}).status_code == 302
    assert not EmailAddress.objects.get(user=gwen).verified
    client.logout()
    assert client.post("/accounts/login/", {"login": "gwen", "password": "pw-gwen"}).status_code == 302
    assert signed_in_as(client) == "gwen"


def test_signing_out_ends_the_session_and_goes_home(client):
    client.force_login(make_user("gwen"))
    assert 'action="/accounts/logout/"' in client.get("/").content.decode()
    response = client.post("/accounts/logout/")
    assert response.status_code == 302 and response["Location"] == "/"
    assert signed_in_as(client) is None
