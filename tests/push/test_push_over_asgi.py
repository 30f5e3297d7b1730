"""Live pushes through a real ASGI server: a move by one seat reaches the other seat's stream,
a reconnecting page is resynchronised by version, and what an attacker asks gets nothing."""

from __future__ import annotations

import asyncio

import pytest
from django.urls import reverse

from bench.sse import open_stream
from games.live import live_create
from games.models import LiveGame
from tests.async_runner import in_thread, run_async
from tests.push.conftest import session_cookie
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def carnac_between(first, second) -> LiveGame:
    return live_create(
        game="carnac",
        seats=[{"name": "Ann", "player": f"user:{first.pk}"}, {"name": "Bo", "player": f"user:{second.pk}"}],
        options={"board": "small"},
        seed=5,
    )


def first_legal_move(live, user) -> str:
    from games.live import live_view

    return live_view(LiveGame.objects.get(pk=live.pk), user).moves[0]


def play(client, user, live, move: str, version: int) -> int:
    """``user`` plays ``move`` through the page, as a browser would; the response's status."""
    client.force_login(user)
    return client.post(reverse("live-game", args=[live.public_id]), {"move": move, "version": version}).status_code


def events_path(live) -> str:
    return reverse("live-game-events", args=[live.public_id])


def test_a_move_by_one_seat_reaches_the_other_seats_stream(asgi_server, client, settings):
    settings.BRUME_PUSH_URL = None  # embedded: the in-process hub
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    move = first_legal_move(live, ann)
    bo_cookie = session_cookie(client, bo)

    async def scenario():
        stream = await open_stream(asgi_server.host, asgi_server.port, events_path(live), bo_cookie)
        assert stream.status == 200 and stream.headers["content-type"].startswith("text/event-stream")
        assert (await stream.next_block())["retry"] == "3000"
        assert await stream.next_event() == {"version": 0, "status": "playing", "id": "0"}
        assert await asyncio.to_thread(play, client, ann, live, move, 0) == 200
        event = await stream.next_event(timeout=5)
        stream.close()
        return event

    assert run_async(scenario()) == {"version": 1, "status": "playing", "id": "1"}


def test_a_reconnecting_page_gets_the_current_version_only_if_it_missed_it(asgi_server, client, settings):
    settings.BRUME_PUSH_URL = None
    settings.BRUME_PUSH_HEARTBEAT_SECONDS = 0.2
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    LiveGame.objects.filter(pk=live.pk).update(version=7, revision=7)
    cookie = session_cookie(client, bo)

    async def scenario():
        behind = await open_stream(
            asgi_server.host, asgi_server.port, events_path(live), {**cookie, "Last-Event-ID": "5"}
        )
        await behind.next_block()
        missed = await behind.next_event()
        behind.close()
        current = await open_stream(
            asgi_server.host, asgi_server.port, events_path(live), {**cookie, "Last-Event-ID": "7"}
        )
        blocks = [await current.next_block() for _ in range(2)]
        current.close()
        return missed, blocks

    missed, blocks = run_async(scenario())
    assert missed == {"version": 7, "status": "playing", "id": "7"}
    assert blocks == [{"retry": "3000"}, {"comment": "keep-alive"}]  # nothing to catch up: a heartbeat


def test_a_finished_game_tells_an_up_to_date_page_to_stop_asking(asgi_server, client, settings):
    settings.BRUME_PUSH_URL = None
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    LiveGame.objects.filter(pk=live.pk).update(version=9, revision=9, status=LiveGame.Status.FINISHED)
    cookie = session_cookie(client, ann)

    async def scenario():
        late = await open_stream(
            asgi_server.host, asgi_server.port, events_path(live), {**cookie, "Last-Event-ID": "8"}
        )
        blocks = await late.rest()
        done = await open_stream(
            asgi_server.host, asgi_server.port, events_path(live), {**cookie, "Last-Event-ID": "9"}
        )
        return blocks, done.status

    blocks, status = run_async(scenario())
    assert blocks == [{"retry": "3000"}, {"id": "9", "data": '{"version":9,"status":"finished"}'}]
    assert status == 204


