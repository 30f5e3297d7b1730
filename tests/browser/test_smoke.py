"""The home page opens in a real browser, on a phone-sized screen, and lists the games."""

import pytest

from games.engines import all_engines

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_home_page_opens_in_chromium_and_lists_the_games(live_server, page):
    page.goto(live_server.url + "/")
    assert page.title() == "Home · Brume"
    assert page.get_by_role("heading", name="Games").is_visible()
    for engine in all_engines():
        assert page.get_by_role("link", name=engine.info.title, exact=True).is_visible()
    # Nothing overflows sideways on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_role("link", name="Sign in").click()
    page.wait_for_url("**/accounts/login/")
    assert page.get_by_label("User name").is_visible()
