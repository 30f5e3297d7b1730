"""The three flows of an event in a real browser: organise and pair, report and confirm, rule."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in
from tests.tournament.factories import make_event, make_user
from tournament.models import Event, Match, Round, SeriesGame
from tournament.services.results import game_report
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _test_game(misty_nim, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_an_organiser_creates_an_event_and_pairs_a_round(live_server, page):
    owner = make_user("olga", organiser=True)
    sign_in(page, live_server, owner)
    page.goto(live_server.url + "/events/new/")
    page.get_by_label("Name").fill("Browser Open")
    page.get_by_label("Series").select_option("3")
    page.get_by_label("Game", exact=True).select_option("misty-nim")  # htmx swaps in its options
    page.get_by_label("Take max").fill("2")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_url("**/events/browser-open/")
    page.get_by_role("button", name="Open registration").click()
    event = Event.objects.get(name="Browser Open")
    from tournament.services.registration import participant_add

    for name in ("pia", "quentin", "rosa", "sven"):
        participant_add(event=event, by=owner, user=make_user(name))
    page.reload()
    page.get_by_role("button", name="Start the event").click()
    page.get_by_role("link", name="Pair round 1").click()
    expect(page.get_by_role("heading", name="Browser Open: round 1 (preview)")).to_be_visible()
    page.get_by_role("button", name="Publish round 1").click()
    page.wait_for_url("**/events/browser-open/**")
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.get_by_text("2 results missing")).to_be_visible()
    assert Round.objects.filter(stage__event=event).count() == 1
    assert Match.objects.filter(round__stage__event=event).count() == 2


def test_a_player_reports_and_the_opponent_confirms(live_server, browser):
    event, owner, _participants = make_event(players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    first, second = (seat.participant for seat in match.seats.order_by("seat"))
    for user, action in ((first.user, "report"), (second.user, "confirm")):
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        sign_in(page, live_server, user)
        page.goto(live_server.url + match.get_absolute_url())
        if action == "report":
            page.get_by_label(f"{first.name} won").check()
            page.get_by_role("button", name="Report game 1").click()
            page.get_by_text("Reported, waiting for confirmation").wait_for()
        else:
            page.get_by_role("button", name="Confirm this result").click()
            page.get_by_text("Confirmed").first.wait_for()
        context.close()
    match.refresh_from_db()
    assert match.status == Match.Status.COMPLETED
    assert match.seats.get(rank=1).participant == first


def test_an_organiser_rules_on_a_dispute(live_server, page):
    event, owner, _ = make_event(players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    first, second = (seat.participant for seat in match.seats.order_by("seat"))
    game = match.games.get()
    game_report(game=game, by=first.user, ranks=[1, 2])
    game_report(game=game, by=second.user, ranks=[2, 1])
    sign_in(page, live_server, owner)
    page.goto(live_server.url + event.get_absolute_url())
    expect(page.get_by_text("Rule on 1 dispute")).to_be_visible()
    page.goto(live_server.url + match.get_absolute_url())
    page.get_by_label(f"{second.name} won").check()
    page.get_by_label("Reason (shown to the players)").fill("the score sheet shows it")
    page.get_by_role("button", name="Rule").click()
    page.get_by_text("ruled on the dispute").wait_for(state="attached")
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.CONFIRMED and game.ranks == [2, 1]