def test_a_game_the_viewer_may_not_see_is_not_found_and_holds_no_slot(asgi_server, client, settings):
    from games.push.limits import LIMITS

    settings.BRUME_PUSH_URL = None

    async def scenario():
        unknown = await open_stream(asgi_server.host, asgi_server.port, "/play/aaaaaaaaaaaaaaaa/events/")
        return unknown.status

    assert run_async(scenario()) == 404
    assert LIMITS.total == 0


def test_a_forged_last_event_id_is_ignored(asgi_server, client, settings):
    settings.BRUME_PUSH_URL = None
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    cookie = session_cookie(client, ann)

    async def scenario():
        stream = await open_stream(
            asgi_server.host, asgi_server.port, events_path(live), {**cookie, "Last-Event-ID": "-1; DROP"}
        )
        await stream.next_block()
        event = await stream.next_event()
        stream.close()
        return stream.status, event

    assert run_async(scenario()) == (200, {"version": 0, "status": "playing", "id": "0"})


def test_streams_beyond_the_cap_per_address_are_refused_and_slots_come_back(asgi_server, client, settings):
    from games.push.limits import LIMITS

    settings.BRUME_PUSH_URL = None
    settings.BRUME_PUSH_MAX_PER_ADDRESS = 2
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    cookie = session_cookie(client, ann)

    async def scenario():
        held = [await open_stream(asgi_server.host, asgi_server.port, events_path(live), cookie) for _ in range(2)]
        refused = await open_stream(asgi_server.host, asgi_server.port, events_path(live), cookie)
        for stream in held:
            stream.close()
        for _ in range(100):  # the server notices the disconnections
            if LIMITS.total == 0:
                break
            await asyncio.sleep(0.05)
        again = await open_stream(asgi_server.host, asgi_server.port, events_path(live), cookie)
        again.close()
        return [s.status for s in held], refused.status, refused.headers.get("retry-after"), again.status

    assert run_async(scenario()) == ([200, 200], 429, "30", 200)


@pytest.mark.django_db(transaction=True)  # the requests run in a thread of their own (in_thread)
def test_the_stream_under_wsgi_answers_once_and_asks_for_a_slow_retry(client):
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    client.force_login(bo)
    response = in_thread(lambda: client.get(events_path(live)))
    assert response.status_code == 200
    assert response.content.decode() == 'retry: 10000\n\nid: 0\ndata: {"version":0,"status":"playing"}\n\n'
    assert in_thread(lambda: client.post(events_path(live))).status_code == 405


def test_a_forged_forwarded_address_does_not_escape_the_cap_under_asgi(asgi_server, client, settings):
    """Under uvicorn too, X-Forwarded-For is believed only from a trusted proxy."""
    settings.BRUME_PUSH_URL = None
    settings.BRUME_PUSH_MAX_PER_ADDRESS = 1
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    cookie = session_cookie(client, ann)

    async def open_as(forwarded_for: str):
        return await open_stream(
            asgi_server.host, asgi_server.port, events_path(live), {**cookie, "X-Forwarded-For": forwarded_for}
        )

    async def scenario():
        held = await open_as("198.51.100.1")
        forged = await open_as("198.51.100.2")
        settings.BRUME_TRUSTED_PROXIES = ["127.0.0.1"]
        proxied = await open_as("198.51.100.3")  # now from a trusted proxy: another client
        for stream in (held, forged, proxied):
            stream.close()
        return held.status, forged.status, proxied.status

    assert run_async(scenario()) == (200, 429, 200)


@pytest.mark.django_db(transaction=True)  # the requests run in a thread of their own (in_thread)
def test_under_wsgi_a_finished_game_tells_an_up_to_date_page_to_stop_asking(client):
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    LiveGame.objects.filter(pk=live.pk).update(version=3, revision=3, status=LiveGame.Status.FINISHED)
    client.force_login(bo)
    assert in_thread(lambda: client.get(events_path(live), headers={"Last-Event-ID": "3"})).status_code == 204
    answer = in_thread(lambda: client.get(events_path(live), headers={"Last-Event-ID": "2"}))
    assert b'"status":"finished"' in answer.content
