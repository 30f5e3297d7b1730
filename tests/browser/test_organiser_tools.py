"""The organiser's tools in a real browser: a list added with a preview, seeds moved with the
keyboard buttons and then by rating, and a silent round that strangers cannot read."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in
from tests.tournament.factories import make_event, make_user
from tournament.models import Round
from tournament.services.results import game_confirm, game_report

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _test_game(misty_nim, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _seed_names(event) -> list[str]:
    return list(event.participants.order_by("seed").values_list("name", flat=True))


def test_bulk_add_with_preview_then_seeds_then_a_silent_round(live_server, browser, page):
    event, owner, _ = make_event(
        players=0, start=False, stage={"format": "swiss", "settings": {"rounds": 2, "silent": True}}
    )
    for name in ("pia", "quentin", "rosa", "sven"):
        make_user(name)
    sign_in(page, live_server, owner)
    page.goto(live_server.url + f"/events/{event.slug}/participants/bulk/")
    page.get_by_label("Participants, one a line").fill(
        "username,rating\npia,1500\nquentin,1900\nrosa,1700\nsven,1600\nnobody,1\n"
    )
    page.get_by_role("button", name="Preview").click()
    expect(page.get_by_text("4 of 5 rows can be added")).to_be_visible()
    expect(page.get_by_text("nobody has the user name 'nobody'")).to_be_visible()
    assert event.participants.count() == 0
    page.get_by_role("button", name="Add the 4 valid rows").click()
    page.wait_for_url(f"**/events/{event.slug}/**")
    expect(page.get_by_text("4 participants added.")).to_be_visible()
    assert _seed_names(event) == ["pia", "quentin", "rosa", "sven"]

    page.get_by_text("Seeds", exact=True).click()
    page.get_by_role("button", name="Move pia down").click()  # the keyboard way; the script reorders
    page.get_by_role("button", name="Save the seeds").click()
    page.wait_for_url(f"**/events/{event.slug}/**")
    assert _seed_names(event) == ["quentin", "pia", "rosa", "sven"]
    page.get_by_text("Seeds", exact=True).click()
    page.get_by_label("Seed by").select_option("entered")
    page.get_by_role("button", name="Seed by rating").click()
    page.wait_for_url(f"**/events/{event.slug}/**")
    assert _seed_names(event) == ["quentin", "rosa", "sven", "pia"]

    page.get_by_role("button", name="Start the event").click()
    page.get_by_role("link", name="Pair round 1").click()
    page.get_by_role("button", name="Publish round 1").click()
    page.wait_for_url(f"**/events/{event.slug}/**")
    round_ = Round.objects.get(stage__event=event)
    match = round_.matches.order_by("table").first()
    first, second = (seat.participant.user for seat in match.seats.order_by("seat"))
    game_confirm(game=game_report(game=match.games.get(), by=first, ranks=[1, 2]), by=second)

    page.reload()
    expect(page.locator(".tag.win")).to_have_count(1)  # the organiser sees the result
    stranger = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    stranger.goto(live_server.url + event.get_absolute_url())
    expect(stranger.get_by_text("The results of this round are hidden until the round is over.").first).to_be_visible()
    expect(stranger.locator(".tag.win")).to_have_count(0)
    stranger.goto(live_server.url + match.get_absolute_url())
    expect(stranger.get_by_text("The results of this round are hidden")).to_be_visible()
    expect(stranger.get_by_text("won")).to_have_count(0)
    stranger.context.close()
