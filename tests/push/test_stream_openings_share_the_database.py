"""Many pages opening their live streams at once (a round's pairings out) read the database a few
at a time: each request's sync code runs in a thread of its own, and 400 of them at once would
open 400 connections, past PostgreSQL's max_connections (seen in bench/live_push.py)."""

from __future__ import annotations

import asyncio
import threading
import time

from asgiref.sync import ThreadSensitiveContext

from games.push import views
from tests.async_runner import run_async


def test_stream_openings_read_the_database_at_most_db_readers_at_a_time(monkeypatch):
    lock = threading.Lock()
    now = {"in": 0, "most": 0}

    def reading(request, public_id):
        with lock:
            now["in"] += 1
            now["most"] = max(now["most"], now["in"])
        time.sleep(0.02)
        with lock:
            now["in"] -= 1
        return public_id

    monkeypatch.setattr(views, "_current_event", reading)
    monkeypatch.setattr(views, "DB_READERS", 3)

    async def one(n):
        async with ThreadSensitiveContext():  # as Django's ASGI handler runs each request
            return await views._read_current(None, f"g{n}")

    async def many():
        return await asyncio.gather(*(one(n) for n in range(30)))

    assert run_async(many()) == [f"g{n}" for n in range(30)]  # every opening got its answer
    assert now["most"] == 3  # never more than the gate lets through, and the gate is used fully
