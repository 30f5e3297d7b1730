"""Many pages opening their live streams at once (a round's pairings out) read the database a few
at a time, in the stream-opening threads of the process (games/push/viewer.py): 400 openings at
once never take more than ``BRUME_PUSH_DB_READERS`` of the pool's connections, and each of them
gets its answer (they queue, they do not time out)."""

from __future__ import annotations

import asyncio
import threading
import time

from games.push import viewer
from tests.async_runner import run_async


def test_stream_openings_read_the_database_at_most_db_readers_at_a_time(monkeypatch, settings):
    lock = threading.Lock()
    now = {"in": 0, "most": 0}
    threads = set()

    def reading(request, public_id):
        with lock:
            now["in"] += 1
            now["most"] = max(now["most"], now["in"])
            threads.add(threading.get_ident())
        time.sleep(0.002)
        with lock:
            now["in"] -= 1
        return public_id

    settings.BRUME_PUSH_DB_READERS = 3
    monkeypatch.setattr(viewer, "identify", reading)
    monkeypatch.setattr(viewer, "_readers", None)  # made again with the test's size

    async def many():
        return await asyncio.gather(*(viewer.read_viewer(None, f"g{n}") for n in range(400)))

    try:
        assert run_async(many()) == [f"g{n}" for n in range(400)]  # every opening got its answer
    finally:
        viewer.readers().shutdown()
    assert now["most"] == 3  # never more than the readers, and all of them used
    assert len(threads) == 3  # the same three threads, not one per opening
