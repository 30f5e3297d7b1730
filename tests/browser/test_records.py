"""Upload a game log in a real browser, see its verdict appear, step through the replay."""

import pytest
from playwright.sync_api import expect

from games.ai import RandomPlayer
from games.ai.match import play_game
from games.engines import get_engine
from games.gamelog import textform
from games.models import GameRecord
from tests.browser.conftest import settle, sign_in
from tests.tournament.factories import make_user

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _fast_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_a_player_uploads_a_log_sees_the_verdict_and_steps_through_the_replay(live_server, page):
    log = play_game(get_engine("carnac"), [RandomPlayer(), RandomPlayer()], seed=21).log
    user = make_user("uma")
    sign_in(page, live_server, user)
    page.get_by_role("link", name="Upload logs").click()
    page.get_by_label("…or paste a log").fill(textform.dumps(log))
    page.get_by_role("button", name="Upload").click()
    page.wait_for_url("**/records/*/")
    page.get_by_text("Valid: ").first.wait_for()
    record = GameRecord.objects.get(uploaded_by=user)
    assert record.status == GameRecord.Status.VALID
    plies = len(log.moves)
    page.reload()
    expect(page.get_by_text(f"Move {plies} of {plies}")).to_be_visible()
    page.get_by_role("button", name="|◀ Start").click()
    page.get_by_text(f"Move 0 of {plies}").wait_for()
    settle(page)  # let htmx finish the swap before the next key
    page.keyboard.press("ArrowRight")
    page.get_by_text(f"Move 1 of {plies}: {log.moves[0]}").wait_for()
    settle(page)
    page.get_by_role("button", name="Next ▶").click()
    page.get_by_text(f"Move 2 of {plies}: {log.moves[1]}").wait_for()
    expect(page.locator("figure.board svg")).to_have_count(1)
    settle(page)
    page.keyboard.press("End")
    page.get_by_text(f"Move {plies} of {plies}").wait_for()
