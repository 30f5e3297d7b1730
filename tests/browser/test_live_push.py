"""A live game's page updates itself when the other seat moves: pushed, not polled."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from games.live import live_create, live_view
from games.models import LiveGame
from tests.push.conftest import asgi_server  # noqa: F401  (the fixture: a real uvicorn)
from tests.tournament.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


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
        page.wait_for_timeout(500)  # the stream is open
        move = live_view(LiveGame.objects.get(pk=live.pk), ann).moves[0]
        client.force_login(ann)
        assert client.post(reverse("live-game", args=[live.public_id]), {"move": move, "version": 0}).status_code == 200
        # Pushed: well before the 10 s fallback poll, with no reload.
        expect(page.locator("#live-board")).to_contain_text("Move 1.", timeout=5_000)
        assert page.locator("[data-live-version]").get_attribute("data-live-version") == "1"
    finally:
        context.close()


def test_a_spectator_watches_a_fog_game_by_push(browser, client, asgi_server, settings):  # noqa: F811
    """Issue 16: a spectator (signed out) watches The FOG: the spectator's view, no move input, no
    game actions, and the board follows the players' moves by push."""
    settings.BRUME_PUSH_URL = None
    ann, bo = make_user("ann-fog"), make_user("bo-fog")
    live = live_create(
        game="fog",
        seats=[{"name": "Ann", "player": f"user:{ann.pk}"}, {"name": "Bo", "player": f"user:{bo.pk}"}],
        seed=8,
    )
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(asgi_server.url + live.get_absolute_url())
        board = page.locator("#live-board")
        expect(board).to_contain_text("Waiting for")
        expect(board.locator("svg")).to_be_visible()
        assert page.locator("#live-gestures").count() == 0  # no seat's moves are offered to a spectator
        assert page.get_by_role("button", name="Resign").count() == 0
        page.wait_for_timeout(500)  # the stream is open
        for ply in range(3):
            current = LiveGame.objects.get(pk=live.pk)
            seat = next(i for i, user in enumerate((ann, bo)) if live_view(current, user).my_turn)
            player = (ann, bo)[seat]
            move = live_view(current, player).moves[0]
            client.force_login(player)
            url = reverse("live-game", args=[live.public_id])
            assert client.post(url, {"move": move, "version": current.version}).status_code == 200
            expect(board).to_contain_text(f"Move {ply + 1}.", timeout=5_000)  # pushed, no reload
        assert page.locator("#live-gestures").count() == 0
    finally:
        context.close()
