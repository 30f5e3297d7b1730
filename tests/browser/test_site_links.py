"""Journeys through the new pages in a real browser (a phone's width): a game's rules from its
page, an organiser's bulk confirmation from the Next panel, a player's records and a log's
download, head-to-head from a name in the standings."""

import pytest
from playwright.sync_api import expect

from games.services import record_upload, record_validate
from tests.browser.conftest import sign_in
from tests.records.helpers import random_log
from tests.tournament.factories import make_event, make_user
from tournament.models import SeriesGame
from tournament.services.results import game_report
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def watch_csp(page) -> list[str]:
    seen: list[str] = []
    page.on("console", lambda message: seen.append(message.text) if "Content Security Policy" in message.text else None)
    return seen


def test_a_visitor_reads_a_games_rules_from_the_home_page(live_server, page):
    violations = watch_csp(page)
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Carnac", exact=True).first.click()
    page.get_by_role("link", name="The rules as Brume reads them").click()
    page.wait_for_url("**/games/carnac/rules/")
    expect(page.get_by_role("heading", name="Notation")).to_be_visible()
    page.get_by_text("Sections").click()
    page.get_by_role("link", name="AI levels").click()
    page.wait_for_url("**/games/carnac/rules/#ai-levels")
    expect(page.get_by_role("heading", name="AI levels")).to_be_visible()
    assert violations == []


def test_an_organiser_confirms_every_reported_result_from_the_next_panel(live_server, page, misty_nim):
    event, owner, _ = make_event(players=4)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    for match in round_.matches.all():
        game = match.games.get()
        game_report(game=game, by=match.seats.get(seat=0).participant.user, ranks=[1, 2])
    violations = watch_csp(page)
    sign_in(page, live_server, owner)
    page.goto(live_server.url + event.get_absolute_url())
    page.get_by_role("link", name="Confirm 2 reported results").click()
    page.wait_for_url("**/matches/?needs=confirmation")
    expect(page.get_by_role("heading", name="Open matches that need a confirmation")).to_be_visible()
    page.get_by_role("button", name="Confirm the 2 reported results below").click()
    page.wait_for_url("**/matches/?needs=confirmation")
    expect(page.get_by_text("2 results confirmed.")).to_be_visible()
    assert set(SeriesGame.objects.filter(match__round=round_).values_list("status", flat=True)) == {"confirmed"}
    assert violations == []


def test_a_player_finds_their_record_and_downloads_its_log(live_server, page):
    me = make_user("petra")
    record = record_upload(data=random_log(seed=7), by=me).record
    record_validate(record_id=record.pk)  # already done if the upload's task ran at its commit
    violations = watch_csp(page)
    sign_in(page, live_server, me)
    page.get_by_role("link", name="My records").first.click()
    page.wait_for_url("**/me/records/")
    page.get_by_role("link", name=record.public_id).click()
    page.wait_for_url(f"**/records/{record.public_id}/")
    with page.expect_download() as download:
        page.get_by_role("link", name="text", exact=True).click()
    assert download.value.suggested_filename == f"brume-carnac-{record.public_id}.txt"
    with open(download.value.path(), encoding="utf-8") as saved:
        assert saved.read().startswith("Brume log 1")
    assert violations == []


def test_a_visitor_opens_a_player_from_the_standings_and_compares_them(live_server, page, misty_nim):
    from tests.ranking.events import play_round

    event, owner, participants = make_event(players=2)
    play_round(event.stages.get(), owner, lambda order: ([1, 2], None))
    match = event.stages.get().rounds.get().matches.get()
    winner = match.seats.get(seat=0).participant.user
    loser = next(p.user for p in participants if p.user != winner)
    page.goto(live_server.url + f"/events/{event.slug}/stages/1/standings/")
    page.get_by_role("link", name=winner.username).first.click()
    page.wait_for_url(f"**/ratings/players/{winner.username}/")
    page.get_by_label(f"{winner.username} against").fill(loser.username)
    page.get_by_role("button", name="Compare").click()
    table = page.get_by_role("table", name=f"{winner.username} against {loser.username}")
    expect(table).to_be_visible()
    assert table.get_by_role("row").nth(1).get_by_role("cell").all_inner_texts()[1:5] == ["1", "1", "0", "0"]


def test_the_new_pages_are_labelled_and_fit_a_phone(live_server, page, misty_nim):
    from tests.browser.test_accessibility import UNLABELLED
    from tests.ranking.events import play_round

    event, owner, participants = make_event(players=4)
    play_round(event.stages.get(), owner, lambda order: ([1, 2], None))
    round_publish(stage=event.stages.get(), by=owner)
    record = record_upload(data=random_log(seed=8), by=owner).record
    sign_in(page, live_server, owner)
    a, b = participants[0].user.username, participants[1].user.username
    paths = [
        "/games/carnac/",
        "/games/carnac/rules/",
        f"/events/{event.slug}/matches/",
        f"/events/{event.slug}/matches/?needs=result",
        "/me/records/",
        record.get_absolute_url(),
        f"/ratings/players/{a}/?against={b}",
    ]
    for path in paths:
        page.goto(live_server.url + path)
        assert page.evaluate(UNLABELLED) == [], path
        assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1, path
