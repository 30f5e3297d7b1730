"""Issue 34, small trips a person sees: an AI entrant's name is not said twice in the participant
list, and the standings' "why is one above the other" choosers start on two different people."""

import pytest
from playwright.sync_api import expect

from tests.tournament.factories import make_event
from tournament.services.registration import participant_add

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_ai_entrant_added_without_a_name_is_not_named_twice(live_server, page, misty_nim):
    event, owner, _ = make_event(players=2, start=False)
    participant_add(event=event, by=owner, ai_level="random")  # called "AI random"
    participant_add(event=event, by=owner, ai_level="random", name="Menhir Bot")
    page.goto(live_server.url + event.get_absolute_url())
    expect(page.get_by_role("cell", name="AI random", exact=True)).to_have_count(1)  # was "AI random AI random"
    expect(page.get_by_role("cell", name="AI random AI random")).to_have_count(0)
    # a chosen name keeps the tag that says what it is
    expect(page.get_by_role("cell", name="Menhir Bot AI random", exact=True)).to_have_count(1)


def test_the_why_choosers_start_on_two_people_and_explain_at_once(live_server, page, one_round_played):
    event, _, _ = one_round_played
    page.goto(live_server.url + f"/events/{event.slug}/stages/1/standings/")
    first, second = page.locator("select[name=a]"), page.locator("select[name=b]")
    assert first.input_value() != second.input_value()
    names = [chooser.evaluate("select => select.selectedOptions[0].text") for chooser in (first, second)]
    page.get_by_role("button", name="Explain").click()
    expect(page.get_by_role("status")).to_contain_text(names[0])  # "a is above b…" or "a and b are level…"
    expect(page.get_by_role("status")).to_contain_text(names[1])
