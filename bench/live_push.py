"""Live push on the production path: a move's round trip and how many open streams one web
process holds.

    python -m bench.live_push [--games 1,200] [--moves 8] [--pace 15] [--watchers 1000]
                              [--watch-games 100] [--web-workers 1]

It serves the site as the Procfile does (gunicorn with uvicorn workers, config/asgi_worker.py)
on a free loopback port, against PostgreSQL (``DATABASE_URL``, by default
postgres://postgres@127.0.0.1:5432/brume_bench, created and migrated if missing) and Redis
(``REDIS_URL``, by default redis://127.0.0.1:6379/13: the push channel, the cache, Celery).

1. Round trip: N Carnac games between two people, played through the API (``POST
   /api/v1/live/<id>/moves/``) at a human pace (each seat waits ``--pace`` seconds, ±50 %,
   after it hears of the other's move, then reads its legal moves and plays). Each seat holds
   the game's event stream; the time from a POST leaving one seat to the event arriving on the
   other seat's stream is one sample. p50, p95 and p99, with 1 and with 200 games in progress
   (a 1,000-player round: ``--games 500 --pace 10``).
2. Watchers: ``--watchers`` streams over ``--watch-games`` games (both seats and spectators)
   while those games are played; errors (a refused or broken stream, a watcher that did not end
   on its game's last version) and the web process's memory per open stream.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/brume_bench"
DEFAULT_REDIS = "redis://127.0.0.1:6379/13"
HOST = "127.0.0.1"


def configure() -> None:
    os.environ.setdefault("DATABASE_URL", DEFAULT_DATABASE)
    os.environ.setdefault("REDIS_URL", DEFAULT_REDIS)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "false"  # no query log growing in memory
    create_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def services_missing() -> str | None:
    """Why the benchmark cannot run here (PostgreSQL or Redis unreachable), or None."""
    import psycopg
    import redis

    database = os.environ.get("DATABASE_URL", DEFAULT_DATABASE)
    try:
        redis.Redis.from_url(os.environ.get("REDIS_URL", DEFAULT_REDIS), socket_connect_timeout=2).ping()
    except redis.RedisError as exc:
        return f"no Redis ({exc})"
    if database.startswith("postgres"):
        try:
            psycopg.connect(f"{database.rsplit('/', 1)[0]}/postgres", connect_timeout=3).close()
        except psycopg.Error as exc:
            return f"no PostgreSQL ({exc})"
    return None


def create_database(url: str) -> None:
    if not url.startswith("postgres"):
        return
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def start_server(port: int, workers: int) -> subprocess.Popen:
    env = {
        **os.environ,
        "BRUME_BIND": f"{HOST}:{port}",
        "WEB_CONCURRENCY": str(workers),
        "BRUME_PUSH_MAX_PER_ADDRESS": "100000",  # every client of the bench is 127.0.0.1
        "BRUME_PUSH_MAX_STREAMS": "100000",
        "API_USER_RATE": "100000/min",
    }
    command = [sys.executable, "-m", "gunicorn", "config.asgi:application", "-c", "config/gunicorn.conf.py"]
    command += ["--access-logfile", "/dev/null", "--log-level", "warning"]
    process = subprocess.Popen(command, cwd=ROOT, env=env)
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start") from None
            time.sleep(0.2)


def stop_server(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()


def worker_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def process_status(pid: int) -> dict[str, int]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "Threads"):
            fields[name] = int(value.split()[0])
    return fields


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU time the processes have used."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / ticks


def make_games(count: int, prefix: str):
    """``count`` Carnac games between two people each: [(live, seats)], each seat a dict with
    the user's API token and session cookie."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from accounts.tokens import token_for
    from games.live import live_create

    def make_user(username):
        return get_user_model().objects.create_user(username=username, password=None)

    games = []
    for index in range(count):
        people = [make_user(f"{prefix}{index}x{seat}") for seat in range(2)]
        live = live_create(
            game="carnac",
            seats=[{"name": p.username, "player": f"user:{p.pk}"} for p in people],
            options={"board": "small"},
            seed=index,
        )
        seats = []
        for person in people:
            client = Client()
            client.force_login(person)
            seats.append(
                {
                    "token": {"Authorization": f"Token {token_for(person)}"},
                    "cookie": {"Cookie": f"sessionid={client.cookies['sessionid'].value}"},
                }
            )
        games.append((live, seats))
    return games


