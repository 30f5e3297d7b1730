"""Dark mode keeps text readable (WCAG AA contrast) and pictures on light paper; the print sheets
print black on white without the site around them; a scoresheet's QR code lands on the log form."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in
from tests.tournament.factories import make_event
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

KNOCKOUT = {"format": "single_elimination", "settings": {"third_place": True}}
BEST_OF_THREE = {"format": "swiss", "series_length": 3, "settings": {"rounds": 2}}

# What a reader sees of each kind of text: its colour and the background it is drawn on (the
# nearest ancestor, itself included, with a background colour that is not transparent).
COLOURS = """
(selector) => [...document.querySelectorAll(selector)].filter(el => el.getClientRects().length).map(el => {
  let box = el;
  while (box && getComputedStyle(box).backgroundColor.match(/rgba\\(.*, 0\\)|transparent/)) box = box.parentElement;
  return [el.textContent.trim().slice(0, 30), getComputedStyle(el).color,
          getComputedStyle(box || document.documentElement).backgroundColor];
})
"""


@pytest.fixture(autouse=True)
def _test_game(misty_nim, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _luminance(css: str) -> float:
    red, green, blue = (int(value) / 255 for value in re.findall(r"[\d.]+", css)[:3])

    def linear(channel):
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def _contrast(one: str, other: str) -> float:
    high, low = sorted((_luminance(one), _luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


TEXTS = "main p, main td, main th, main h1, main h2, main a, main button, .site-header a, .site-footer p, .scroll-hint"


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_text_links_and_buttons_meet_aa_contrast_in_both_schemes(live_server, page, scheme):
    event, owner, _ = make_event(players=4)
    round_publish(stage=event.stages.get(), by=owner)
    page.emulate_media(color_scheme=scheme)
    sign_in(page, live_server, owner)  # the organiser's page has buttons and forms too
    for path in (event.get_absolute_url(), f"/events/{event.slug}/stages/1/standings/"):
        page.goto(live_server.url + path)
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert (_luminance(background) < 0.05) == (scheme == "dark"), background
        seen = page.evaluate(COLOURS, TEXTS)
        assert len(seen) > 10
        poor = [(text, round(_contrast(fg, bg), 2)) for text, fg, bg in seen if _contrast(fg, bg) < 4.5]
        assert poor == [], (path, poor)


def test_in_dark_mode_a_bracket_keeps_its_light_paper(live_server, page):
    event, owner, _ = make_event(players=4, stage=KNOCKOUT)
    round_publish(stage=event.stages.get(), by=owner)
    page.emulate_media(color_scheme="dark")
    page.goto(live_server.url + event.get_absolute_url())
    paper = page.locator(".bracket svg").evaluate("svg => getComputedStyle(svg).backgroundColor")
    ink = page.locator(".bracket svg text").first.evaluate("t => t.getAttribute('fill')")
    assert _luminance(paper) > 0.8 and _contrast(paper, "rgb(29, 35, 43)") >= 4.5 and ink == "#1d232b"


def test_a_printed_scoresheet_is_black_on_white_without_menus_and_its_print_button_prints(live_server, page):
    event, owner, _ = make_event(players=4, stage=BEST_OF_THREE)
    match = round_publish(stage=event.stages.get(), by=owner).matches.first()
    page.add_init_script("window.print = () => { document.body.dataset.printed = 'yes'; };")
    page.emulate_media(color_scheme="dark")
    page.goto(live_server.url + f"/events/{event.slug}/matches/{match.pk}/scoresheet/")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("document.body.dataset.printed") == "yes"
    page.emulate_media(media="print")
    for hidden in (".site-header", ".site-footer", ".sheet-tools"):
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator(".qr svg")).to_be_visible()
    expect(page.locator(".result-boxes td.box")).to_have_count(6)
    colours = page.evaluate("[getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor]")
    assert colours == ["rgb(0, 0, 0)", "rgb(255, 255, 255)"]  # even when the screen is dark


def test_a_pairings_table_row_is_never_split_across_printed_pages(live_server, page):
    event, owner, _ = make_event(players=8, stage=BEST_OF_THREE)
    round_publish(stage=event.stages.get(), by=owner)
    page.goto(live_server.url + f"/events/{event.slug}/stages/1/rounds/1/print/")
    page.emulate_media(media="print")
    rules = page.locator(".sheet-pairings tbody tr").first.evaluate(
        "tr => [getComputedStyle(tr).breakInside, getComputedStyle(tr.closest('table').tHead).display]"
    )
    assert rules == ["avoid", "table-header-group"]  # the header repeats on every page
    expect(page.locator(".sheet-pairings tbody tr")).to_have_count(4)
    assert (
        page.locator(".sheet-pairings .table-number").first.evaluate("td => parseFloat(getComputedStyle(td).fontSize)")
        >= 20
    )


def test_the_scoresheet_qr_link_opens_the_match_page_at_the_log_form(live_server, page):
    event, owner, _ = make_event(players=2, stage=BEST_OF_THREE)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    page.goto(live_server.url + f"/events/{event.slug}/matches/{match.pk}/scoresheet/")
    target = page.locator(".qr figcaption a").get_attribute("href")
    assert target == live_server.url + match.get_absolute_url() + "#attach-log"
    sign_in(page, live_server, match.seats.first().participant.user)
    page.goto(target)
    form = page.locator("#attach-log-1")
    expect(page.get_by_label("Log file")).to_be_visible()
    assert form.evaluate("d => d.open")
    box = form.bounding_box()
    assert 0 <= box["y"] < page.viewport_size["height"]  # brought into view
