"""A live game's page updates itself when the other seat moves: pushed, not polled."""

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from games.live import live_create, live_view
from games.models import LiveGame
from tests.push.conftest import asgi_server  # noqa: F401  (the fixture: a real uvicorn)
from tests.tournament.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def stream_open(page) -> None:
    """Wait until the page's event stream is open (live-push.js marks <html> when it is)."""
    expect(page.locator("html[data-live-stream=open]")).to_have_count(1, timeout=15_000)


def signed_in_page(browser, client, server, user):
    client.force_login(user)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server.url}])
    return context, context.new_page()


def test_the_waiting_seats_board_updates_when_the_other_seat_moves(browser, client, asgi_server, settings):  # noqa: F811
    settings.BRUME_PUSH_URL = None
    ann, bo = make_user("ann"), make_user("bo")
    live = live_create(
        game="carnac",
        seats=[{"name": "Ann", "player": f"user:{ann.pk}"}, {"name": "Bo", "player": f"user:{bo.pk}"}],
        options={"board": "small"},
        seed=5,
    )
    context, page = signed_in_page(browser, client, asgi_server, bo)
    try:
        page.goto(asgi_server.url + live.get_absolute_url())
        expect(page.locator("#live-board")).to_contain_text("Waiting for Ann")
        stream_open(page)
        move = live_view(LiveGame.objects.get(pk=live.pk), ann).moves[0]
        client.force_login(ann)
        assert client.post(reverse("live-game", args=[live.public_id]), {"move": move, "version": 0}).status_code == 200
        # Pushed on the open stream, with no reload (the page polls only when a stream is refused).
        expect(page.locator("#live-board")).to_contain_text("Move 1.", timeout=15_000)
        assert page.locator("[data-live-version]").get_attribute("data-live-version") == "1"
    finally:
        context.close()


def test_sounds_are_off_until_turned_on_then_a_chime_says_it_is_your_move(browser, client, asgi_server, settings):  # noqa: F811
    settings.BRUME_PUSH_URL = None
    ann, bo = make_user("ann-snd"), make_user("bo-snd")
    live = live_create(
        game="carnac",
        seats=[{"name": "Ann", "player": f"user:{ann.pk}"}, {"name": "Bo", "player": f"user:{bo.pk}"}],
        options={"board": "small"},
        seed=5,
    )
    context, page = signed_in_page(browser, client, asgi_server, bo)
    url = reverse("live-game", args=[live.public_id])

    def whole_turn(user, seat):
        """``user`` plays until the turn passes (a Carnac turn may be a placement and a tilt), from
        a client of its own (signing in on the page's client would end the page's session)."""
        client = Client()
        client.force_login(user)
        while True:
            current = LiveGame.objects.get(pk=live.pk)
            view = live_view(current, user)
            if view.view["to_move"] != seat:
                return current.version
            response = client.post(url, {"move": view.moves[-1], "version": current.version})
            assert response.status_code == 200

    try:
        page.goto(asgi_server.url + live.get_absolute_url())
        toggle = page.get_by_role("button", name="Sounds off")
        expect(toggle).to_have_attribute("aria-pressed", "false")
        stream_open(page)
        version = whole_turn(ann, 0)
        expect(page.locator("#live-board")).to_contain_text(f"Move {version}.", timeout=15_000)
        expect(page.locator("#live-board")).to_contain_text("Your move.")
        assert page.locator("body").get_attribute("data-last-sound") is None  # off: silent
        toggle.click()
        expect(page.get_by_role("button", name="Sounds on")).to_have_attribute("aria-pressed", "true")
        page.reload()  # the choice is kept in this browser
        expect(page.get_by_role("button", name="Sounds on")).to_be_visible()
        stream_open(page)
        version = whole_turn(bo, 1)  # Bo's moves (from another tab) reach this page: a click
        expect(page.locator("body")).to_have_attribute("data-last-sound", "move", timeout=15_000)
        version = whole_turn(ann, 0)
        expect(page.locator("#live-board")).to_contain_text(f"Move {version}.", timeout=15_000)
        expect(page.locator("body")).to_have_attribute("data-last-sound", "turn")
    finally:
        context.close()
