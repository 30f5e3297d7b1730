"""Twin states and live push: two games that differ only in what a seat cannot see send that
seat, and spectators, byte-identical event streams while the same public moves are played."""

from __future__ import annotations

import asyncio

import pytest
from django.urls import reverse

from bench.sse import open_stream
from games.engines import get_engine
from games.live import live_view
from games.models import LiveGame
from tests.async_runner import run_async
from tests.hidden.twins import make_live, record_forms
from tests.push.conftest import asgi_server, session_cookie  # noqa: F401  (the fixture)
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)

SETUP_1 = "Qd1,Wb2,Wd2,Wf2"
TWIN_SETUPS = ("Qd7,Wb6,Wd6,Wf6", "Qd6,Wb6,Wd7,Wf6")  # an enemy queen and watcher swapped in the mist


def play_as(client, user, live) -> str:
    """``user`` plays their first legal move (from their view) through the page."""
    client.force_login(user)
    live = LiveGame.objects.get(pk=live.pk)
    move = live_view(live, user).moves[0]
    response = client.post(reverse("live-game", args=[live.public_id]), {"move": move, "version": live.version})
    assert response.status_code == 200
    return move


def raw_blocks(stream, count):
    async def read():
        return [await stream.next_block(timeout=5) for _ in range(count)]

    return read()


def test_brouillard_twins_push_the_same_stream_to_the_seat_and_to_spectators(asgi_server, client, settings):  # noqa: F811
    settings.BRUME_PUSH_URL = None
    engine = get_engine("brouillard")
    users = make_user(), make_user()
    lives = []
    for setup_2 in TWIN_SETUPS:
        state, records = record_forms("brouillard", engine.setup(), [SETUP_1, setup_2, "d2d4", "b6a6"])
        lives.append(make_live("brouillard", users, records=records))
    assert engine.to_move(state) == 0
    cookie = session_cookie(client, users[0])

    async def twin(live):
        path = reverse("live-game-events", args=[live.public_id])
        streams = [
            await open_stream(asgi_server.host, asgi_server.port, path, cookie),  # seat 0
            await open_stream(asgi_server.host, asgi_server.port, path),  # a spectator
        ]
        opened = [await raw_blocks(s, 2) for s in streams]
        mine = await asyncio.to_thread(play_as, client, users[0], live)
        after_mine = [await raw_blocks(s, 1) for s in streams]
        await asyncio.to_thread(play_as, client, users[1], live)  # may differ: seat 0 cannot tell
        after_theirs = [await raw_blocks(s, 1) for s in streams]
        for s in streams:
            s.close()
        return mine, [a + b + c for a, b, c in zip(opened, after_mine, after_theirs)]

    first, second = (run_async(twin(live)) for live in lives)
    assert first[0] == second[0]  # seat 0 was offered the same move in both
    assert first[1] == second[1]
    assert first[1][0] == [
        {"retry": "3000"},
        {"id": "4", "data": '{"version":4,"status":"playing"}'},
        {"id": "5", "data": '{"version":5,"status":"playing"}'},
        {"id": "6", "data": '{"version":6,"status":"playing"}'},
    ]


def test_an_event_says_nothing_but_the_version_and_the_status():
    from games.push.events import LiveEvent

    assert set(LiveEvent("id", 1, "playing").data()) == {"version", "status"}
