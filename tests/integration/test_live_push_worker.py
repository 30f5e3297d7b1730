"""An AI seat's move played by a real Celery worker process is pushed, through Redis, to the
stream of the person waiting for it."""

import asyncio

import pytest

from bench.sse import open_stream
from games.models import LiveGame
from games.push import transport
from tests.async_runner import run_async
from tests.push.conftest import asgi_server, session_cookie  # noqa: F401  (the fixture)
from tests.push.test_push_over_asgi import events_path, first_legal_move, play
from tests.tournament.factories import make_user

from .test_record_pipeline import route_to

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_an_ai_move_played_by_a_worker_reaches_the_persons_stream(
    celery_app_on_redis,
    celery_worker_process,
    redis_url,
    asgi_server,  # noqa: F811
    client,
    settings,
):
    from games.live import live_create

    route_to(celery_app_on_redis, celery_worker_process.queue)
    settings.BRUME_PUSH_URL = redis_url
    transport.LISTENER.stop()
    vera = make_user("vera")
    live = live_create(
        game="carnac",
        seats=[{"name": "Vera", "player": f"user:{vera.pk}"}, {"name": "Bot", "player": "ai:carnac/random"}],
        options={"board": "small"},
        seed=3,
    )
    move = first_legal_move(live, vera)
    cookie = session_cookie(client, vera)

    async def scenario():
        stream = await open_stream(asgi_server.host, asgi_server.port, events_path(live), cookie)
        await stream.next_block()
        events = [await stream.next_event()]
        assert await asyncio.to_thread(play, client, vera, live, move, 0) == 200
        events.append(await stream.next_event(timeout=10))
        if events[-1]["version"] == 1:  # the worker's answer comes after ours
            events.append(await stream.next_event(timeout=60))
        stream.close()
        return events

    try:
        events = run_async(scenario())
    finally:
        transport.LISTENER.stop()
    assert events[0]["version"] == 0 and events[-1] == {"version": 2, "status": "playing", "id": "2"}
    assert LiveGame.objects.get(pk=live.pk).version == 2
    # The worker played it (the push arrives before the worker logs the task's success).
    assert "Task games.play_live_ai_move" in celery_worker_process.log()
