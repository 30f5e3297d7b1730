"""Large events stay readable: the event page shows a big stage's latest round (the others have
their own pages) and the top of the standings; the standings page comes in pages."""

import re

import pytest
from django.urls import reverse

from tests.tournament.factories import make_event
from tests.tournament.test_rounds import finish_round
from tournament import selectors
from tournament.services.rounds import round_publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def played_swiss():
    event, owner, people = make_event(players=12, stage={"format": "swiss", "settings": {"rounds": 3}})
    stage = event.stages.get()
    for _ in range(2):
        finish_round(round_publish(stage=stage, by=owner))
    round_publish(stage=stage, by=owner)
    return event, people


def _round_headings(html: str) -> list[str]:
    """The rounds shown in full: their headings (each a link to the round's page)."""
    return re.findall(r"<h3>(?:<a [^>]*>)?(Round \d+)(?:</a>)?</h3>", html)


def test_a_large_stage_shows_its_latest_round_and_links_the_earlier_ones(client, monkeypatch, played_swiss, settings):
    event, _ = played_swiss
    small = client.get(event.get_absolute_url()).content.decode()
    assert _round_headings(small) == ["Round 1", "Round 2", "Round 3"]  # 18 tables: every round shown
    monkeypatch.setattr(selectors, "ROUNDS_SHOWN_IN_FULL", 10)
    settings.BRUME_DERIVED_CACHE_NAMESPACE = "after-the-limit-changed"  # as a restarted site: nothing kept
    large = client.get(event.get_absolute_url()).content.decode()
    assert _round_headings(large) == ["Round 3"]
    for number in (1, 2):
        assert reverse("round-detail", args=[event.slug, 1, number]) in large
    round_page = client.get(reverse("round-detail", args=[event.slug, 1, 1])).content.decode()
    assert "Main, round 1" in round_page and round_page.count("<tr>") == 7  # a header and six tables
    assert client.get(reverse("round-detail", args=[event.slug, 1, 9])).status_code == 404


def test_the_event_page_shows_the_top_ten_of_the_standings(client, played_swiss):
    event, _ = played_swiss
    page = client.get(event.get_absolute_url()).content.decode()
    assert "… and 2 more." in page


def test_the_standings_page_comes_in_pages(client, monkeypatch, played_swiss):
    from ranking import views

    event, _ = played_swiss
    monkeypatch.setattr(views, "STANDINGS_PER_PAGE", 5)
    url = reverse("ranking-stage-standings", args=[event.slug, 1])
    first = client.get(url).content.decode()
    assert "Places 1–5 of 12." in first and "?page=2" in first
    last = client.get(url + "?page=3").content.decode()
    assert "Places 11–12 of 12." in last and "?page=2" in last and "?page=4" not in last


def test_a_long_participant_list_is_folded_and_a_short_one_is_not(client):
    crowded, _, _ = make_event(players=33)
    assert "<summary>All 33 participants</summary>" in client.get(crowded.get_absolute_url()).content.decode()
    small, _, _ = make_event(players=4)
    assert "participants</summary>" not in client.get(small.get_absolute_url()).content.decode()
