"""Issue 34, "where do I print the pairings?": from the event page and a round page, an organiser
finds the sheets to print and the files to export in two menus, at a phone's width and a desk's,
with or without JavaScript; a player goes from a match page to its round's page."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in
from tests.browser.test_accessibility import UNLABELLED
from tests.tournament.factories import make_event
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def round_one(misty_nim):
    event, owner, _participants = make_event(players=4, stage={"format": "swiss", "settings": {"rounds": 3}})
    round_ = round_publish(stage=event.stages.get(), by=owner)
    return event, owner, round_


def _fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    assert page.evaluate(UNLABELLED) == []


@pytest.mark.parametrize(("width", "script"), [(390, True), (1280, True), (390, False)])
def test_an_organiser_prints_the_pairings_and_exports_the_standings_from_the_event_page(
    live_server, browser, round_one, width, script
):
    event, owner, _round = round_one
    context = browser.new_context(viewport={"width": width, "height": 900}, java_script_enabled=script)
    page = context.new_page()
    try:
        sign_in(page, live_server, owner)
        page.goto(live_server.url + event.get_absolute_url())
        menus = page.get_by_role("navigation", name="Print and export")
        pairings = menus.get_by_role("link", name="Pairings: Main, round 1", exact=True)
        expect(pairings).to_be_hidden()  # closed until asked
        menus.get_by_text("Print", exact=True).click()
        expect(pairings).to_be_visible()
        _fits(page, width)
        pairings.click()
        page.wait_for_url("**/stages/1/rounds/1/print/")
        expect(page.get_by_role("heading", name=f"{event.name}: pairings")).to_be_visible()

        page.goto(live_server.url + event.get_absolute_url())
        menus.get_by_text("Export", exact=True).click()
        with page.expect_download() as download:
            menus.get_by_role("link", name="Standings: Main (CSV)").click()
        assert download.value.suggested_filename == f"{event.slug}-stage1-standings.csv"
        _fits(page, width)
    finally:
        context.close()


def test_a_player_goes_from_the_match_page_to_the_round_and_its_scoresheets(live_server, page, round_one):
    _event, _owner, round_ = round_one
    match = round_.matches.filter(is_bye=False).order_by("table").first()
    sign_in(page, live_server, match.seats.first().participant.user)
    page.goto(live_server.url + match.get_absolute_url())
    page.get_by_role("link", name="Main, round 1").click()
    page.wait_for_url("**/stages/1/rounds/1/")
    menus = page.get_by_role("navigation", name="Print and export")
    summary = menus.get_by_text("Print", exact=True)
    summary.focus()
    page.keyboard.press("Enter")  # a <summary> opens from the keyboard
    sheet = menus.get_by_role("link", name=f"Scoresheet: table {match.table}")
    expect(sheet).to_be_visible()
    _fits(page, 390)
    sheet.click()
    page.wait_for_url(f"**/matches/{match.pk}/scoresheet/")
