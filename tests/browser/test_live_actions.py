"""Two people at a phone-sized live game: clocks and actions above the fold, the board as wide
as the screen, a draw offered and declined, then a resignation that ends the game."""

import re

import pytest
from playwright.sync_api import expect

from games.live import live_create
from games.models import LiveGame
from tests.browser.conftest import sign_in
from tests.tournament.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


@pytest.fixture(autouse=True)
def _fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_a_draw_offered_declined_then_a_resignation_on_a_phone(live_server, page, browser):
    vera, will = make_user("vera"), make_user("will")
    live = live_create(
        game="carnac",
        seats=[{"name": "Vera", "player": f"user:{vera.pk}"}, {"name": "Will", "player": f"user:{will.pk}"}],
        options={"board": "small"},
        seed=3,
        time_control={"base": 600, "increment": 5},
    )
    url = live_server.url + live.get_absolute_url()
    sign_in(page, live_server, vera)
    page.goto(url)
    board = page.locator("#live-board figure svg").bounding_box()
    assert board["width"] >= 350, board  # the board fills a 390 px screen
    for control in (page.locator(".live-clocks"), page.get_by_role("button", name="Resign")):
        box = control.bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], "above the fold"
    running = page.locator(".live-clock.running time")
    expect(running).to_have_text(re.compile(r"^\d{1,2}:\d\d$"))  # written by live-clock.js
    shown = running.text_content()
    expect(running).not_to_have_text(shown, timeout=5_000)  # and counting down

    other = browser.new_context(viewport=PHONE)
    opponent = other.new_page()
    try:
        sign_in(opponent, live_server, will)
        opponent.goto(url)
        page.get_by_role("button", name="Offer a draw").click()
        expect(page.get_by_role("button", name="Offer a draw")).to_have_count(0)
        expect(opponent.get_by_role("button", name="Accept the draw")).to_be_visible(timeout=10_000)
        opponent.get_by_role("button", name="Decline").click()
        expect(opponent.get_by_role("button", name="Accept the draw")).to_have_count(0)
        assert LiveGame.objects.get(pk=live.pk).draw_offer is None

        page.reload()
        page.once("dialog", lambda dialog: dialog.accept())  # "Resign this game?"
        page.get_by_role("button", name="Resign").click()
        expect(page.locator("#live-board")).to_contain_text("Vera resigned")
        expect(opponent.locator("#live-board")).to_contain_text("Vera resigned", timeout=10_000)
    finally:
        other.close()
    live.refresh_from_db()
    assert live.termination == "resignation"
