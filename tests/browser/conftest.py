"""Real-browser tests: Playwright driving Debian's Chromium against Django's live server."""

from __future__ import annotations

import os
import shutil
import time

import pytest

# Playwright's sync API runs an event loop in the test thread; Django's ORM refuses to run
# inside one unless told that this is deliberate (the live server runs in its own thread).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("BRUME_CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module. Per module, not per session: while Playwright's sync API is
    started, its event loop counts as running in the test thread, and a later test that is not a
    browser test (Django's test client on an async view, ``asyncio.run``) would refuse to run
    beside it. Stopped at the module's end, the loop is gone before the next module."""
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"the browser tests need Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def quick_resync(monkeypatch):
    """The live server is WSGI, where a page's event stream answers once and the page asks again
    after the retry delay (10 s; under ASGI the push is at once: tests/browser/test_live_push.py).
    A one-second delay keeps the journeys quick; what they check is that a move reaches the other
    page without a reload."""
    monkeypatch.setattr("games.push.views.DEGRADED_RETRY_MS", 1_000)


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    page = context.new_page()
    yield page
    context.close()


def sign_in(page, live_server, user) -> None:
    """Sign in through the login form (test users' passwords are ``pw-<username>``)."""
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("User name").fill(user.username)
    page.get_by_label("Password").fill("pw-" + user.username)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(live_server.url + "/")


def settle(page, timeout: float = 10.0) -> None:
    """Wait until htmx has no request in flight and no swap or settle under way.

    Polled from here: ``page.wait_for_function`` polls with an eval inside the page, which the
    site's CSP (no 'unsafe-eval') refuses whenever the first check is not already true."""
    deadline = time.monotonic() + timeout
    while page.evaluate("!!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"):
        if time.monotonic() > deadline:
            raise AssertionError(f"htmx did not settle within {timeout} s")
        page.wait_for_timeout(20)
