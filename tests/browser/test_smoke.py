"""The home page opens in a real browser, on a phone-sized screen, and lists the games."""

import pytest
from playwright.sync_api import expect

from games.engines import all_engines

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_home_page_opens_in_chromium_and_lists_the_games(live_server, page):
    page.goto(live_server.url + "/")
    assert page.title() == "Home · Brume"
    expect(page.get_by_role("heading", name="Games")).to_be_visible()
    for engine in all_engines():
        expect(page.get_by_role("link", name=engine.info.title, exact=True)).to_be_visible()
    # Nothing overflows sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_role("link", name="Sign in").click()
    page.wait_for_url("**/accounts/login/")
    expect(page.get_by_label("User name")).to_be_visible()
