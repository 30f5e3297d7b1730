"""Load benchmark: pages of a 1,000-entrant Swiss under 1, 8 and 32 concurrent readers.

A small threaded HTTP client (keep-alive connections, loopback only, bounded in time per page
and level) against a running site: gunicorn (config/gunicorn.conf.py) + PostgreSQL + Redis.

    # once: a bench database with a 1,000-entrant, 9-round Carnac Swiss and a 5,000-player pool
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/brume_bench_load .venv/bin/python -m bench.load setup
    # the site (see docs/performance.md for the full environment), then:
    .venv/bin/python -m bench.load run --base http://127.0.0.1:8102 [--levels 1,8,32] [--seconds 5]
    # with "record upload": distinct Carnac logs POSTed to /api/v1/records/ with the token that
    # setup wrote to var/bench-load-token (each a new record: stored, then sent to the queue;
    # --token-file on both names another file, --warm the seconds each page is read before)
    # server time of standings and the event page, cold (after a change) and warm, in-process:
    DATABASE_URL=... REDIS_URL=redis://127.0.0.1:6379/10 .venv/bin/python -m bench.load server-time

Every figure is requests per second, p50 and p95 latency as the client saw them, and errors
(any status but 200/304, or a refused connection).
"""

from __future__ import annotations

import argparse
import gc
import http.client
import ipaddress
import os
import socket
import statistics
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

EVENT_NAME = "Bench Load Swiss"
POOL = "carnac-bench"
MAX_LEVEL = 64  # concurrent users at most
MAX_SECONDS = 30.0  # per page and level at most
TOKEN_FILE = Path(__file__).resolve().parent.parent / "var" / "bench-load-token"


def _django():
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()


def setup(entrants: int, rounds: int, players: int, token_file: Path = TOKEN_FILE) -> None:
    """Store the event (unless there) and a rating pool, in the database DATABASE_URL names."""
    from django.core.management import call_command

    _django()
    from django.db import connection

    call_command("migrate", verbosity=0)
    from bench.ranking import store_swiss
    from tournament.models import Event

    if not Event.objects.filter(name=EVENT_NAME).exists():
        started = time.perf_counter()
        stage = store_swiss(entrants, rounds, connection.vendor, name=EVENT_NAME)
        Event.objects.filter(pk=stage.event_id).update(status=Event.Status.RUNNING, visibility="public")
        print(f"stored {entrants} entrants, {rounds} rounds in {time.perf_counter() - started:.1f} s")
    _pool(players)
    _uploader(token_file)
    event = Event.objects.get(name=EVENT_NAME)
    print(f"event: /events/{event.slug}/")


def _uploader(token_file: Path) -> None:
    """An account that uploads logs in the "record upload" case, and its API token (written to
    ``token_file``, var/bench-load-token by default: only a hash is stored in the database)."""
    from django.contrib.auth import get_user_model

    from accounts.tokens import token_create

    user, _ = get_user_model().objects.get_or_create(username="load-uploader")
    _, key = token_create(user=user, name=f"bench {time.time():.0f}")
    token_file.parent.mkdir(parents=True, exist_ok=True)
    token_file.write_text(key)
    print(f"upload token written to {token_file}")


def _pool(players: int) -> None:
    import random
    from datetime import date, timedelta

    from django.contrib.auth import get_user_model

    from ranking.models import Player, Rating, RatingPool

    if RatingPool.objects.filter(slug=POOL).exists():
        return
    rng = random.Random(3)
    User = get_user_model()
    User.objects.bulk_create((User(username=f"load{i}", password="!") for i in range(players)), batch_size=5000)
    users = User.objects.filter(username__startswith="load").values_list("pk", flat=True)
    Player.objects.bulk_create((Player(user_id=u, name=f"load{i}") for i, u in enumerate(users)), batch_size=5000)
    pool = RatingPool.objects.create(slug=POOL, game="carnac", system="glicko2", name="Carnac (bench)")
    today = date.today()
    Rating.objects.bulk_create(
        (
            Rating(pool=pool, player_id=p, rating=rng.gauss(1500, 250), deviation=rng.uniform(45, 350),
                   volatility=0.06, provisional=False, games=rng.randint(1, 200), last_period=0,
                   last_played=today - timedelta(days=rng.randint(0, 720)))
            for p in Player.objects.filter(user__username__startswith="load").values_list("pk", flat=True)
        ),
        batch_size=5000,
    )  # fmt: skip


