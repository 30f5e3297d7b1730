"""Requests that arrive at the same instant, from separate connections (threads): one consistent
result, an explicit dispute, or a clear refusal — never a lost write or a duplicate round.
Runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from tests.tournament.factories import make_event
from tournament.models import Match, ResultEntry, Round, SeriesGame

from .world import build_world


def at_once(*requests) -> list:
    """Run each request (a function of a fresh client) in its own thread, released together."""
    barrier = threading.Barrier(len(requests))
    results: list = [None] * len(requests)

    def run(index, request):
        try:
            client = APIClient()
            barrier.wait()
            results[index] = request(client)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, r)) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def signed_in(user, method: str, url: str, body: dict | None = None, **headers):
    def request(client):
        client.force_login(user)
        return getattr(client, method)(url, body or {}, format="json", **headers).status_code

    return request


@pytest.mark.django_db(transaction=True)
def test_two_writes_on_the_same_version_one_wins_the_other_is_told(misty_nim):
    world = build_world()
    etag = f'"game-{world.game.pk}-v0"'
    url = world.game_url("api-series-game-report")
    codes = at_once(
        signed_in(world.users["player"], "post", url, {"ranks": [1, 2]}, HTTP_IF_MATCH=etag),
        signed_in(world.users["opponent"], "post", url, {"ranks": [2, 1]}, HTTP_IF_MATCH=etag),
    )
    assert sorted(codes) == [200, 412]
    assert ResultEntry.objects.filter(game=world.game).count() == 1
    assert world.game.status == SeriesGame.Status.REPORTED


@pytest.mark.django_db(transaction=True)
def test_two_different_reports_at_once_end_in_an_explicit_dispute(misty_nim):
    world = build_world()
    url = world.game_url("api-series-game-report")
    codes = at_once(
        signed_in(world.users["player"], "post", url, {"ranks": [1, 2]}),
        signed_in(world.users["opponent"], "post", url, {"ranks": [2, 1]}),
    )
    assert codes == [200, 200]
    game = world.game
    assert game.status == SeriesGame.Status.DISPUTED and game.version == 2
    assert sorted(entry.ranks for entry in game.ledger.all()) == [[1, 2], [2, 1]]


@pytest.mark.django_db(transaction=True)
def test_a_double_click_on_publish_stores_the_round_once(misty_nim):
    event, owner, _ = make_event(players=4)
    url = f"/api/v1/events/{event.slug}/stages/1/rounds/"
    codes = at_once(*[signed_in(owner, "post", url, {"number": 1}) for _ in range(2)])
    assert sorted(codes) == [201, 409]
    assert Round.objects.filter(stage__event=event).count() == 1
    assert Match.objects.filter(round__stage__event=event).count() == 2
