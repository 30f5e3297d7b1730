"""Issue 34: the verification email greets from Brume in the newcomer's language, never from the
address of the machine that sent it (allauth's default, "Hello from 127.0.0.1:8000!")."""

from __future__ import annotations

import pytest
from django.core import mail

from tests.accounts.conftest import link_in_last_email, sign_up

pytestmark = pytest.mark.django_db(transaction=True)  # the email leaves after the commit


@pytest.mark.parametrize(
    ("language", "greeting", "why"),
    [
        ("en", "Hello from Brume!", "newcomer gave this email address for their account on Brume (testserver)."),
        ("fr", "Bonjour de la part de Brume\u00a0!", "newcomer a donné cette adresse e-mail pour son compte sur Brume"),
        ("nl", "Hallo van Brume!", "newcomer heeft dit e-mailadres opgegeven voor een account op Brume"),
    ],
)
def test_the_verification_email_greets_from_brume_in_the_newcomers_language(client, language, greeting, why):
    client.cookies["brume_language"] = language
    sign_up(client)
    body = mail.outbox[-1].body
    assert body.startswith(greeting), body
    assert why in body, body
    assert "Hello from testserver" not in body and "Thank you for using testserver" not in body
    assert client.get(link_in_last_email("confirm-email")).status_code == 200  # the link is still there
