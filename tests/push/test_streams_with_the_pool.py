"""Many open streams with the web process's connection pool on (PostgreSQL): an open stream
holds no pooled connection, so forty streams on a pool of four all open and hear moves, and the
pages and moves of the same process still get their connections."""

from __future__ import annotations

import asyncio

import pytest
from django.contrib.auth.models import AnonymousUser

from bench.sse import http_request, open_stream
from games.models import LiveGame
from tests.async_runner import run_async
from tests.push.conftest import session_cookie
from tests.push.pool import pool_stats, small_pool
from tests.push.test_push_over_asgi import carnac_between, events_path, first_legal_move, play
from tests.tournament.factories import make_user

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

POOL_MAX = 4
GAMES = 4
SPECTATORS = 8  # per game, besides its two seats: 40 streams in all


def test_forty_streams_on_a_pool_of_four_open_hear_moves_and_leave_connections_for_pages(asgi_server, client, settings):
    settings.BRUME_PUSH_URL = None  # the in-process hub
    settings.BRUME_PUSH_MAX_PER_ADDRESS = 1000  # every stream of the test comes from 127.0.0.1
    games = []
    for n in range(GAMES):
        first, second = make_user(f"seat{n}a"), make_user(f"seat{n}b")
        live = carnac_between(first, second)
        assert LiveGame.objects.filter(pk=live.pk).exists()
        games.append((live, first, second))
    cookies = {}
    for _live, first, second in games:
        for person in (first, second):
            cookies[person.pk] = session_cookie(client, person)
    watchers = [make_user(f"watcher{n}") for n in range(4)]  # signed-in spectators, then anonymous ones
    for person in watchers:
        cookies[person.pk] = session_cookie(client, person)
    moves = [first_legal_move(live, first) for live, first, _ in games]
    assert all(live_games_visible(live) for live, _, _ in games)

    async def scenario():
        openings = []
        for index, (live, first, second) in enumerate(games):
            path = events_path(live)
            viewers = [cookies[first.pk], cookies[second.pk]]
            viewers += [cookies[watchers[(index + k) % len(watchers)].pk] for k in range(SPECTATORS // 2)]
            viewers += [{}] * (SPECTATORS - SPECTATORS // 2)
            openings += [open_stream(asgi_server.host, asgi_server.port, path, viewer) for viewer in viewers]
        streams = await asyncio.wait_for(asyncio.gather(*openings), 60)  # all at once: a round's pairings out
        statuses = [stream.status for stream in streams]
        firsts = await asyncio.gather(*(stream.next_event() for stream in streams))
        await asyncio.sleep(0.3)
        in_use = pool_stats()
        # With forty streams open, a page and a move still get a connection at once.
        live, first, _ = games[0]
        page = await asyncio.wait_for(
            http_request(asgi_server.host, asgi_server.port, "GET", f"/play/{live.public_id}/", cookies[first.pk]), 5
        )
        played = [
            await asyncio.to_thread(play_and_give_back, client, first, live, move)
            for (live, first, _), move in zip(games, moves)
        ]
        heard = await asyncio.gather(*(stream.next_event(timeout=10) for stream in streams))
        for stream in streams:
            stream.close()
        return statuses, firsts, in_use, page[0], played, heard

    with small_pool(max_size=POOL_MAX, timeout=3.0):
        statuses, firsts, in_use, page, played, heard = run_async(scenario())

    assert statuses == [200] * len(statuses) and len(statuses) == GAMES * (2 + SPECTATORS)
    assert all(event == {"version": 0, "status": "playing", "id": "0"} for event in firsts)
    assert in_use["pool_size"] - in_use["pool_available"] == 0, in_use  # no stream holds a connection
    assert page == 200
    assert played == [200] * GAMES
    assert all(event == {"version": 1, "status": "playing", "id": "1"} for event in heard)


def play_and_give_back(client, user, live, move) -> int:
    """A move through the page (Django's test client, which keeps its connection: given back)."""
    from django.db import connection

    try:
        return play(client, user, live, move, 0)
    finally:
        connection.close()


def live_games_visible(live) -> bool:
    from games.selectors import live_game_for_viewer

    return live_game_for_viewer(live.public_id, AnonymousUser()) is not None
