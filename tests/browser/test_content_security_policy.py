"""Pages work under the Content-Security-Policy: Chromium reports no violation."""

import pytest
from playwright.sync_api import expect

from tests.tournament.factories import make_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def violations_on(page, url: str) -> list[str]:
    seen: list[str] = []
    page.on("console", lambda message: seen.append(message.text) if "Content Security Policy" in message.text else None)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return seen


def test_the_site_pages_run_without_a_csp_violation(live_server, page, misty_nim):
    event, _, _ = make_event(players=2)
    for path in ("/", "/events/", event.get_absolute_url(), "/ratings/", "/accounts/login/"):
        assert violations_on(page, live_server.url + path) == [], path


def test_the_swagger_ui_renders_under_its_policy(live_server, page):
    assert violations_on(page, live_server.url + "/api/docs/") == []
    page.wait_for_selector("#swagger-ui .info", timeout=15000)
    expect(page.get_by_text("Brume API").first).to_be_visible()


def test_redoc_renders_under_its_policy(live_server, page):
    seen = violations_on(page, live_server.url + "/api/redoc/")
    # ReDoc's footer logo comes from its vendor's site: blocked on purpose, nothing else may be.
    assert [text for text in seen if "cdn.redoc.ly" not in text] == []
    page.wait_for_selector("#redoc-container h1, redoc h1, .api-info h1", timeout=15000)
