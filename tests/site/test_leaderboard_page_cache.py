"""A rating pool's leaderboard kept for anonymous readers per version of the pool
(ranking/page_cache.py, ranking/cache.py): a repeat renders nothing, and what the page shows —
the ratings a rated game stores, the pool's name, a player's name and the username its link
uses — shows at once when it changes."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from ranking import services
from ranking.models import Player, Rating, RatingPool
from ranking.services import pool_recompute
from tests.ranking.events import confirm
from tournament.models import SeriesGame
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.ranking.urls")]
URL = "/ratings/misty-nim/"
ANY_TOKEN = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")\w+')
RECORD = re.compile(r"<td>(\d+)–(\d+)–(\d+)</td>")


@pytest.fixture
def rated(one_round_played):
    return one_round_played  # its games rated by then (tasks run in-process)


def _read(url=URL, client=None) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as captured:
        response = (client or Client()).get(url)
    assert response.status_code == 200
    return len(captured.captured_queries), response.content.decode()


def test_a_repeated_anonymous_leaderboard_renders_nothing(rated):
    first_count, first = _read()
    again_count, again = _read()
    assert again_count <= 1 < first_count  # the pool's id by its slug
    assert ANY_TOKEN.sub("", again) == ANY_TOKEN.sub("", first)


def test_a_rated_game_shows_at_once(rated, django_capture_on_commit_callbacks):
    event, owner, _ = rated
    _, before = _read()
    assert {sum(map(int, found)) for found in RECORD.findall(before)} == {1}  # one game each
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
        for game in SeriesGame.objects.filter(match__round=round_, match__is_bye=False):
            confirm(game, [1, 2])
    _, after = _read()
    assert set(Rating.objects.values_list("games", flat=True)) == {2}
    assert {sum(map(int, found)) for found in RECORD.findall(after)} == {2}


def test_a_recomputation_shows_at_once(rated, django_capture_on_commit_callbacks, monkeypatch):
    """Ratings are stored in bulk (no signal): the recomputation says so itself."""
    _read()
    pool = RatingPool.objects.get()

    def stored_in_bulk(pool, states, affected):
        Rating.objects.filter(pool=pool).update(rating=1234.0)

    monkeypatch.setattr(services, "_store_ratings", stored_in_bulk)
    with django_capture_on_commit_callbacks(execute=True):
        pool_recompute(pool=pool, since=10**6)  # nothing to replay: the stub alone writes
    assert _read()[1].count("<td>1234") == 4  # provisional ones end with ?


def test_a_renamed_pool_or_player_shows_at_once(rated, django_capture_on_commit_callbacks):
    _read()
    pool = RatingPool.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        pool.name = "Misty Nim, renamed"
        pool.save()
    assert "Misty Nim, renamed" in _read()[1]
    player = Player.objects.filter(user__isnull=False).first()
    with django_capture_on_commit_callbacks(execute=True):
        player.name = "Somebody Else"
        player.save()
    assert "Somebody Else" in _read()[1]
    user = player.user
    with django_capture_on_commit_callbacks(execute=True):
        user.username = "renamed-account"
        user.save()
    assert "/ratings/players/renamed-account/" in _read()[1]


def test_a_deleted_player_leaves_the_leaderboard_at_once(rated, django_capture_on_commit_callbacks):
    _, before = _read()
    player = Player.objects.filter(user__isnull=False).first()
    assert f">{player.name}<" in before
    with django_capture_on_commit_callbacks(execute=True):
        player.delete()  # its ratings go with it
    assert f">{player.name}<" not in _read()[1]


def test_filters_and_signed_in_readers_are_rendered_every_time(rated, django_user_model):
    _read()
    assert _read(URL + "?min_games=1")[0] > 1
    member = Client()
    member.force_login(django_user_model.objects.create_user("reader", password="x" * 12))
    count, text = _read(client=member)
    assert count > 1 and "reader" in text


API = "/api/v1/ratings/misty-nim/"


def test_the_api_leaderboard_is_rendered_once_per_version_of_the_pool(rated, django_capture_on_commit_callbacks):
    first_count, first = _read(API)
    again_count, again = _read(API)
    assert again_count < first_count and again == first
    player = Player.objects.filter(user__isnull=False).first()
    with django_capture_on_commit_callbacks(execute=True):
        player.name = "Somebody Else"
        player.save()
    assert "Somebody Else" in _read(API)[1]


def test_the_api_leaderboards_next_link_names_the_address_asked(rated):
    body = Client().get(API + "?page_size=2").json()
    assert body["next"] == "http://testserver/api/v1/ratings/misty-nim/?page=2&page_size=2"
    other = Client(HTTP_HOST="localhost").get(API + "?page_size=2").json()
    assert other["next"].startswith("http://localhost/") and other["results"] == body["results"]
    assert Client().get(API + "?page=2&page_size=2").json()["previous"].endswith("?page_size=2")


def test_the_api_leaderboards_filters_and_odd_pages_are_answered_anew(rated):
    _read(API)
    Rating.objects.update(games=7)  # bulk, no signal: only an answer computed anew shows it
    assert Client().get(API + "?min_games=7").json()["count"] == 4
    assert Client().get(API + "?page=1&page=1").json()["results"][0]["games"] == 7
    assert Client().get(API + "?page=99").status_code == 404
