"""Logs validated per second, per game: directly in this process, and through Celery on Redis
with one worker process (the ratio is the queue's cost). Both sides get a warm pass, then the
best of three timed passes.

    python -m bench.logs [--logs 300] [--batch 50] [--records 200] [--redis redis://127.0.0.1:6379/12]

Then the production path: stored records claimed, replayed and their verdicts written, one by
one in this process against ``games.validate_records`` tasks on one worker, in a throw-away copy
of the configured database (run with DATABASE_URL set to PostgreSQL for the production figure).

Needs Redis for the Celery part (skipped with a message when it is not reachable).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def make_logs(game: str, count: int, first_seed: int = 0) -> list[str]:
    from games.ai import RandomPlayer
    from games.ai.match import play_game
    from games.engines import get_engine
    from games.gamelog import textform

    engine = get_engine(game)
    seats = max(2, engine.info.min_seats)
    return [
        textform.dumps(play_game(engine, [RandomPlayer() for _ in range(seats)], seed=seed).log)
        for seed in range(first_seed, first_seed + count)
    ]


REPEATS = 3  # each figure is the best of three timed passes: this machine is shared and noisy


def best_rate(count: int, run) -> float:
    """Items per second of the fastest of ``REPEATS`` runs of ``run()``."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def direct_rate(texts: list[str]) -> float:
    from games.gamelog import parse_log
    from games.gamelog.validator import validate

    def validate_all():
        for text in texts:
            assert validate(parse_log(text)).valid

    validate_all()  # a warm pass: workers are long-lived, and Python and the engines warm up
    return best_rate(len(texts), validate_all)


def start_worker(redis_url: str, queue: str, database_url: str | None = None) -> subprocess.Popen:
    """One worker process as production runs it (prefork pool), with one child."""
    env = {**os.environ, "REDIS_URL": redis_url, "DJANGO_SETTINGS_MODULE": "config.settings"}
    if database_url:
        env["DATABASE_URL"] = database_url
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=prefork", "--concurrency=1",
               "-Q", queue, "--without-gossip", "--without-mingle", "--loglevel=WARNING", "-n", f"{queue}@%h"]  # fmt: skip
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    from games.tasks import ping

    ping.apply_async(queue=queue).get(timeout=60)  # returns once the worker is consuming
    return process


def celery_rate(texts: list[str], queue: str, batch: int) -> tuple[float, float]:
    """(logs/s with one task per log, logs/s with ``batch`` logs per task)."""
    from games.tasks import check_log, check_logs

    def one_task_per_log():
        results = [check_log.apply_async((text,), queue=queue) for text in texts]
        assert all(result.get(timeout=300)["valid"] for result in results)

    def batched_tasks():
        chunks = [texts[i : i + batch] for i in range(0, len(texts), batch)]
        results = [check_logs.apply_async((chunk,), queue=queue) for chunk in chunks]
        assert all(all(v["valid"] for v in result.get(timeout=300)) for result in results)

    check_logs.apply_async((texts,), queue=queue).get(timeout=300)  # the same warm pass in the worker
    return best_rate(len(texts), one_task_per_log), best_rate(len(texts), batched_tasks)


