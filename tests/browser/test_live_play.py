"""A person plays moves against an AI seat in a real browser; the AI answers in place."""

import pytest
from playwright.sync_api import expect

from games.live import live_create, live_view
from games.models import LiveGame
from tests.browser.conftest import sign_in
from tests.tournament.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_a_person_plays_a_move_and_the_ai_answers(live_server, page):
    user = make_user("vera")
    live = live_create(
        game="carnac",
        seats=[{"name": "Vera", "player": f"user:{user.pk}"}, {"name": "Bot", "player": "ai:carnac/random"}],
        options={"board": "small"},
        seed=3,
    )
    sign_in(page, live_server, user)
    page.goto(live_server.url + live.get_absolute_url())
    expect(page.get_by_text("Your move.")).to_be_visible()
    move = live_view(live, user).moves[0]
    page.get_by_text("Type a move").click()  # the notation form is folded under the board's clicks
    page.get_by_label("Your move (in the game's notation)").fill(move)
    page.get_by_role("button", name="Play").click()
    page.get_by_text("Move 0.").wait_for(state="detached")  # our move is on the board
    expect(page.locator("#live-board")).to_contain_text("Your move.", timeout=30_000)  # no eval: the CSP
    live = LiveGame.objects.get(pk=live.pk)
    assert live.moves[0] == move and live.version >= 2  # the AI answered before our turn came back