class Game:
    """One game played by its two seats through the API, each listening to its stream.

    The seat to move reads its legal moves (``GET``, as its page does when told), waits its
    pace, plays the first one (``POST``); the sample is the time from that POST leaving to the
    new version arriving on the *other* seat's stream. Carnac turns do not simply alternate: the
    POST's answer says whose turn it is."""

    def __init__(self, port: int, live, seats, moves: int, pace: float, rng: random.Random):
        self.port = port
        self.id = live.public_id
        self.seats = seats
        self.moves = moves
        self.pace = pace
        self.rng = rng
        self.samples: list[float] = []
        self.posts: list[float] = []  # how long each POST took to answer
        self.arrived: list[dict[int, float]] = [{}, {}]  # per seat: version -> when its stream had it
        self.news = [asyncio.Event(), asyncio.Event()]
        self.errors: list[str] = []
        self.done = False

    async def run(self, streams_ready: asyncio.Event | None = None) -> None:
        from bench.sse import open_stream

        path = f"/play/{self.id}/events/"
        streams = [await open_stream(HOST, self.port, path, seat["cookie"]) for seat in self.seats]
        for stream in streams:
            await stream.next_event()  # the opening: version 0
        if streams_ready is not None:
            await streams_ready.wait()
        listeners = [asyncio.create_task(self.listen(seat, stream)) for seat, stream in enumerate(streams)]
        try:
            await self.drive()
        finally:
            self.done = True
            for stream in streams:
                stream.close()
            for task in listeners:
                task.cancel()
            await asyncio.gather(*listeners, return_exceptions=True)

    async def listen(self, seat: int, stream) -> None:
        while not self.done:
            event = await stream.next_event(timeout=120)
            if event is None:
                if not self.done:
                    self.errors.append(f"{self.id}: seat {seat}'s stream ended")
                return
            self.arrived[seat][event["version"]] = time.perf_counter()
            self.news[seat].set()

    async def arrival(self, seat: int, version: int, timeout: float = 30.0) -> float | None:
        deadline = time.monotonic() + timeout
        while version not in self.arrived[seat]:
            self.news[seat].clear()
            if version in self.arrived[seat]:
                break
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(self.news[seat].wait(), left)
            except TimeoutError:
                return None
        return self.arrived[seat][version]

    async def drive(self) -> None:
        from bench.sse import http_request

        seat, legal, version = 0, None, 0
        while version < self.moves:
            if legal is None:  # told of a move: read my moves as my page would
                status, body = await http_request(
                    HOST, self.port, "GET", f"/api/v1/live/{self.id}/", self.seats[seat]["token"]
                )
                view = json.loads(body)
                if status != 200 or not view["my_turn"]:
                    self.errors.append(f"{self.id}: seat {seat} read {status}, my_turn {view.get('my_turn')}")
                    return
                legal, version = view["legal_moves"], view["version"]
            await asyncio.sleep(self.pace * self.rng.uniform(0.5, 1.5))
            payload = json.dumps({"move": legal[0], "version": version}).encode()
            headers = {**self.seats[seat]["token"], "Content-Type": "application/json"}
            sent = time.perf_counter()
            status, body = await http_request(
                HOST, self.port, "POST", f"/api/v1/live/{self.id}/moves/", headers, payload
            )
            self.posts.append(time.perf_counter() - sent)
            if status != 200:
                self.errors.append(f"{self.id}: seat {seat}'s move answered {status}")
                return
            answer = json.loads(body)
            version = answer["version"]
            arrived = await self.arrival(1 - seat, version)
            if arrived is None:
                self.errors.append(f"{self.id}: version {version} never reached seat {1 - seat}")
                return
            self.samples.append(arrived - sent)
            if answer["status"] != "playing":
                return
            if answer["my_turn"]:
                legal = answer["legal_moves"]
            else:
                seat, legal = 1 - seat, None


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def round_trip(port: int, games, moves: int, pace: float) -> dict:
    rng = random.Random(1)
    played = [Game(port, live, seats, moves, pace, rng) for live, seats in games]
    ready = asyncio.Event()
    tasks = [asyncio.create_task(game.run(ready)) for game in played]
    await asyncio.sleep(0.5)
    ready.set()
    start = time.perf_counter()
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    samples = [s for game in played for s in game.samples]
    posts = [s for game in played for s in game.posts]
    errors = [e for game in played for e in game.errors]
    return {
        "games": len(played),
        "samples": len(samples),
        "moves_per_second": len(samples) / elapsed,
        "p50_ms": 1000 * statistics.median(samples) if samples else float("nan"),
        "p95_ms": 1000 * percentile(samples, 0.95) if samples else float("nan"),
        "p99_ms": 1000 * percentile(samples, 0.99) if samples else float("nan"),
        "max_ms": 1000 * max(samples) if samples else float("nan"),
        "post_p50_ms": 1000 * statistics.median(posts) if posts else float("nan"),
        "post_p95_ms": 1000 * percentile(posts, 0.95) if posts else float("nan"),
        "errors": errors,
    }


