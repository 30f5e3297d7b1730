"""Pages and API: standings with explanations, leaderboards with filters, player profiles."""

from datetime import date, timedelta

import pytest

from ranking.charts import Point, rating_history_svg
from ranking.models import Rating
from tests.ranking.events import confirm, make_event, play_round
from tournament.models import Event
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.ranking.urls")]


@pytest.fixture(autouse=True)
def _game(misty_nim):
    """Pages run on the test game."""


@pytest.fixture
def played(one_round_played):
    return one_round_played


def test_the_standings_page_shows_each_number_with_its_working_and_answers_why(client, played):
    event, _, participants = played
    a, b = participants[0].pk, participants[1].pk
    response = client.get(f"/events/{event.slug}/stages/1/standings/?a={a}&b={b}")
    text = response.content.decode()
    assert response.status_code == 200
    assert "<details><summary>1</summary>" in text and "R1 1" in text
    assert 'class="why"' in text


def test_a_private_events_standings_are_hidden_from_strangers(client, played):
    event, _, _ = played
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PRIVATE)
    assert client.get(f"/events/{event.slug}/stages/1/standings/").status_code == 404
    assert client.get(f"/api/v1/events/{event.slug}/stages/1/standings/").status_code == 404


def test_the_standings_api_gives_values_details_and_why(client, played):
    event, _, participants = played
    a, b = participants[0].pk, participants[1].pk
    body = client.get(f"/api/v1/events/{event.slug}/stages/1/standings/?why={a},{b}").json()
    assert [c["key"] for c in body["columns"]] == ["match_points", "buchholz"]
    assert body["rows"][0]["values"]["match_points"]["shown"] == "1"
    assert body["why"].startswith(tuple(p.name for p in participants))
    assert client.get(f"/api/v1/events/{event.slug}/stages/1/standings/?why=x").status_code == 400


def test_the_leaderboard_filters_by_minimum_games_and_activity(client, played):
    response = client.get("/ratings/misty-nim/")
    assert response.status_code == 200 and response.content.decode().count("<tr>") == 5
    assert "Nobody matches" in client.get("/ratings/misty-nim/?min_games=2").content.decode()
    Rating.objects.update(last_played=date.today() - timedelta(days=100))
    assert "Nobody matches" in client.get("/ratings/misty-nim/?active=30").content.decode()
    body = client.get("/api/v1/ratings/misty-nim/?active=365").json()
    assert body["count"] == 4 and body["results"][0]["position"] == 1
    assert body["results"][0]["rating"] >= body["results"][-1]["rating"]
    assert client.get("/api/v1/ratings/misty-nim/?established=1").json()["count"] == 0


def test_the_player_profile_draws_the_rating_history_and_lists_results(client, played):
    _, _, participants = played
    username = participants[0].user.username
    text = client.get(f"/ratings/players/{username}/").content.decode()
    assert "<svg" in text and "polyline" in text
    assert "<td>won</td>" in text or "<td>lost</td>" in text
    body = client.get(f"/api/v1/ratings/players/{username}/").json()
    assert body["ratings"][0]["pool"]["slug"] == "misty-nim"
    assert len(body["ratings"][0]["history"]) == 1 and body["results"][0]["seats"] == 2
    assert client.get("/ratings/players/nobody-here/").status_code == 404


def test_the_pool_list_names_every_pool(client, played):
    assert "Misty Nim (test game)" in client.get("/ratings/").content.decode()
    assert client.get("/api/v1/ratings/").json()[0]["system"] == "glicko2"


def test_the_rating_chart_escapes_names_and_says_where_the_rating_went():
    svg = rating_history_svg([Point(date(2025, 1, 6), 1500, 350), Point(date(2025, 1, 13), 1620, 200)], "<Bob>")
    assert "&lt;Bob&gt;" in svg and "<Bob>" not in svg
    assert "from 1500 on 2025-01-06 to 1620 on 2025-01-13" in svg
    assert "No rated game yet" in rating_history_svg([], "x")


