"""A web node killed mid-round: what the players lose (nothing, it should be).

    python -m bench.cluster_kill [--games 50] [--moves 16] [--pace 1.0] [--kill-at 0.35]
                                 [--no-restart] [--no-worker] [--web-workers 1]

It starts the multi-node layout of ``make cluster`` (tools/cluster.py: a Celery worker, two web
nodes, HAProxy in front; PostgreSQL ``DATABASE_URL``, by default
postgres://postgres@127.0.0.1:5432/brume_bench_cluster, created if missing; Redis ``REDIS_URL``,
else a private one), then plays ``--games`` Carnac games between two people, each with a clock
(10 min + 2 s), through the proxy only, as scripted pages would:

- each seat holds the game's event stream; when it breaks, it opens it again through the proxy
  with ``Last-Event-ID`` (after 0.5 s; a browser waits the stream's ``retry``, 3 s);
- the seat to move reads its legal moves, waits ``--pace`` seconds (±50 %), POSTs the first
  one with the version it saw and an ``Idempotency-Key``; a POST that gets no answer (the node
  died under it) or a 502/503/504 is sent again with the same key; a 200 with
  ``Idempotent-Replayed: true`` is the move acknowledged; a 409 to a retry means an earlier
  copy was played (the node died between its commit and its answer): the seat reads the game to
  make sure its move is there.

When the moves acknowledged reach ``--kill-at`` of the planned total, the second node is killed
(SIGKILL to its gunicorn master and workers); it is started again 3 s later unless
``--no-restart``. At the end the database is compared with what the clients were told: moves
sent, stored, duplicated (stored more often than acknowledged) and lost (acknowledged, not
stored), each game's seats' texts in order, every seat's stream caught up with its game's last
version, and each game's clock (no bank above its base plus its increments, none below zero,
and no more time spent than the game lasted); then the round trip, a seat's POST to the other
seat's event, p50/p95 (all moves, and those sent within 5 s after the kill), and the POST alone.
Exit status 1 when anything was lost, duplicated or inconsistent.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from tools.cluster import ROOT, Layout
from tools.cluster_crossing import setup_django
from tools.cluster_processes import ClusterError, kill

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/brume_bench_cluster"
TIME_CONTROL = {"base": 600, "increment": 2}
RECONNECT_AFTER = 0.5
RETRY_AFTER = 0.3
MAX_ATTEMPTS = 20
AROUND_THE_KILL = 5.0  # seconds after the kill whose moves are reported apart
NETWORK_ERRORS = (OSError, asyncio.IncompleteReadError, ValueError, IndexError, TimeoutError)


@dataclass
class Tally:
    """What every client counted, for the report."""

    sent: int = 0  # moves sent (one Idempotency-Key each)
    attempts: int = 0
    retries: int = 0
    replayed: int = 0
    found_after_409: int = 0
    reconnections: int = 0
    refused_streams: int = 0
    errors: list[str] = field(default_factory=list)
    samples: list[tuple[float, float]] = field(default_factory=list)  # (sent at, round trip)
    posts: list[float] = field(default_factory=list)


class Seat:
    """One seat's event stream through the proxy, held open and reopened with Last-Event-ID."""

    def __init__(self, port: int, game_id: str, cookie: dict, tally: Tally):
        self.port = port
        self.path = f"/play/{game_id}/events/"
        self.cookie = cookie
        self.tally = tally
        self.arrived: dict[int, float] = {}
        self.last_id: str | None = None
        self.news = asyncio.Event()
        self.done = False
        self.finished = False

    async def hold(self) -> None:
        from bench.sse import open_stream

        first = True
        while not self.done and not self.finished:
            if not first:
                self.tally.reconnections += 1
                await asyncio.sleep(RECONNECT_AFTER)
            first = False
            headers = {**self.cookie, **({"Last-Event-ID": self.last_id} if self.last_id else {})}
            try:
                stream = await open_stream("127.0.0.1", self.port, self.path, headers)
            except NETWORK_ERRORS:
                continue
            if stream.status == 204:  # finished, and this seat saw it
                self.finished = True
                stream.close()
                return
            if stream.status != 200:
                self.tally.refused_streams += 1
                stream.close()
                continue
            try:
                while not self.done:
                    event = await stream.next_event(timeout=60)
                    if event is None:
                        break  # ended (node gone, lifetime over): open it again
                    self.last_id = event["id"]
                    self.arrived.setdefault(event["version"], time.perf_counter())
                    self.news.set()
                    if event["status"] != "playing":
                        self.finished = True
            except NETWORK_ERRORS:
                pass
            finally:
                stream.close()

    async def arrival(self, version: int, timeout: float = 60) -> float | None:
        deadline = time.monotonic() + timeout
        while not any(v >= version for v in self.arrived):
            self.news.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(self.news.wait(), left)
            except TimeoutError:
                return None
        return min(t for v, t in self.arrived.items() if v >= version)


