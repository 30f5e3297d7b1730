"""Issue 31: with the mail server down, the pages that send email answer as usual, and every
email arrives once the server is back, once, as it was written. Only the site's public surface
is used here (pages, Django's mail API, the sweep), so this runs against the code before the
outbox too, where the reset page failed with the mail server."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.core.mail import EmailMultiAlternatives
from django.db import transaction

from games.sweep import sweep
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)  # the email leaves after the commit
PASSWORD = "misty-dolmen-4417"


def link(message, pattern: str) -> str:
    text = message.get_payload(decode=True) if not message.is_multipart() else None
    if text is None:
        text = next(p for p in message.walk() if p.get_content_type() == "text/plain").get_payload(decode=True)
    match = re.search(r"https?://testserver(/\S*" + pattern + r"\S*/)", text.decode())
    assert match, text
    return match.group(1)


def time_passes() -> None:
    """As if the sweep's wait had gone by: every email waiting is due for the sweep."""
    from django.utils import timezone

    from outbox.models import OutgoingMail

    OutgoingMail.objects.update(due_at=timezone.now() - timedelta(hours=1))


def test_with_the_mail_server_down_reset_and_sign_up_answer_and_each_email_arrives_once_it_is_back(
    client, stopped_smtp_server
):
    server = stopped_smtp_server
    owner = make_user("joris")
    owner.email = "joris@example.org"
    owner.save(update_fields=["email"])
    EmailAddress.objects.create(user=owner, email=owner.email, verified=True, primary=True)

    reset = client.post("/accounts/password/reset/", {"email": "joris@example.org"})
    signup = client.post(
        "/accounts/signup/",
        {"username": "newcomer", "email": "newcomer@example.org", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert reset.status_code == 302 and signup.status_code == 302
    assert signup["Location"] == "/accounts/confirm-email/"
    assert server.inbox.messages == []

    server.start()
    time_passes()
    sweep()
    sweep()  # a second sweep finds nothing left to send
    by_address = {rcpt[0]: message for rcpt, message in server.inbox.messages}
    assert len(server.inbox.messages) == 2 and set(by_address) == {"joris@example.org", "newcomer@example.org"}
    assert all(message["From"] == "Brume <noreply@brume.example>" for message in by_address.values())

    # The links work: the emails are the ones written when the pages were asked.
    form_page = client.get(link(by_address["joris@example.org"], "password/reset/key"), follow=True)
    assert form_page.status_code == 200 and b"Choose a new password" in form_page.content
    confirm = link(by_address["newcomer@example.org"], "confirm-email")
    assert client.post(confirm).status_code == 302
    assert EmailAddress.objects.get(email="newcomer@example.org").verified


def test_an_email_with_html_an_attachment_and_bcc_arrives_byte_for_byte(stopped_smtp_server):
    server = stopped_smtp_server
    message = EmailMultiAlternatives(
        subject="Résultats du tour 3 — Carnac",
        body="Bonjour,\nles résultats sont là.\n",
        from_email="Brume <noreply@brume.example>",
        to=["alice@example.org"],
        cc=["chloe@example.org"],
        bcc=["archive@example.org"],
        reply_to=["orga@example.org"],
        headers={"X-Brume-Event": "carnac-open"},
    )
    message.attach_alternative("<p>Bonjour, les <b>résultats</b> sont là.</p>", "text/html")
    message.attach("standings.csv", "rank,name\n1,Alice\n", "text/csv")
    message.attach("board.png", b"\x89PNG\r\n\x1a\n\x00\x01binary", "image/png")
    with transaction.atomic():
        assert message.send() == 1
    from outbox.models import OutgoingMail

    stored = bytes(OutgoingMail.objects.get().message)
    server.start()
    time_passes()
    sweep()
    assert len(server.inbox.messages) == 1
    recipients, arrived = server.inbox.messages[0]
    assert server.inbox.raw[0] == stored  # sent as it was written, not composed again
    assert sorted(recipients) == ["alice@example.org", "archive@example.org", "chloe@example.org"]
    assert server.inbox.senders == ["noreply@brume.example"]
    assert arrived["Subject"] == "=?utf-8?q?R=C3=A9sultats_du_tour_3_=E2=80=94_Carnac?="
    assert arrived["Bcc"] is None and arrived["X-Brume-Event"] == "carnac-open"
    assert arrived["Reply-To"] == "orga@example.org" and arrived["Cc"] == "chloe@example.org"
    parts = [(p.get_content_type(), p.get_filename()) for p in arrived.walk() if not p.is_multipart()]
    assert parts == [
        ("text/plain", None),
        ("text/html", None),
        ("text/csv", "standings.csv"),
        ("image/png", "board.png"),
    ]
    csv = arrived.get_payload()[1].get_payload(decode=True)
    assert csv.replace(b"\r\n", b"\n") == b"rank,name\n1,Alice\n"  # a text part's lines end CRLF on the wire
    assert arrived.get_payload()[2].get_payload(decode=True) == b"\x89PNG\r\n\x1a\n\x00\x01binary"