def records_rates(slugs: list[str], count: int, batch: int, redis_url: str) -> None:
    """The production path: stored records validated (claimed, replayed, verdict written) one by
    one in this process, against ``games.validate_records`` tasks of ``batch`` records on one
    worker. Both use a throw-away copy of the configured database, which the worker shares."""
    from django.db import connection

    from games.engines import get_engine

    old_name = connection.settings_dict["NAME"]
    bench_name = f"{old_name}_bench_logs"
    connection.settings_dict.setdefault("TEST", {})["NAME"] = bench_name
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    queue = f"bench-{uuid.uuid4().hex[:6]}"
    worker = None
    try:
        worker = start_worker(redis_url, queue, database_url=_database_url(connection.settings_dict, bench_name))
        print(f"\nstored records ({connection.vendor}), verdicts written; one worker, {batch} records per task")
        print(f"{'game':<12}{'records':>8}{'direct/s':>11}{'celery/s':>11}{'cost':>7}")
        for slug in slugs:
            get_engine(slug)
            texts = make_logs(slug, 3 * count, first_seed=10_000)
            direct = _records_direct(texts[:count], texts[count : 2 * count])
            queued = _records_queued(texts[2 * count :], texts[count : count + batch], queue, batch)
            print(f"{slug:<12}{count:>8}{direct:>11.0f}{queued:>11.0f}{direct / queued - 1:>7.0%}", flush=True)
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(timeout=20)
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _database_url(settings_dict: dict, name: str) -> str:
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    user, host, port = settings_dict.get("USER") or "", settings_dict.get("HOST") or "", settings_dict.get("PORT")
    password = f":{settings_dict['PASSWORD']}" if settings_dict.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}{f':{port}' if port else ''}/{name}"


def _stored(texts: list[str]) -> list[int]:
    from games.services import record_upload

    return [record_upload(data=text, enqueue=False).record.pk for text in texts]


def _records_direct(texts: list[str], warm: list[str]) -> float:
    from games.services import record_validate

    for record_id in _stored(warm[: len(warm) // 4]):  # a warm pass, as for the worker
        record_validate(record_id=record_id)
    ids = _stored(texts)
    start = time.perf_counter()
    for record_id in ids:
        assert record_validate(record_id=record_id).status == "valid"
    return len(ids) / (time.perf_counter() - start)


def _records_queued(texts: list[str], warm: list[str], queue: str, batch: int) -> float:
    from games.models import GameRecord
    from games.tasks import validate_records

    validate_records.apply_async((_stored(warm),), queue=queue, ignore_result=False).get(timeout=300)
    ids = _stored(texts)
    start = time.perf_counter()
    results = [
        validate_records.apply_async((ids[i : i + batch],), queue=queue, ignore_result=False)
        for i in range(0, len(ids), batch)
    ]
    for result in results:
        result.get(timeout=600)
    elapsed = time.perf_counter() - start
    assert GameRecord.objects.filter(pk__in=ids, status="valid").count() == len(ids)
    return len(ids) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--logs", type=int, default=300)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--redis", default=os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/12"))
    parser.add_argument("--games", default="", help="comma-separated slugs (default: every game)")
    parser.add_argument("--records", type=int, default=200, help="stored records per game for the production path")
    parser.add_argument("--skip-records", action="store_true")
    args = parser.parse_args()
    os.environ["REDIS_URL"] = args.redis
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    import redis

    from games.engines import all_engines

    slugs = [s for s in args.games.split(",") if s] or [engine.info.slug for engine in all_engines()]
    try:
        redis.Redis.from_url(args.redis, socket_connect_timeout=2).ping()
        have_redis = True
    except redis.RedisError as exc:
        print(f"Redis at {args.redis} is not reachable ({exc}): direct figures only")
        have_redis = False
    queue = f"bench-{uuid.uuid4().hex[:6]}"
    worker = start_worker(args.redis, queue) if have_redis else None
    try:
        print(
            f"{'game':<12}{'logs':>6}{'direct/s':>11}{'celery/s':>11}{'cost':>7}{f'batch{args.batch}/s':>13}{'cost':>7}"
        )
        for slug in slugs:
            texts = make_logs(slug, args.logs)
            direct = direct_rate(texts)
            line = f"{slug:<12}{len(texts):>6}{direct:>11.0f}"
            if worker is not None:
                single, batched = celery_rate(texts, queue, args.batch)
                line += f"{single:>11.0f}{direct / single - 1:>7.0%}{batched:>13.0f}{direct / batched - 1:>7.0%}"
            print(line, flush=True)
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(timeout=20)
    if have_redis and not args.skip_records:
        records_rates(slugs, args.records, args.batch, args.redis)


if __name__ == "__main__":
    main()
