"""Open streams on one web process: memory and threads per stream, and a move reaching a crowd.

    python -m bench.streams [--streams 2000] [--spectators 200] [--events 40]

It serves the site as the Procfile does (one gunicorn worker with uvicorn, bench.live_push's
start_server) against PostgreSQL and Redis, then:

1. Memory: ``--streams`` streams opened at once (a burst: seats and spectators of 100 games,
   signed in and anonymous; ``--batch`` opens them so many at a time), all held; the worker's RSS and thread count before and with them
   open, so KiB per stream; refused or failed openings are counted.
2. Spectators: one game watched by ``--spectators`` anonymous pages; ``--events`` events are
   published on Redis (as ``announce`` does after a move's commit), one at a time; for each, the
   time from PUBLISH until *every* spectator has it. p50 / p95 of that.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time

from bench.live_push import (
    HOST,
    configure,
    free_port,
    make_games,
    percentile,
    process_status,
    services_missing,
    start_server,
    stop_server,
    warm_up,
    worker_pids,
)


async def hold_streams(port: int, pid: int, games, count: int, batch: int) -> dict:
    from bench.sse import open_stream

    before = process_status(pid)
    viewers = []
    for index in range(count):
        live, seats = games[index % len(games)]
        headers = seats[index % 3]["cookie"] if index % 3 < 2 else {}  # two seats, then a spectator
        viewers.append((live.public_id, headers))
    started = time.perf_counter()
    streams = []
    for start in range(0, len(viewers), batch or len(viewers)):
        streams += await asyncio.gather(
            *(
                open_stream(HOST, port, f"/play/{game}/events/", headers)
                for game, headers in viewers[start : start + (batch or len(viewers))]
            ),
            return_exceptions=True,
        )
    opened = [s for s in streams if not isinstance(s, BaseException) and s.status == 200]
    firsts = await asyncio.gather(*(s.next_event(timeout=60) for s in opened), return_exceptions=True)
    took = time.perf_counter() - started
    await asyncio.sleep(1.0)
    held = process_status(pid)
    for stream in opened:
        stream.close()
    statuses: dict = {}
    for s in streams:
        key = type(s).__name__ if isinstance(s, BaseException) else s.status
        statuses[key] = statuses.get(key, 0) + 1
    return {
        "statuses": statuses,
        "heard": sum(1 for f in firsts if isinstance(f, dict)),
        "open_seconds": took,
        "rss_before": before["VmRSS"],
        "rss_open": held["VmRSS"],
        "threads_before": before["Threads"],
        "threads_open": held["Threads"],
        "kib_per_stream": (held["VmRSS"] - before["VmRSS"]) / max(1, len(opened)),
    }


async def crowd(port: int, game_id: str, spectators: int, events: int) -> dict:
    from bench.sse import open_stream
    from games.push.events import LiveEvent
    from games.push.transport import send

    streams = await asyncio.gather(*(open_stream(HOST, port, f"/play/{game_id}/events/") for _ in range(spectators)))
    await asyncio.gather(*(s.next_event() for s in streams))
    samples, missed = [], 0
    for version in range(10_000, 10_000 + events):
        sent = time.perf_counter()
        await asyncio.to_thread(send, LiveEvent(game_id, version, "playing"))
        got = await asyncio.gather(*(s.next_event(timeout=10) for s in streams), return_exceptions=True)
        if all(isinstance(g, dict) and g["version"] == version for g in got):
            samples.append(time.perf_counter() - sent)
        else:
            missed += 1
        await asyncio.sleep(0.05)
    for stream in streams:
        stream.close()
    return {
        "events": len(samples),
        "missed": missed,
        "p50_ms": 1000 * statistics.median(samples) if samples else float("nan"),
        "p95_ms": 1000 * percentile(samples, 0.95) if samples else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=2000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--batch", type=int, default=0, help="open the streams this many at a time (0: all at once)")
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--events", type=int, default=40)
    args = parser.parse_args()
    missing = services_missing()
    if missing:
        print(f"bench.streams skipped: {missing}")
        return
    configure()
    port = free_port()
    server = start_server(port, 1)
    try:
        games = make_games(args.games, f"s{time.strftime('%H%M%S')}n")
        warm_up(port, games)
        pid = worker_pids(server.pid)[0]
        held = asyncio.run(hold_streams(port, pid, games, args.streams, args.batch))
        print(
            f"streams: {args.streams} opened {args.batch or 'all'} at a time over {len(games)} games: answers {held['statuses']}, "
            f"{held['heard']} heard their first event, in {held['open_seconds']:.1f} s"
        )
        print(
            f"  web worker RSS {held['rss_before'] / 1024:.1f} MiB -> {held['rss_open'] / 1024:.1f} MiB: "
            f"{held['kib_per_stream']:.1f} KiB per open stream; threads {held['threads_before']} -> "
            f"{held['threads_open']}"
        )
        result = asyncio.run(crowd(port, games[0][0].public_id, args.spectators, args.events))
        print(
            f"spectators: an event reaching all {args.spectators} spectators of a game: "
            f"p50 {result['p50_ms']:.1f} ms, p95 {result['p95_ms']:.1f} ms over {result['events']} events, "
            f"missed {result['missed']}"
        )
        print(f"  machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    finally:
        stop_server(server)


if __name__ == "__main__":
    main()