class Game:
    """One game played by its two seats through the proxy (bench.live_push's turn rule: the
    POST's answer says whose turn it is)."""

    def __init__(self, port: int, live, seats, moves: int, pace: float, rng: random.Random, tally: Tally):
        self.port = port
        self.id = live.public_id
        self.pk = live.pk
        self.seats = seats
        self.moves = moves
        self.pace = pace
        self.rng = rng
        self.tally = tally
        self.played: list[str] = []  # the texts acknowledged, in order
        self.moves_by = [0, 0]  # moves acknowledged, per seat
        self.streams = [Seat(port, self.id, seat["cookie"], tally) for seat in seats]
        self.status = "playing"
        self.revision = 0

    async def request(self, method: str, path: str, headers: dict, body: bytes = b""):
        """(status, headers lowered, JSON) through the proxy; raises on a broken connection."""
        from bench.sse import Stream

        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        try:
            lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", "Connection: close"]
            lines += [f"{name}: {value}" for name, value in headers.items()]
            if method == "POST":
                lines.append(f"Content-Length: {len(body)}")
            writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
            await writer.drain()
            head = Stream(reader, writer)
            await asyncio.wait_for(head._read_head(), 30)
            if "content-length" in head.headers:
                content = await asyncio.wait_for(reader.readexactly(int(head.headers["content-length"])), 30)
            else:
                content = await asyncio.wait_for(reader.read(), 30)
        finally:
            writer.close()
        try:
            data = json.loads(content) if content else None
        except ValueError:
            data = None
        return head.status, head.headers, data

    async def read(self, seat: int) -> dict:
        """The game as ``seat`` sees it, read again until a node answers."""
        for _ in range(MAX_ATTEMPTS):
            try:
                status, _, view = await self.request("GET", f"/api/v1/live/{self.id}/", self.seats[seat]["token"])
                if status == 200 and view is not None:
                    return view
            except NETWORK_ERRORS:
                pass
            await asyncio.sleep(RETRY_AFTER)
        raise RuntimeError(f"{self.id}: seat {seat} could not read the game")

    async def send(self, seat: int, move: str, version: int) -> dict | None:
        """POST the move with one Idempotency-Key until it is acknowledged; the answer, or None."""
        key = str(uuid.uuid4())
        self.tally.sent += 1
        headers = {**self.seats[seat]["token"], "Content-Type": "application/json", "Idempotency-Key": key}
        body = json.dumps({"move": move, "version": version}).encode()
        for attempt in range(MAX_ATTEMPTS):
            if attempt:
                self.tally.retries += 1
                await asyncio.sleep(RETRY_AFTER)
            self.tally.attempts += 1
            started = time.perf_counter()
            try:
                status, answer_headers, answer = await self.request(
                    "POST", f"/api/v1/live/{self.id}/moves/", headers, body
                )
            except NETWORK_ERRORS:
                continue  # no answer: the node may have played it, or not; the key decides
            if status in (502, 503, 504):
                continue
            if status == 200:
                self.tally.posts.append(time.perf_counter() - started)
                if answer_headers.get("idempotent-replayed") == "true":
                    self.tally.replayed += 1
                return answer
            if status == 409 and attempt:
                view = await self.read(seat)  # an earlier copy committed, its answer lost?
                if view["version"] == version + 1 and view["history"] and view["history"][-1]["seat"] == seat:
                    self.tally.found_after_409 += 1
                    return view
            self.tally.errors.append(f"{self.id}: move {version + 1} answered {status}: {answer}")
            return None
        self.tally.errors.append(f"{self.id}: move {version + 1} not acknowledged after {MAX_ATTEMPTS} attempts")
        return None

    async def run(self, started: asyncio.Event) -> None:
        holders = [asyncio.create_task(seat.hold()) for seat in self.streams]
        try:
            await started.wait()
            try:
                await self.drive()
            except RuntimeError as error:
                self.tally.errors.append(str(error))
            final = len(self.played)
            for seat in self.streams:  # every stream ends on the last version, reconnected or not
                if await seat.arrival(self.revision, timeout=30) is None:
                    self.tally.errors.append(f"{self.id}: a seat's stream never reached version {final}")
        finally:
            for seat in self.streams:
                seat.done = True
            for task in holders:
                task.cancel()
            await asyncio.gather(*holders, return_exceptions=True)

    async def drive(self) -> None:
        seat, legal, version = 0, None, 0
        while len(self.played) < self.moves:
            if legal is None:
                view = await self.read(seat)
                if not view["my_turn"]:
                    self.tally.errors.append(f"{self.id}: seat {seat} is not to move at version {view['version']}")
                    return
                legal, version = view["legal_moves"], view["version"]
            await asyncio.sleep(self.pace * self.rng.uniform(0.5, 1.5))
            move = legal[0]
            sent = time.perf_counter()
            answer = await self.send(seat, move, version)
            if answer is None:
                return
            self.played.append(move)
            self.moves_by[seat] += 1
            self.revision = answer.get("version", version + 1)
            arrived = await self.streams[1 - seat].arrival(self.revision)
            if arrived is None:
                self.tally.errors.append(f"{self.id}: version {self.revision} never reached seat {1 - seat}")
                return
            self.tally.samples.append((sent, arrived - sent))
            if answer["status"] != "playing":
                self.status = answer["status"]
                return
            if answer["my_turn"] and answer.get("legal_moves"):
                legal, version = answer["legal_moves"], answer["version"]
            else:
                seat, legal = 1 - seat, None