def pages(slug: str) -> dict[str, str]:
    api = f"/api/v1/events/{slug}/"
    return {
        "event page": f"/events/{slug}/",
        "round page": f"/events/{slug}/stages/1/rounds/9/",
        "standings": f"/events/{slug}/stages/1/standings/",
        "leaderboard": f"/ratings/{POOL}/",
        "API events": "/api/v1/events/",
        "API participants": api + "participants/",
        "API round": api + "stages/1/rounds/9/",
        "API standings": api + "stages/1/standings/",
        "API leaderboard": f"/api/v1/ratings/{POOL}/",
    }


def _loopback(base: str) -> tuple[str, int]:
    parts = urlsplit(base)
    host, port = parts.hostname or "", parts.port or 80
    if parts.scheme != "http" or not all(
        ipaddress.ip_address(a[4][0]).is_loopback for a in socket.getaddrinfo(host, port)
    ):
        raise SystemExit(f"{base}: the load benchmark only talks to this machine (http://127.0.0.1:PORT)")
    return host, port


def _find_slug(host: str, port: int) -> str:
    import json

    connection = http.client.HTTPConnection(host, port, timeout=30)
    connection.request("GET", "/api/v1/events/?page_size=100")
    body = json.loads(connection.getresponse().read())
    for event in body.get("results", body if isinstance(body, list) else []):
        if event.get("name") == EVENT_NAME:
            return event["slug"]
    raise SystemExit(f"no event named {EVENT_NAME!r}: run `python -m bench.load setup` first")