async def push_leg(port: int, games, events: int, rate: float) -> dict:
    """The push alone: events published on Redis (as ``announce`` does after a commit) for
    games whose stream is open, at ``rate`` a second in all; publish to arrival."""
    from bench.sse import open_stream
    from games.push.events import LiveEvent
    from games.push.transport import send

    streams = {}
    for live, seats in games:
        stream = await open_stream(HOST, port, f"/play/{live.public_id}/events/", seats[1]["cookie"])
        await stream.next_event()
        streams[live.public_id] = stream
    samples, lost = [], 0
    rng = random.Random(3)
    version = 10_000  # above any real version: the streams relay it
    ids = list(streams)

    async def one(game_id: str, v: int) -> None:
        nonlocal lost
        sent = time.perf_counter()
        await asyncio.to_thread(send, LiveEvent(game_id, v, "playing"))
        event = await streams[game_id].next_event(timeout=10)
        if event is None or event["version"] != v:
            lost += 1
        else:
            samples.append(time.perf_counter() - sent)

    busy: dict[str, asyncio.Task] = {}
    for _ in range(events):
        game_id = rng.choice(ids)
        if game_id in busy and not busy[game_id].done():
            await busy[game_id]
        version += 1
        busy[game_id] = asyncio.create_task(one(game_id, version))
        await asyncio.sleep(1 / rate)
    await asyncio.gather(*busy.values())
    for stream in streams.values():
        stream.close()
    return {
        "events": len(samples),
        "lost": lost,
        "p50_ms": 1000 * statistics.median(samples),
        "p95_ms": 1000 * percentile(samples, 0.95),
    }


def warm_up(port: int, games) -> None:
    """A worker's first requests import and cache (seconds): not part of any figure."""
    from bench.sse import http_request

    async def touch():
        live, seats = games[0]
        for _ in range(3):
            await http_request(HOST, port, "GET", f"/api/v1/live/{live.public_id}/", seats[0]["token"])
            await http_request(HOST, port, "GET", f"/play/{live.public_id}/", seats[0]["cookie"])

    asyncio.run(touch())


