import re

import pytest
from django.core import mail
from django.core.cache import caches
from rest_framework.test import APIClient


@pytest.fixture(autouse=True)
def fresh_allauth_counters():
    """allauth counts sign-ups, resets and confirmation emails per address in the cache, which
    outlives a test: every test starts with none."""
    caches["default"].clear()
    yield


@pytest.fixture
def api():
    return APIClient()


def link_in_last_email(pattern: str) -> str:
    """The path of the first link in the newest email that matches ``pattern``."""
    assert mail.outbox, "no email was sent"
    body = mail.outbox[-1].body
    match = re.search(r"https?://testserver(/\S*" + pattern + r"\S*/)", body)
    assert match, body
    return match.group(1)


def sign_up(client, username="newcomer", email="newcomer@example.org", password="misty-dolmen-4417"):
    return client.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": password, "password2": password},
    )


def confirm_last_email(client):
    path = link_in_last_email("confirm-email")
    page = client.get(path)
    assert page.status_code == 200 and b"Yes, confirm it" in page.content
    return client.post(path)