def make_games(count: int, prefix: str):
    """``count`` Carnac games between two new people each, with a clock: [(live, seats)], each seat
    with its API token and session cookie."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    from accounts.tokens import token_for
    from games.live import live_create

    games = []
    for index in range(count):
        people = [get_user_model().objects.create_user(username=f"{prefix}{index}s{s}") for s in range(2)]
        live = live_create(
            game="carnac",
            seats=[{"name": p.username, "player": f"user:{p.pk}"} for p in people],
            options={"board": "small"},
            seed=index,
            time_control=TIME_CONTROL,
        )
        seats = []
        for person in people:
            client = Client()
            client.force_login(person)
            cookie = {"Cookie": f"sessionid={client.cookies['sessionid'].value}"}
            seats.append({"token": {"Authorization": f"Token {token_for(person)}"}, "cookie": cookie})
        games.append((live, seats))
    return games


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def ms(value: float) -> str:
    return f"{1000 * value:.0f}"


async def play(layout: Layout, games: list[Game], kill_at: int, restart: bool) -> dict:
    started = asyncio.Event()
    killed_at: list[float] = []
    tasks = [asyncio.create_task(game.run(started)) for game in games]
    await asyncio.sleep(1.0)  # the streams open
    started.set()
    begin = time.perf_counter()
    victim = layout.nodes[-1]
    restarted = False
    while not all(task.done() for task in tasks):
        if not killed_at and sum(len(game.played) for game in games) >= kill_at:
            killed_at.append(time.perf_counter())
            await asyncio.to_thread(kill, victim)
            print(f"killed {victim.name} (SIGKILL to its gunicorn master and workers)", flush=True)
        if restart and killed_at and not restarted and time.perf_counter() - killed_at[0] > 3:
            restarted = True
            await asyncio.to_thread(layout.restart_node, victim)
            print(f"{victim.name} started again", flush=True)
        await asyncio.sleep(0.05)
    await asyncio.gather(*tasks)
    return {"elapsed": time.perf_counter() - begin, "killed_at": killed_at[0] if killed_at else None}


def audit(games: list[Game], started_at: float) -> dict:
    """The database against what the clients were told."""
    from games.models import LiveGame

    stored = duplicates = lost = texts_differ = clocks_ok = 0
    rows = {row.pk: row for row in LiveGame.objects.filter(pk__in=[game.pk for game in games])}
    lasted = time.time() - started_at
    base, increment = TIME_CONTROL["base"], TIME_CONTROL["increment"]
    for game in games:
        row = rows[game.pk]
        stored += len(row.moves)
        duplicates += max(0, len(row.moves) - len(game.played))
        lost += max(0, len(game.played) - len(row.moves))
        texts_differ += row.player_texts[: len(game.played)] != game.played
        banks = [float(x) for x in row.clock_left]
        # A seat's bank: never above its base plus one increment per move it made (a turn may be
        # several moves), never below what is left after the whole run, and no flag fell.
        clocks_ok += (
            len(banks) == 2
            and all(base - lasted - 1 <= banks[s] <= base + increment * game.moves_by[s] for s in (0, 1))
            and row.termination != "timeout"
        )
    return {
        "stored": stored,
        "duplicates": duplicates,
        "lost": lost,
        "texts_differ": texts_differ,
        "clocks_ok": clocks_ok,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=16, help="moves played in each game")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds a seat waits before its move (±50 %%)")
    parser.add_argument("--kill-at", type=float, default=0.35, help="share of the planned moves before the kill")
    parser.add_argument("--no-restart", action="store_true", help="leave the killed node dead")
    parser.add_argument("--no-worker", action="store_true", help="no Celery worker (tasks wait in Redis)")
    parser.add_argument("--web-workers", type=int, default=1, help="uvicorn workers per node")
    args = parser.parse_args()
    os.environ.setdefault("DATABASE_URL", DEFAULT_DATABASE)
    folder = Path(os.environ.get("BRUME_VAR_DIR") or ROOT / "var") / "cluster-kill"
    extra = {
        "BRUME_PUSH_MAX_PER_ADDRESS": "100000",  # every client of the bench is 127.0.0.1
        "BRUME_PUSH_MAX_STREAMS": "100000",
        "API_USER_RATE": "100000/min",
    }
    layout = Layout(
        folder=folder,
        web_workers=args.web_workers,
        demo=False,
        static=False,
        worker=not args.no_worker,
        extra_env=extra,
    )
    try:
        layout.start()
    except BaseException as error:
        layout.stop()
        if not isinstance(error, ClusterError):
            raise
        print(f"bench.cluster_kill: {error}", file=sys.stderr)
        return 2
    try:
        setup_django(layout.env)
        from django.db import connection

        started_at = time.time()
        created = make_games(args.games, f"kill{time.strftime('%H%M%S')}g")
        rng = random.Random(1)
        tally = Tally()
        games = [Game(layout.port, live, seats, args.moves, args.pace, rng, tally) for live, seats in created]
        kill_at = max(1, int(args.kill_at * args.games * args.moves))
        result = asyncio.run(play(layout, games, kill_at, not args.no_restart))
        found = audit(games, started_at)
    finally:
        layout.stop()

    acknowledged = sum(len(game.played) for game in games)
    behind = sum(1 for e in tally.errors if "never reached" in e)
    killed = result["killed_at"]
    near = [rt for sent, rt in tally.samples if killed is not None and 0 <= sent - killed <= AROUND_THE_KILL]
    trips = [rt for _, rt in tally.samples]
    print(
        f"cluster kill: {args.games} games, 2 web nodes behind haproxy, database {connection.vendor}, "
        f"{'the second node killed' if killed else 'no kill (too few moves)'}"
        f"{' and restarted' if killed and not args.no_restart else ''}, {result['elapsed']:.1f} s"
    )
    print(
        f"moves sent {tally.sent}, acknowledged {acknowledged}, POST attempts {tally.attempts} (retries {tally.retries}, replayed "
        f"{tally.replayed}, found stored after a 409 {tally.found_after_409}), moves stored {found['stored']}, "
        f"duplicates {found['duplicates']}, lost {found['lost']}, texts differing {found['texts_differ']}"
    )
    print(
        f"streams: {2 * args.games} held, reconnections {tally.reconnections} (Last-Event-ID), refused "
        f"{tally.refused_streams}, behind at the end {behind}; clocks consistent {found['clocks_ok']}/{args.games}; "
        f"errors {len(tally.errors)}"
    )
    print(
        f"round trip (a seat's POST to the other seat's event): p50 {ms(statistics.median(trips) if trips else 0)} ms, "
        f"p95 {ms(percentile(trips, 0.95))} ms, max {ms(max(trips, default=0))} ms over {len(trips)} moves; "
        f"within {AROUND_THE_KILL:g} s after the kill: p50 {ms(statistics.median(near) if near else 0)} ms, "
        f"p95 {ms(percentile(near, 0.95))} ms over {len(near)}; "
        f"the POST alone p50 {ms(statistics.median(tally.posts) if tally.posts else 0)} ms, "
        f"p95 {ms(percentile(tally.posts, 0.95))} ms"
    )
    print(f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for error in tally.errors[:5]:
        print("  ", error)
    bad = found["duplicates"] or found["lost"] or found["texts_differ"] or tally.errors
    return 1 if bad or found["clocks_ok"] != args.games else 0


if __name__ == "__main__":
    sys.exit(main())