async def watchers(port: int, server: subprocess.Popen, games, per_game: int, moves: int, pace: float) -> dict:
    """``per_game`` - 2 spectators on each game besides its two seats, while the games are played."""
    from bench.sse import open_stream
    from games.models import LiveGame

    pids = worker_pids(server.pid)
    before = {pid: process_status(pid) for pid in pids}
    spectators = []
    refused = 0
    for live, _ in games:
        for _ in range(per_game - 2):
            stream = await open_stream(HOST, port, f"/play/{live.public_id}/events/")
            if stream.status != 200:
                refused += 1
                continue
            await stream.next_event()
            spectators.append((live.public_id, stream))
    rng = random.Random(2)
    played = [Game(port, live, seats, moves, pace, rng) for live, seats in games]
    ready = asyncio.Event()
    tasks = [asyncio.create_task(game.run(ready)) for game in played]
    await asyncio.sleep(1.0)  # every seat's stream is open too
    opened = {pid: process_status(pid) for pid in pids}
    ready.set()

    async def follow(game_id: str, stream) -> tuple[str, int | None]:
        last = None
        while True:
            event = await stream.next_event(timeout=120)
            if event is None:
                return game_id, last
            last = event["version"]
            if last >= moves or event["status"] != "playing":
                stream.close()
                return game_id, last

    followers = [asyncio.create_task(follow(game_id, stream)) for game_id, stream in spectators]
    await asyncio.gather(*tasks)
    finals = await asyncio.gather(*followers, return_exceptions=True)
    expected = {
        live.public_id: await asyncio.to_thread(lambda pk=live.pk: LiveGame.objects.get(pk=pk).version)
        for live, _ in games
    }
    behind = sum(1 for f in finals if isinstance(f, BaseException) or f[1] != expected[f[0]])
    errors = [e for game in played for e in game.errors]
    streams = len(spectators) + 2 * len(games)
    rss_delta = sum(opened[pid]["VmRSS"] - before[pid]["VmRSS"] for pid in pids)
    return {
        "streams": streams,
        "refused": refused,
        "behind_or_broken": behind,
        "game_errors": errors,
        "moves": sum(len(game.samples) for game in played),
        "rss_kib_before": sum(before[pid]["VmRSS"] for pid in pids),
        "rss_kib_open": sum(opened[pid]["VmRSS"] for pid in pids),
        "kib_per_stream": rss_delta / streams,
        "threads_open": sum(opened[pid]["Threads"] for pid in pids),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="1,200", help="games in progress for each round-trip run")
    parser.add_argument("--moves", type=int, default=8, help="moves played in each game")
    parser.add_argument("--pace", type=float, default=15.0, help="seconds a seat waits before its move (±50 %%)")
    parser.add_argument("--watchers", type=int, default=1000)
    parser.add_argument("--watch-games", type=int, default=100)
    parser.add_argument("--web-workers", type=int, default=1)
    parser.add_argument("--push-events", type=int, default=400, help="events of the push-alone measure")
    parser.add_argument("--push-rate", type=float, default=50.0, help="their rate, events a second")
    args = parser.parse_args()
    missing = services_missing()
    if missing:
        print(f"bench.live_push skipped: {missing}")
        return
    configure()
    from django.db import connection

    print(f"database {connection.vendor}, push {os.environ['REDIS_URL']}, web workers {args.web_workers}")
    port = free_port()
    server = start_server(port, args.web_workers)
    try:
        run = time.strftime("%H%M%S")
        for count in (int(n) for n in args.games.split(",")):
            games = make_games(count, f"rt{run}g{count}n")
            warm_up(port, games)
            cpu_before = cpu_seconds(worker_pids(server.pid))
            result = asyncio.run(round_trip(port, games, args.moves, args.pace))
            cpu_per_move = (cpu_seconds(worker_pids(server.pid)) - cpu_before) / max(1, result["samples"])
            print(
                f"round trip, {result['games']} games: p50 {result['p50_ms']:.1f} ms, p95 {result['p95_ms']:.1f} ms, "
                f"p99 {result['p99_ms']:.1f} ms, max {result['max_ms']:.1f} ms over {result['samples']} moves "
                f"({result['moves_per_second']:.1f} moves/s), errors {len(result['errors'])}; "
                f"the POST alone p50 {result['post_p50_ms']:.1f} ms, p95 {result['post_p95_ms']:.1f} ms; "
                f"web CPU {1000 * cpu_per_move:.1f} ms a move (its POST, the next seat's GET, two pushes)"
            )
            print(f"  machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
            for error in result["errors"][:5]:
                print("  ", error)
            leg = asyncio.run(push_leg(port, games, args.push_events, args.push_rate))
            print(
                f"push alone (Redis PUBLISH to the stream), {count} games: p50 {leg['p50_ms']:.1f} ms, "
                f"p95 {leg['p95_ms']:.1f} ms over {leg['events']} events, lost {leg['lost']}"
            )
        if args.watchers:
            stop_server(server)  # a fresh process for the memory figure
            server = start_server(port, args.web_workers)
            games = make_games(args.watch_games, f"w{run}n")
            warm_up(port, games)
            per_game = max(2, args.watchers // args.watch_games)
            result = asyncio.run(watchers(port, server, games, per_game, args.moves, args.pace))
            print(
                f"watchers: {result['streams']} streams over {len(games)} games, {result['moves']} moves pushed; "
                f"refused {result['refused']}, behind or broken {result['behind_or_broken']}, "
                f"game errors {len(result['game_errors'])}"
            )
            print(
                f"  web RSS {result['rss_kib_before'] / 1024:.1f} MiB -> {result['rss_kib_open'] / 1024:.1f} MiB "
                f"with the streams open: {result['kib_per_stream']:.1f} KiB per stream "
                f"({result['threads_open']} threads)"
            )
    finally:
        stop_server(server)


if __name__ == "__main__":
    main()