def test_a_pending_round_does_not_count_until_its_games_are_confirmed(client, played):
    event, owner, _ = played
    round_ = round_publish(stage=event.stages.get(), by=owner)
    body = client.get(f"/api/v1/events/{event.slug}/stages/1/standings/").json()
    assert sum(float(r["values"]["match_points"]["shown"]) for r in body["rows"]) == 2
    confirm(round_.matches.filter(is_bye=False).first().games.get(), [1, 2])
    body = client.get(f"/api/v1/events/{event.slug}/stages/1/standings/").json()
    assert sum(float(r["values"]["match_points"]["shown"]) for r in body["rows"]) == 3


def _round_on(stage, owner, when, decide):
    """Publish the next round as if on ``when`` and play it."""
    from tournament.models import Round, SeriesGame

    round_ = round_publish(stage=stage, by=owner)
    Round.objects.filter(pk=round_.pk).update(published_at=when)
    for match in round_.matches.filter(is_bye=False):
        for game in match.games.exclude(status=SeriesGame.Status.CONFIRMED).order_by("number"):
            match.refresh_from_db()
            if match.status != "completed":
                confirm(game, *decide(game.seat_order))
    return round_


def test_the_rating_chart_dates_its_dots_by_the_games_one_per_rating_period(client, django_capture_on_commit_callbacks):
    from datetime import UTC, datetime

    event, owner, participants = make_event(players=2, stage={"format": "swiss", "settings": {"rounds": 2}})
    stage = event.stages.get()
    with django_capture_on_commit_callbacks(execute=True):
        _round_on(stage, owner, datetime(2026, 3, 4, 15, 0, tzinfo=UTC), lambda order: ([1, 2], None))  # a Wednesday
    with django_capture_on_commit_callbacks(execute=True):
        _round_on(stage, owner, datetime(2026, 3, 12, 15, 0, tzinfo=UTC), lambda order: ([2, 1], None))  # next week
    text = client.get(f"/ratings/players/{participants[0].user.username}/").content.decode()
    assert text.count("<circle") == 2
    assert "<title>2026-03-04: " in text and "<title>2026-03-12: " in text
    assert "2026-03-02" not in text and "2026-03-09" not in text  # not the Mondays the weeks start on


def test_a_games_day_is_the_sites_day_not_utcs(client, settings, django_capture_on_commit_callbacks):
    from datetime import UTC, datetime

    settings.TIME_ZONE = "Europe/Paris"
    event, owner, participants = make_event(players=2)
    with django_capture_on_commit_callbacks(execute=True):  # 00:30 in Paris on the 5th
        _round_on(event.stages.get(), owner, datetime(2026, 3, 4, 23, 30, tzinfo=UTC), lambda order: ([1, 2], None))
    text = client.get(f"/ratings/players/{participants[0].user.username}/").content.decode()
    assert "<title>2026-03-05: " in text and "<td>2026-03-05</td>" in text


def test_a_drawn_game_reads_draw_on_the_player_page(client, django_capture_on_commit_callbacks):
    event, owner, participants = make_event(players=2)
    with django_capture_on_commit_callbacks(execute=True):
        play_round(event.stages.get(), owner, lambda order: ([1, 1], None))
    text = client.get(f"/ratings/players/{participants[0].user.username}/").content.decode()
    assert "<td>draw</td>" in text and "1 of 2" not in text
    body = client.get(f"/api/v1/ratings/players/{participants[0].user.username}/").json()
    assert body["results"][0]["result"] == "draw"


def test_a_place_at_a_table_reads_as_an_ordinal_and_says_ties():
    from ranking.selectors import PlayerResult

    def place(rank, seats, tied=False):
        return PlayerResult(None, date(2026, 1, 1), "", "", [], rank, seats, None, tied).place

    assert place(1, 2) == "won" and place(2, 2) == "lost" and place(1, 2, tied=True) == "draw"
    assert place(2, 4, tied=True) == "tied 2nd of 4" and place(3, 4) == "3rd of 4" and place(11, 12) == "11th of 12"
