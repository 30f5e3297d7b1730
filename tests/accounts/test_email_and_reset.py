"""Password reset by email, and an email change that is verified before it counts."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail

from accounts.models import ApiToken
from accounts.tokens import token_create
from tests.accounts.conftest import confirm_last_email, link_in_last_email, sign_up
from tests.accounts.test_tokens_and_sessions import with_token

pytestmark = pytest.mark.django_db(transaction=True)  # the emails leave after the commit
User = get_user_model()
PASSWORD = "misty-dolmen-4417"


@pytest.fixture
def verified(client):
    sign_up(client)
    confirm_last_email(client)
    mail.outbox.clear()
    return User.objects.get(username="newcomer")


@pytest.fixture
def signed_in(client, verified):
    assert client.post("/accounts/login/", {"login": "newcomer", "password": PASSWORD}).status_code == 302
    return verified


def test_a_forgotten_password_is_reset_through_the_emailed_link(client, verified):
    _, key = token_create(user=verified, name="script")
    assert with_token(key).get("/api/v1/me/profile/").status_code == 200
    response = client.post("/accounts/password/reset/", {"email": "newcomer@example.org"})
    assert response.status_code == 302
    path = link_in_last_email("password/reset/key")
    form_page = client.get(path, follow=True)
    assert form_page.status_code == 200 and b"Choose a new password" in form_page.content
    action = form_page.redirect_chain[-1][0] if form_page.redirect_chain else path
    done = client.post(action, {"password1": "fog-over-carnac-9", "password2": "fog-over-carnac-9"})
    assert done.status_code == 302
    assert client.post("/accounts/login/", {"login": "newcomer", "password": PASSWORD}).status_code == 200
    assert client.post("/accounts/login/", {"login": "newcomer", "password": "fog-over-carnac-9"}).status_code == 302
    assert not ApiToken.objects.filter(user=verified).exists()  # the new password revoked the token
    assert with_token(key).get("/api/v1/me/profile/").status_code == 401


def test_a_reset_link_works_once(client, verified):
    client.post("/accounts/password/reset/", {"email": "newcomer@example.org"})
    path = link_in_last_email("password/reset/key")
    page = client.get(path, follow=True)
    action = page.redirect_chain[-1][0] if page.redirect_chain else path
    client.post(action, {"password1": "fog-over-carnac-9", "password2": "fog-over-carnac-9"})
    again = client.get(path, follow=True)
    assert b"not valid any more" in again.content


def test_asking_a_reset_for_an_unknown_address_answers_the_same(client, verified):
    known = client.post("/accounts/password/reset/", {"email": "newcomer@example.org"})
    unknown = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert known.status_code == unknown.status_code == 302
    assert known["Location"] == unknown["Location"]


def test_an_email_change_counts_only_once_the_new_address_is_verified(client, signed_in):
    verified = signed_in
    response = client.post("/accounts/email/", {"action_add": "", "email": "moved@example.org"})
    assert response.status_code == 302
    assert EmailAddress.objects.get(user=verified, email="newcomer@example.org").primary
    assert not EmailAddress.objects.get(user=verified, email="moved@example.org").verified
    assert mail.outbox[-1].to == ["moved@example.org"]
    confirm_last_email(client)
    assert list(EmailAddress.objects.filter(user=verified).values_list("email", "verified", "primary")) == [
        ("moved@example.org", True, True)
    ]
    verified.refresh_from_db()
    assert verified.email == "moved@example.org"


def test_an_email_change_to_an_address_in_use_is_refused_clearly(client, signed_in):
    verified = signed_in
    other = User.objects.create_user("other", "taken@example.org", "x-long-pass-77")
    EmailAddress.objects.create(user=other, email="taken@example.org", verified=True, primary=True)
    response = client.post("/accounts/email/", {"action_add": "", "email": "Taken@example.org"})
    assert response.status_code == 200
    assert "A user is already registered with this email address." in response.content.decode()
    assert not EmailAddress.objects.filter(user=verified, email__iexact="taken@example.org").exists()
