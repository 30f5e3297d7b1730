"""The web CPU of one live move: what a move POST costs the web process, per game.

    python -m bench.live_move [--games carnac,menhirs,brouillard,fog,mists] [--samples 60]
                              [--via api,fragment] [--database postgres|sqlite] [--broker redis|none]

For each of the five games, games between two people are played move by move through Django's
test client, in this process: the seat to move reads its legal moves (``GET
/api/v1/live/<id>/``, not measured), picks one at random (seeded), and POSTs it; the sample is
the process CPU time (``time.process_time()``) spent in that POST, from the request to its
response: reading the game, checking the seat, playing the move, the write, the announce and the
response body the seat receives. Two people play, so no AI reply is ever part of a sample.

``--via api``: ``POST /api/v1/live/<id>/moves/`` (JSON, token auth only, as an API client). ``--via fragment``: the
play page's POST as htmx sends it (form data, session auth), answered with the board fragment
(its SVG picture and move list included). A new game starts whenever one ends, until
``--samples`` moves of each game are measured; the first two POSTs of a game type warm up and are
not counted.

``--database postgres`` (the default): ``DATABASE_URL``, by default
postgres://postgres@127.0.0.1:5432/brume_bench, created and migrated if missing (the server's
own CPU is not counted: it is another process). ``--database sqlite``: a file in ``var/``
(SQLite's work is in-process and counted). ``--broker redis`` (the default): ``REDIS_URL``, by
default redis://127.0.0.1:6379/12, for the push channel and Celery, as in production (a move
only publishes); ``--broker none``: embedded mode (tasks eager, push in-process).

It prints the median and p95 per game and the machine's load average; run the same command on
two checkouts in one sitting to compare them. ``--profile FILE``: also profile the measured POSTs
(cProfile, counting CPU time, not waits) into FILE, to read with ``python -m pstats FILE``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("carnac", "menhirs", "brouillard", "fog", "mists")
OPTIONS = {"carnac": {"board": "small"}}  # the others: their defaults
WARM_UP = 2


def configure(database: str, broker: str) -> None:
    if database == "sqlite":
        (ROOT / "var").mkdir(exist_ok=True)
        os.environ["DATABASE_URL"] = f"sqlite:///{ROOT / 'var' / 'bench_live_move.sqlite3'}"
    else:
        os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/brume_bench")
    if broker == "none":
        for name in ("REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
            os.environ.pop(name, None)
    else:
        os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/12")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "false"  # no query log growing in memory
    os.environ["API_USER_RATE"] = "1000000/min"
    from bench.live_push import create_database

    create_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Table:
    """One live game between two fresh people, each with a test client (session and token)."""

    def __init__(self, game: str, number: int, prefix: str):
        from django.contrib.auth import get_user_model
        from django.test import Client

        from accounts.tokens import token_for
        from games.live import live_create

        people = [
            get_user_model().objects.create_user(username=f"{prefix}{game[:3]}{number}x{seat}", password=None)
            for seat in range(2)
        ]
        self.live = live_create(
            game=game,
            seats=[{"name": p.username, "player": f"user:{p.pk}"} for p in people],
            options=OPTIONS.get(game),
            seed=number,
        )
        self.clients = []  # per seat: the API's (a token, as an API client sends) and the page's (a session)
        for person in people:
            page = Client()
            page.force_login(person)
            self.clients.append({"api": Client(HTTP_AUTHORIZATION=f"Token {token_for(person)}"), "fragment": page})

    def next_move(self, rng: random.Random) -> tuple[int, str, int] | None:
        """(the seat to move, a legal move of its, the version it saw); None once the game is over."""
        for seat, clients in enumerate(self.clients):
            view = clients["api"].get(f"/api/v1/live/{self.live.public_id}/").json()
            if view["status"] != "playing":
                return None
            if view["my_turn"] and view["legal_moves"]:
                return seat, rng.choice(view["legal_moves"]), view["version"]
        return None

    def post(self, via: str, seat: int, move: str, version: int) -> int:
        client = self.clients[seat][via]
        if via == "api":
            return client.post(
                f"/api/v1/live/{self.live.public_id}/moves/",
                {"move": move, "version": version},
                content_type="application/json",
            ).status_code
        return client.post(
            f"/play/{self.live.public_id}/", {"move": move, "version": version}, HTTP_HX_REQUEST="true"
        ).status_code


def measure(game: str, via: str, samples: int, moves_per_game: int, prefix: str, profiler=None) -> list[float]:
    """``samples`` CPU times (seconds) of move POSTs in ``game`` (profiled by ``profiler`` if given)."""
    rng = random.Random(f"{game}:{via}")
    times: list[float] = []
    number = 0
    posts = 0
    while len(times) < samples:
        number += 1
        table = Table(game, number, f"{prefix}{via[0]}")
        for _ in range(moves_per_game):
            chosen = table.next_move(rng)
            if chosen is None:
                break
            seat, move, version = chosen
            if profiler is not None and posts >= WARM_UP:
                profiler.enable()
            start = time.process_time()
            status = table.post(via, seat, move, version)
            spent = time.process_time() - start
            if profiler is not None:
                profiler.disable()
            if status != 200:
                raise RuntimeError(f"{game}: the move {move!r} answered {status}")
            posts += 1
            if posts > WARM_UP:
                times.append(spent)
            if len(times) >= samples:
                break
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES), help="the games measured, by slug")
    parser.add_argument("--samples", type=int, default=60, help="move POSTs measured per game")
    parser.add_argument("--moves-per-game", type=int, default=40, help="moves played in one game before a new one")
    parser.add_argument("--via", default="api,fragment", help="api, fragment, or both")
    parser.add_argument("--database", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument("--broker", choices=("redis", "none"), default="redis")
    parser.add_argument("--profile", metavar="FILE", help="profile the measured POSTs (CPU time) into FILE")
    args = parser.parse_args()
    configure(args.database, args.broker)
    from django.db import connection

    print(
        f"database {connection.vendor}, broker {os.environ.get('REDIS_URL', 'none (embedded)')}, "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    )
    prefix = f"lm{time.strftime('%H%M%S')}"
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time)
    for via in args.via.split(","):
        for game in args.games.split(","):
            times = measure(game, via, args.samples, args.moves_per_game, prefix, profiler)
            print(
                f"{via:9} {game:11} web CPU per move: median {1000 * statistics.median(times):6.2f} ms, "
                f"p95 {1000 * percentile(times, 0.95):6.2f} ms over {len(times)} moves",
                flush=True,
            )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    if profiler is not None:
        profiler.dump_stats(args.profile)
        print(f"profile of the measured POSTs: {args.profile} (python -m pstats {args.profile})")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
