"""Issue 17's journey in a real browser: a new person signs up, confirms the email from a link read
off a real local SMTP server, registers for an event, is told of the pairing, reports, and is told
when the opponent confirms."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.smtp import smtp_server  # noqa: F401  (the fixture)
from tests.tournament.factories import make_event
from tournament.models import Event, Match
from tournament.services.events import event_set_status
from tournament.services.results import game_confirm
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def text_of(message) -> str:
    parts = [message] if not message.is_multipart() else [p for p in message.walk() if not p.is_multipart()]
    return "\n".join(p.get_payload(decode=True).decode() for p in parts if p.get_content_type() == "text/plain")


def test_a_newcomer_signs_up_confirms_registers_is_paired_reports_and_is_told_of_the_confirmation(
    live_server,
    page,
    smtp_server,
    misty_nim,
    settings,  # noqa: F811
):
    settings.BRUME_SITE_URL = live_server.url
    event, owner, (opponent,) = make_event(players=1, start=False)

    # Sign up: the site says to confirm the email first, and a message arrives by SMTP.
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("User name", exact=True).fill("newcomer")
    page.get_by_label("Email").fill("newcomer@example.org")
    page.get_by_label("Password", exact=True).fill("a long fog-walk 42")
    page.get_by_label("Password (again)").fill("a long fog-walk 42")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator("main")).to_contain_text("newcomer@example.org")
    ((recipients, message),) = smtp_server.messages
    assert recipients == ["newcomer@example.org"]
    link = re.search(r"https?://\S+/confirm-email/\S+/", text_of(message)).group(0)

    # Confirm from the link (a page with a button: mail scanners opening links confirm nothing).
    page.goto(link)
    page.get_by_role("button", name="Yes, confirm it").click()

    # Sign in by email, register for the event.
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("User name or email").fill("newcomer@example.org")
    page.get_by_label("Password").fill("a long fog-walk 42")
    page.get_by_role("button", name="Sign in").click()
    page.goto(live_server.url + event.get_absolute_url())
    page.get_by_role("button", name="Register").click()
    expect(page.locator("main")).to_contain_text("You are registered")

    # The organiser starts the event and publishes round 1: the newcomer is told, on the site
    # (the bell) and by email.
    event_set_status(event=event, by=owner, status=Event.Status.RUNNING)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    page.goto(live_server.url + "/")
    bell = page.locator("a.bell")
    expect(bell).to_have_attribute("aria-label", "Notifications: 1 unread")
    bell.click()
    expect(page.locator("main")).to_contain_text("pairings of round 1")
    expect(page.locator("main")).to_contain_text(opponent.name)
    mailed = [m for rcpt, m in smtp_server.messages if rcpt == ["newcomer@example.org"]]
    assert any("round 1" in m["Subject"] for m in mailed)

    # Report from the match page the notification links to.
    page.get_by_role("button", name=re.compile("pairings of round 1")).click()  # opens it, marks it read
    expect(page).to_have_url(live_server.url + match.get_absolute_url())
    me = match.seats.exclude(participant=opponent).get().participant
    page.get_by_label(f"{me.name} won").check()
    page.get_by_role("button", name="Report game 1").click()
    expect(page.get_by_text("Reported, waiting for confirmation")).to_be_visible()

    # The opponent confirms (elsewhere): the newcomer's bell says so.
    game_confirm(game=match.games.get(), by=opponent.user)
    page.goto(live_server.url + "/")
    expect(page.locator("a.bell")).to_have_attribute("aria-label", "Notifications: 1 unread")  # the pairing was read
    page.locator("a.bell").click()
    expect(page.locator("main")).to_contain_text(f"{event.name}: game 1 confirmed")
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETED and match.seats.get(rank=1).participant == me
