"""Brackets and wide tables on a phone and a desktop: one font size, a visible hint that they scroll."""

import pytest
from playwright.sync_api import expect

from tests.tournament.factories import make_event
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KNOCKOUT = {"format": "single_elimination", "settings": {"third_place": True}}


@pytest.fixture(autouse=True)
def _test_game(misty_nim):
    """Events run on the test game."""


def _knockout(players: int):
    event, owner, _ = make_event(players=players, stage=KNOCKOUT)
    round_publish(stage=event.stages.get(), by=owner)
    return event


def _hint_of(box):
    return box.locator("xpath=preceding-sibling::*[1][contains(@class, 'scroll-hint')]")


def _svg_scale(page) -> float:
    """Rendered width of the bracket over its drawn width: 1 means the text is drawn at its size."""
    return page.evaluate(
        "(() => { const svg = document.querySelector('.bracket svg');"
        " return svg.getBoundingClientRect().width / svg.viewBox.baseVal.width; })()"
    )


def test_brackets_of_four_and_eight_players_draw_their_names_at_one_size(live_server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        scales = []
        for players in (4, 8):
            page.goto(live_server.url + _knockout(players).get_absolute_url())
            scales.append(_svg_scale(page))
        assert scales == [pytest.approx(1.0, abs=0.01)] * 2
        expect(_hint_of(page.locator(".bracket"))).to_be_hidden()  # on a desktop it fits: no hint
    finally:
        context.close()


def test_at_390px_a_bracket_says_it_scrolls_and_its_third_place_column_can_be_reached(live_server, page):
    page.goto(live_server.url + _knockout(8).get_absolute_url())
    bracket = page.locator(".bracket")
    hint = _hint_of(bracket)
    expect(hint).to_be_visible()
    expect(hint).to_have_text("Scroll sideways for more →")
    assert bracket.get_attribute("tabindex") == "0"  # the keyboard can scroll it too
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # the page itself does not overflow
    third = page.locator(".bracket svg text", has_text="Third-place match").first
    assert not third.is_visible() or third.bounding_box()["x"] > 390  # clipped until scrolled
    bracket.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    expect(hint).to_have_text("← Scroll sideways for the start")  # polled without eval (the CSP)
    box = third.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390


def test_at_390px_the_standings_table_says_it_scrolls(live_server, page):
    event = _knockout(4)
    page.goto(live_server.url + f"/events/{event.slug}/stages/1/standings/")
    table = page.locator("main table").first
    assert table.evaluate("t => t.scrollWidth > t.clientWidth")
    hint = _hint_of(table)
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("Scroll sideways")


# Elements whose right edge passes the viewport, leaving out what sits inside a box that scrolls
# sideways (a bracket, a wide table): those are meant to be scrolled.
STICKING_OUT = """
() => {
  const width = document.documentElement.clientWidth;
  const inScroller = el => { for (let box = el.parentElement; box && box !== document.body; box = box.parentElement)
      if (/(auto|scroll)/.test(getComputedStyle(box).overflowX)) return true; return false; };
  return [...document.querySelectorAll('body *')]
    .filter(el => { const r = el.getBoundingClientRect(); return r.width && r.right > width + 1 && !inScroller(el); })
    .map(el => el.outerHTML.slice(0, 80));
}
"""


def test_at_390px_nothing_sticks_out_of_the_page_except_inside_scrolling_boxes(live_server, page):
    from games.ai import RandomPlayer
    from games.ai.match import play_game
    from games.engines import get_engine
    from games.gamelog import textform
    from games.models import GameRecord
    from games.services import record_upload, record_validate
    from tests.browser.conftest import sign_in

    knockout = _knockout(8)
    swiss, owner, _ = make_event(players=6, stage={"format": "swiss", "series_length": 3, "settings": {"rounds": 3}})
    match = round_publish(stage=swiss.stages.get(), by=owner).matches.first()
    log = play_game(get_engine("carnac"), [RandomPlayer(), RandomPlayer()], seed=5).log
    record = record_upload(data=textform.dumps(log), enqueue=False).record
    record_validate(record_id=record.pk)
    # The widest public id there can be: a title made of it must still wrap on a phone.
    GameRecord.objects.filter(pk=record.pk).update(public_id="W" * len(record.public_id))
    record.refresh_from_db()
    sign_in(page, live_server, match.seats.first().participant.user)
    paths = [
        "/",
        "/events/",
        knockout.get_absolute_url(),
        f"/events/{knockout.slug}/stages/1/standings/",
        swiss.get_absolute_url(),
        f"/events/{swiss.slug}/stages/1/rounds/1/",
        match.get_absolute_url(),
        f"/events/{swiss.slug}/stages/1/rounds/1/print/",
        f"/events/{swiss.slug}/stages/1/standings/print/",
        f"/events/{swiss.slug}/matches/{match.pk}/scoresheet/",
        record.get_absolute_url(),
        "/ratings/",
        "/me/matches/",
        "/records/upload/",
    ]
    for path in paths:
        response = page.goto(live_server.url + path)
        assert response.status == 200, path
        assert page.evaluate(STICKING_OUT) == [], path
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