def load(host: str, port: int, path: str, users: int, seconds: float, uploads=None) -> dict:
    """``users`` threads, each on its own keep-alive connection, requesting ``path`` for
    ``seconds``; with ``uploads`` (an ``Uploads``), each request POSTs the next log instead."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop = time.perf_counter() + seconds

    def user() -> None:
        connection = http.client.HTTPConnection(host, port, timeout=30)
        mine, failed = [], 0
        while time.perf_counter() < stop:
            begin = time.perf_counter()
            try:
                if uploads is None:
                    connection.request("GET", path, headers={"Accept-Encoding": "gzip"})
                else:
                    body = uploads.next_body()
                    if body is None:
                        break  # no fresh log left
                    connection.request("POST", path, body=body, headers=uploads.headers)
                response = connection.getresponse()
                response.read()
                if response.status not in ((200, 304) if uploads is None else (201,)):
                    failed += 1
            except (OSError, http.client.HTTPException):
                failed += 1
                connection.close()
                connection = http.client.HTTPConnection(host, port, timeout=30)
                continue
            mine.append(time.perf_counter() - begin)
        connection.close()
        with lock:
            latencies.extend(mine)
            errors[0] += failed

    started = time.perf_counter()
    threads = [threading.Thread(target=user) for _ in range(users)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - started
    latencies.sort()
    quantile = (
        (lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000) if latencies else (lambda q: 0)
    )
    return {"rps": len(latencies) / elapsed, "p50": quantile(0.5), "p95": quantile(0.95), "errors": errors[0],
            "count": len(latencies)}  # fmt: skip


class Uploads:
    """Distinct game logs handed out to the upload threads, one each time."""

    def __init__(self, token: str, count: int):
        from bench.logs import make_logs

        self.headers = {"Authorization": f"Token {token}", "Content-Type": "text/plain; charset=utf-8"}
        first = int(time.time()) % 100_000 * 10_000  # a new run uploads logs not stored before
        started = time.perf_counter()
        self._bodies = iter(make_logs("carnac", count, first_seed=first))
        self._lock = threading.Lock()
        print(f"{count} Carnac logs made in {time.perf_counter() - started:.1f} s for the upload case")

    def next_body(self) -> bytes | None:
        """The next log in its text form (what a player's upload sends), or None when used up."""
        with self._lock:
            text = next(self._bodies, None)
        return None if text is None else text.encode()


def run(
    base: str,
    levels: list[int],
    seconds: float,
    only: list[str] | None,
    warm: float = 1.0,
    token_file: Path = TOKEN_FILE,
) -> None:
    host, port = _loopback(base)
    if max(levels) > MAX_LEVEL or seconds > MAX_SECONDS:
        raise SystemExit(f"at most {MAX_LEVEL} users and {MAX_SECONDS:.0f} s per page and level")
    slug = _find_slug(host, port)
    print(f"{base}  ({seconds:.0f} s per page and level)")
    print(f"{'page':<18} {'users':>5} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'errors':>7}")
    for name, path in pages(slug).items():
        if only and name not in only:
            continue
        load(host, port, path, 1, warm)  # warm: one reader computes what the others read
        for users in levels:
            r = load(host, port, path, users, seconds)
            print(f"{name:<18} {users:>5} {r['rps']:>8.1f} {r['p50']:>8.1f} {r['p95']:>8.1f} {r['errors']:>7}")
    if (only is None or "record upload" in only) and token_file.exists():
        uploads = Uploads(token_file.read_text().strip(), count=int(60 * seconds * len(levels)))
        for users in levels:
            r = load(host, port, "/api/v1/records/", users, seconds, uploads)
            print(
                f"{'record upload':<18} {users:>5} {r['rps']:>8.1f} {r['p50']:>8.1f} {r['p95']:>8.1f} {r['errors']:>7}"
            )


def server_time(repeat: int) -> None:
    """Standings and the event page through Django's test client (no network), as an anonymous
    reader: cold after a result of the last round changed (its version: what a correction
    writes), cold after a change of everything in a process that has built nothing yet (a new
    web worker), and warm."""
    _django()
    from django.conf import settings
    from django.db.models import F
    from django.test import Client

    from ranking import cache
    from ranking.models import GameDetail
    from ranking.standings import loading
    from tournament.models import Event, SeriesGame

    settings.ALLOWED_HOSTS = ["*"]
    event = Event.objects.get(name=EVENT_NAME)
    last = SeriesGame.objects.filter(match__round__stage__event=event, ranking_detail__isnull=False)
    game = last.order_by("-match__round__number", "match__table").values_list("pk", flat=True).first()

    def a_result() -> None:
        SeriesGame.objects.filter(pk=game).update(version=F("version") + 1)
        GameDetail.objects.filter(game_id=game).update(game_version=F("game_version") + 1)  # still its detail
        cache._bump(event.pk, (cache.EVERYTHING,))  # what results_changed does once committed

    def everything_in_a_new_process() -> None:
        loading.forget_kept_rounds()
        cache._bump(event.pk, cache.SCOPES)

    client = Client()
    changes = {"after a result": a_result, "new process": everything_in_a_new_process}
    for url in (f"/events/{event.slug}/", f"/events/{event.slug}/stages/1/standings/"):
        assert client.get(url).status_code == 200  # the code a first view loads
    gc.collect()
    gc.freeze()  # as a web worker does once started (config/asgi.py)
    for label, url in [
        ("standings", f"/events/{event.slug}/stages/1/standings/"),
        ("event page", f"/events/{event.slug}/"),
    ]:
        assert client.get(url).status_code == 200
        figures = []
        for change, make in changes.items():
            cold, warm = [], []
            for _ in range(repeat):
                make()
                begin = time.perf_counter()
                assert client.get(url).status_code == 200
                cold.append(time.perf_counter() - begin)
                for _ in range(3):
                    begin = time.perf_counter()
                    assert client.get(url).status_code == 200
                    warm.append(time.perf_counter() - begin)
            figures.append(f"cold {change} {statistics.median(cold) * 1000:5.0f} ms")
        figures.append(f"warm {statistics.median(warm) * 1000:5.1f} ms")
        print(f"{label:<11} " + "   ".join(figures) + f"   (median of {repeat})")
    print("aims: cold < 500 ms, warm < 50 ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("setup")
    s.add_argument("--entrants", type=int, default=1000)
    s.add_argument("--rounds", type=int, default=9)
    s.add_argument("--players", type=int, default=5000)
    s.add_argument("--token-file", type=Path, default=TOKEN_FILE, help="where the upload token is written")
    r = sub.add_parser("run")
    r.add_argument("--base", default="http://127.0.0.1:8000")
    r.add_argument("--levels", default="1,8,32")
    r.add_argument("--seconds", type=float, default=5.0)
    r.add_argument("--only", default="", help="page names, comma-separated")
    r.add_argument("--warm", type=float, default=1.0, help="seconds one reader reads each page before it is timed")
    r.add_argument("--token-file", type=Path, default=TOKEN_FILE, help="the upload token setup wrote")
    t = sub.add_parser("server-time")
    t.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if args.command == "setup":
        setup(args.entrants, args.rounds, args.players, args.token_file)
    elif args.command == "run":
        levels = [int(level) for level in args.levels.split(",")]
        only = [o.strip() for o in args.only.split(",") if o.strip()] or None
        run(args.base, levels, args.seconds, only, args.warm, args.token_file)
    else:
        server_time(args.repeat)


if __name__ == "__main__":
    main()
