"""Print sheets for a venue: a round's pairings, a stage's standings, a match's scoresheet with a
QR code that opens the match page at its log attach form."""

import re

import pytest
import segno
from django.urls import reverse

from tests.tournament.factories import make_event, make_user
from tournament.models import Event
from tournament.services.results import game_confirm, game_report
from tournament.services.rounds import round_publish
from tournament.sheets import qr_svg, series_games

BEST_OF_THREE = {"format": "swiss", "series_length": 3, "settings": {"rounds": 2}}


def _qr_modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules (column, row) drawn by a QR code's SVG path: an independent reading of
    the picture, to compare with the code a URL should give."""
    path = re.search(r'stroke="#000" d="([^"]+)"', svg).group(1)  # the dark modules's path
    dark, x, y = set(), 0.0, 0.0
    for command, numbers in re.findall(r"([MmHh])([-\d. ]+)", path.replace("m", " m").replace("h", " h")):
        values = [float(n) for n in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:
            for column in range(int(x), int(x + values[0])):
                dark.add((column, int(y)))
            x += values[0]
    return dark


def _expected_modules(text: str, border: int = 2) -> set[tuple[int, int]]:
    matrix = segno.make(text, error="m", micro=False).matrix
    return {(c + border, r + border) for r, row in enumerate(matrix) for c, cell in enumerate(row) if cell}


@pytest.fixture
def best_of_three():
    event, owner, _ = make_event(players=4, stage=BEST_OF_THREE)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    return event, owner, round_


def test_the_qr_code_svg_draws_the_url_it_was_given_and_no_other():
    url = "https://brume.example/events/winter/matches/12/#attach-log"
    svg = qr_svg(url, title="Attach the logs")
    assert _qr_modules(svg) == _expected_modules(url)
    assert _qr_modules(svg) != _expected_modules(url.replace("12", "13"))
    assert 'viewBox="0 0 ' in svg and "<script" not in svg and "style=" not in svg
    assert 'aria-label="QR code: Attach the logs"' in svg


def test_a_scoresheet_lists_every_game_of_the_series_with_its_first_player_alternating():
    rows = series_games(3, ["ann", "bea"], [["bea", "ann"]])
    assert [(row.number, row.first_player, row.if_needed) for row in rows] == [
        (1, "bea", False),
        (2, "ann", False),
        (3, "bea", True),
    ]
    # A game already drawn keeps its real order, whatever the alternation would say.
    assert series_games(3, ["ann", "bea"], [["bea", "ann"], ["bea", "ann"]])[1].first_player == "bea"


def test_the_scoresheet_qr_code_opens_the_match_page_at_its_log_attach_form(client, best_of_three):
    event, _, round_ = best_of_three
    match = round_.matches.exclude(is_bye=True).first()
    response = client.get(reverse("match-scoresheet", args=[event.slug, match.pk]))
    html = response.content.decode()
    expected = "http://testserver" + match.get_absolute_url() + "#attach-log"
    assert response.status_code == 200
    assert _qr_modules(html[html.index("<svg") :]) == _expected_modules(expected)
    assert f'href="{expected}"' in html  # the same address written out, for who cannot scan
    names = [seat.participant.name for seat in match.seats.all()]
    assert " – ".join(names) in html
    assert html.count('class="box"') == 3 * 2  # three games, a box per player
    assert "(if needed)" in html and "<form" not in html.split('<main id="main">')[1].split("</main>")[0]


def test_the_match_page_has_the_anchor_the_qr_code_points_to(client, best_of_three):
    event, _, round_ = best_of_three
    match = round_.matches.exclude(is_bye=True).first()
    client.force_login(match.seats.first().participant.user)
    html = client.get(match.get_absolute_url()).content.decode()
    assert 'id="attach-log-1"' in html and "attach-log-anchor.js" in html
    assert reverse("match-scoresheet", args=[event.slug, match.pk]) in html


def test_a_stranger_scanning_the_code_is_asked_to_sign_in_and_comes_back_to_the_form(client, best_of_three):
    _, _, round_ = best_of_three
    match = round_.matches.exclude(is_bye=True).first()
    html = client.get(match.get_absolute_url()).content.decode()
    assert f"/accounts/login/?next={match.get_absolute_url()}%23attach-log" in html


def test_the_pairings_sheet_lists_each_table_with_its_players_in_large_type(client, best_of_three):
    event, _, round_ = best_of_three
    url = reverse("round-sheet", args=[event.slug, 1, round_.number])
    html = client.get(url).content.decode()
    assert 'class="sheet-pairings"' in html
    for match in round_.matches.all():
        names = " – ".join(seat.participant.name for seat in match.seats.all())
        assert f'<td class="table-number">{match.table}</td>' in html and names in html
    assert url in client.get(reverse("round-detail", args=[event.slug, 1, round_.number])).content.decode()
    names = sorted(p.name for p in event.participants.all())
    listed = re.findall(r"<li><span>([^<]+)</span> <b>(\d+)</b></li>", html)
    assert [name for name, _ in listed] == names  # "Find your table": every player, by name
    tables = {seat.participant.name: str(m.table) for m in round_.matches.all() for seat in m.seats.all()}
    assert all(tables[name] == table for name, table in listed)


def test_the_standings_sheet_counts_only_confirmed_results_like_the_standings_page(client):
    event, owner, _ = make_event(players=4, stage={"format": "swiss", "settings": {"rounds": 2}})
    first, second = round_publish(stage=event.stages.get(), by=owner).matches.all()[:2]
    game_report(game=first.games.get(), by=first.seats.first().participant.user, ranks=[2, 1])
    game_confirm(game=first.games.get(), by=owner)
    game_report(game=second.games.get(), by=second.seats.first().participant.user, ranks=[2, 1])  # not confirmed
    names = [p.name for p in event.participants.all()]

    def places(url):
        html = client.get(url).content.decode()
        # a name is its cell's text, or a link's within it (names link to player pages)
        return sorted(names, key=lambda name: html.index(f">{name}<"))

    sheet_url = reverse("standings-sheet", args=[event.slug, 1])
    page_url = reverse("ranking-stage-standings", args=[event.slug, 1])
    confirmed_winner = first.seats.last().participant.name
    reported_winner = second.seats.last().participant.name
    assert places(sheet_url) == places(page_url)
    assert places(sheet_url)[0] == confirmed_winner
    sheet = client.get(sheet_url).content.decode()
    points = dict(re.findall(r"<tr><td>\d+</td><td>([^<]+)</td><td>([^<]*)</td>", sheet))
    loser = first.seats.first().participant.name
    assert points[reported_winner] == points[loser] != points[confirmed_winner]  # unconfirmed: no points
    game_confirm(game=second.games.get(), by=owner)
    assert set(places(sheet_url)[:2]) == {confirmed_winner, reported_winner}  # the sheet is not stale
    assert sheet_url in client.get(page_url).content.decode()


@pytest.mark.parametrize("name", ["round-sheet", "standings-sheet", "match-scoresheet"])
def test_a_private_events_sheets_are_a_404_for_strangers(client, best_of_three, name):
    event, owner, round_ = best_of_three
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PRIVATE)
    args = {
        "round-sheet": [event.slug, 1, round_.number],
        "standings-sheet": [event.slug, 1],
        "match-scoresheet": [event.slug, round_.matches.first().pk],
    }[name]
    client.force_login(make_user())
    assert client.get(reverse(name, args=args)).status_code == 404
    client.force_login(owner)
    assert client.get(reverse(name, args=args)).status_code == 200


def test_ids_walked_to_another_event_or_a_missing_round_are_a_404(client, best_of_three):
    event, _, _ = best_of_three
    other, other_owner, _ = make_event(players=2)
    foreign = round_publish(stage=other.stages.get(), by=other_owner).matches.first()
    assert client.get(reverse("match-scoresheet", args=[event.slug, foreign.pk])).status_code == 404
    assert client.get(reverse("match-scoresheet", args=[event.slug, 10**9])).status_code == 404
    assert client.get(reverse("round-sheet", args=[event.slug, 1, 99])).status_code == 404
    assert client.get(reverse("standings-sheet", args=[event.slug, 9])).status_code == 404


def test_a_bye_has_no_scoresheet(client):
    event, owner, _ = make_event(players=3, stage=BEST_OF_THREE)
    bye = round_publish(stage=event.stages.get(), by=owner).matches.get(is_bye=True)
    assert client.get(reverse("match-scoresheet", args=[event.slug, bye.pk])).status_code == 404


def test_a_sheet_is_read_only_a_post_is_refused(client, best_of_three):
    event, _, round_ = best_of_three
    assert client.post(reverse("round-sheet", args=[event.slug, 1, round_.number])).status_code == 405
