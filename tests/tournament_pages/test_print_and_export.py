"""Issue 34: the event page and each round page offer Print and Export menus listing only what the
reader may have; the match page leads to its round's page. Every link a menu offers answers
200 to the reader it was offered to."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournament.factories import make_event
from tests.tournament_api.world import build_world
from tournament.models import Match
from tournament.services.results import game_confirm, game_report
from tournament.services.rounds import round_publish


def _menu(html: str, name: str) -> dict[str, str]:
    """The links of the menu whose summary reads ``name``: {label: address}."""
    found = re.search(r"<summary>" + re.escape(name) + r"</summary>\s*<ul>(.*?)</ul>", html, re.S)
    if found is None:
        return {}
    return {
        re.sub(r"\s+", " ", label).strip(): url.replace("&amp;", "&")
        for url, label in re.findall(r'<a href="([^"]+)"[^>]*>(.*?)</a>', found.group(1), re.S)
    }


def _every_link_answers(client, menus: dict[str, str]) -> None:
    for label, url in menus.items():
        response = client.get(url.split("#")[0])
        assert response.status_code == 200, (label, url, response.status_code)


@pytest.fixture
def swiss_round():
    event, owner, _ = make_event(players=4, stage={"format": "swiss", "settings": {"rounds": 3}})
    round_ = round_publish(stage=event.stages.get(), by=owner)
    return event, owner, round_


def test_the_event_page_menus_list_the_sheets_and_files_of_the_latest_round(client, swiss_round):
    event, _, _round = swiss_round
    html = client.get(event.get_absolute_url()).content.decode()
    prints, exports = _menu(html, "Print"), _menu(html, "Export")
    slug = event.slug
    assert prints["Pairings: Main, round 1"] == reverse("round-sheet", args=[slug, 1, 1])
    assert prints["Standings: Main"] == reverse("standings-sheet", args=[slug, 1])
    assert prints["Scoresheets: Main, round 1 (on the round&#x27;s page)"].startswith(
        reverse("round-detail", args=[slug, 1, 1])
    )
    assert exports == {
        "Pairings: Main, round 1 (CSV)": reverse("api-round-pairings-csv", args=[slug, 1, 1]),
        "Standings: Main (CSV)": reverse("api-stage-standings-csv", args=[slug, 1]),
        "Tournament report, TRF: Main": reverse("api-stage-trf", args=[slug, 1]),
        "Results of every round (CSV)": reverse("api-event-results-csv", args=[slug]),
        "Calendar of the rounds (ICS)": reverse("event-calendar", args=[slug]),
    }
    assert 'aria-label="Print and export"' in html
    _every_link_answers(client, prints | exports)
    # and the round's heading leads to its page
    assert f'<a href="{reverse("round-detail", args=[slug, 1, 1])}">Round 1</a>' in html


def test_the_round_page_menus_list_each_tables_scoresheet_and_the_files(client, swiss_round):
    event, _, round_ = swiss_round
    html = client.get(reverse("round-detail", args=[event.slug, 1, 1])).content.decode()
    prints, exports = _menu(html, "Print"), _menu(html, "Export")
    tables = round_.matches.filter(is_bye=False).order_by("table")
    assert list(prints) == [
        "Pairings",
        *(f"Scoresheet: table {match.table}" for match in tables),
        "Standings: Main",
    ]
    assert prints["Scoresheet: table 1"] == reverse("match-scoresheet", args=[event.slug, tables[0].pk])
    assert list(exports) == [
        "Pairings (CSV)",
        "Standings: Main (CSV)",
        "Tournament report, TRF: Main",
        "Results of every round (CSV)",
        "Calendar of the rounds (ICS)",
    ]
    assert "download>Pairings (CSV)" in html  # files download; sheets open as pages
    _every_link_answers(client, prints | exports)


def test_an_event_without_rounds_offers_its_calendar_only(client):
    event, _, _ = make_event(players=4, start=False)
    html = client.get(event.get_absolute_url()).content.decode()
    assert _menu(html, "Print") == {}
    assert _menu(html, "Export") == {"Calendar of the rounds (ICS)": reverse("event-calendar", args=[event.slug])}


def test_a_round_robin_offers_no_trf(client):
    event, owner, _ = make_event(players=4, stage={"format": "round_robin"})
    round_publish(stage=event.stages.get(), by=owner)
    for url in (event.get_absolute_url(), reverse("round-detail", args=[event.slug, 1, 1])):
        exports = _menu(client.get(url).content.decode(), "Export")
        assert exports and not any("TRF" in label for label in exports), url


@pytest.fixture
def silent_world():
    world = build_world(stage={"format": "swiss", "settings": {"rounds": 3, "silent": True}})
    game = game_report(game=world.game, by=world.users["player"], ranks=[1, 2])
    game_confirm(game=game, by=world.users["opponent"])
    world.match.refresh_from_db()
    assert world.match.status == Match.Status.COMPLETED
    return world


@pytest.mark.parametrize("actor", ["anonymous", "stranger", "other", "owner"])
def test_a_silent_round_offers_the_trf_to_organisers_only_and_every_link_answers(client, silent_world, actor):
    if silent_world.users[actor]:
        client.force_login(silent_world.users[actor])
    for url in (silent_world.event.get_absolute_url(), reverse("round-detail", args=[silent_world.event.slug, 1, 1])):
        html = client.get(url).content.decode()
        prints, exports = _menu(html, "Print"), _menu(html, "Export")
        assert any("TRF" in label for label in exports) == (actor == "owner"), (actor, url)
        _every_link_answers(client, prints | exports)


def test_the_standings_sheet_keeps_a_silent_rounds_results_hidden_as_the_standings_page_does(client, silent_world):
    url = reverse("standings-sheet", args=[silent_world.event.slug, 1])
    winner = silent_world.participant("player").name

    def points_of(html: str) -> str:
        row = next(row for row in html.split("<tr") if winner in row)
        return re.findall(r"<td[^>]*>([^<]*)</td>", row)[2]

    assert points_of(client.get(url).content.decode()) == "0"
    client.force_login(silent_world.users["owner"])
    assert points_of(client.get(url).content.decode()) == "1"


def test_the_match_page_leads_to_its_round_page(client, swiss_round):
    event, _, round_ = swiss_round
    match = round_.matches.filter(is_bye=False).first()
    html = client.get(match.get_absolute_url()).content.decode()
    assert f'<a href="{reverse("round-detail", args=[event.slug, 1, 1])}">Main, round 1</a>' in html
