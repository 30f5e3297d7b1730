"""Open live-game event streams are a gauge of /metrics: up when one opens, down when it ends."""

from __future__ import annotations

import asyncio
import time

import pytest
from django.test import Client
from django.urls import reverse

from bench.sse import open_stream
from tests.async_runner import run_async
from tests.observability.helpers import TOKEN, scrape, value
from tests.push.conftest import asgi_server, session_cookie  # noqa: F401  (a fixture)
from tests.push.test_push_over_asgi import carnac_between
from tests.tournament.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_open_stream_is_counted_until_it_ends(asgi_server, client, settings):  # noqa: F811
    settings.BRUME_PUSH_URL = None
    settings.BRUME_METRICS_TOKEN = TOKEN
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    cookie = session_cookie(client, bo)
    scraper = Client()
    before = value(scrape(scraper), "brume_live_streams_open")

    def open_now() -> float:
        return value(scrape(scraper), "brume_live_streams_open")

    async def scenario():
        path = reverse("live-game-events", args=[live.public_id])
        stream = await open_stream(asgi_server.host, asgi_server.port, path, cookie)
        assert stream.status == 200
        while_open = await asyncio.to_thread(open_now)
        stream.close()
        deadline = time.monotonic() + 10
        while (after := await asyncio.to_thread(open_now)) != before and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        return while_open, after

    assert run_async(scenario()) == (before + 1, before)
