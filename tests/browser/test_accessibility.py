"""Every page's form controls have labels, and pages work at phone width without sideways scroll."""

import pytest

from tests.browser.conftest import sign_in
from tests.tournament.factories import make_event
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

UNLABELLED = """
() => [...document.querySelectorAll('input:not([type=hidden]), select, textarea, button')]
  .filter(el => el.offsetParent !== null || el.closest('details'))
  .filter(el => el.tagName === 'BUTTON' ? !el.textContent.trim() && !el.getAttribute('aria-label')
                                        : el.labels.length === 0 && !el.getAttribute('aria-label'))
  .map(el => el.outerHTML.slice(0, 120))
"""


@pytest.fixture(autouse=True)
def _test_game(misty_nim, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_forms_are_labelled_and_pages_fit_a_phone(live_server, page):
    event, owner, _ = make_event(players=4)
    match = round_publish(stage=event.stages.get(), by=owner).matches.first()
    sign_in(page, live_server, owner)
    paths = [
        "/",
        "/events/",
        "/events/new/",
        event.get_absolute_url(),
        match.get_absolute_url(),
        "/records/upload/",
        "/ai/",
        f"/events/{event.slug}/stages/add/",
        f"/events/{event.slug}/stages/1/rounds/1/",
        f"/events/{event.slug}/stages/1/standings/",
    ]
    for path in paths:
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.lang") == "en", path
        assert page.evaluate(UNLABELLED) == [], path
        assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1, path
