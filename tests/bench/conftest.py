"""What the benchmarks' smoke tests share: a var folder per test, PostgreSQL databases of their own
(dropped afterwards), the Redis database they may use, and the ``postgres`` marker's skip.

Databases: a benchmark that uses PostgreSQL is given ``DATABASE_URL`` naming a database of the
test's own, ``brume_bench_smoke_<xdist worker>_<pid>_<tag>`` (the benchmarks derive the names of
their throw-away databases from it: ``..._bench_ranking``, ``..._bench_logs``), on the server the
run's own ``DATABASE_URL`` names; two xdist workers, two runs side by side, or a developer's real
bench database (``brume_bench``, ``brume_bench_load``) are never touched. Every database with that
prefix is dropped when the test ends, whether the benchmark dropped its own or not.

Redis: the tests' Redis (``tests.private_redis.url()``: a private redis-server unless one was
named), database 9, which no other test uses, emptied before and after each test.
"""

from __future__ import annotations

import os
import re

import pytest

from tests import private_redis

REDIS_DATABASE = 9  # the tests use 14 and, one per xdist worker, the numbers below it


def _run_database_url() -> str:
    return os.environ.get("DATABASE_URL", "")


def _is_postgres(url: str) -> bool:
    return url.startswith(("postgres://", "postgresql://"))


@pytest.fixture(autouse=True)
def skip_postgres_tests_on_sqlite(request):
    """``@pytest.mark.postgres``: skipped unless the run's DATABASE_URL is a PostgreSQL one."""
    if request.node.get_closest_marker("postgres") and not _is_postgres(_run_database_url()):
        pytest.skip("needs PostgreSQL: run with DATABASE_URL=postgres://...")


@pytest.fixture
def var_dir(tmp_path):
    """The benchmark's var folder (its SQLite file, static files, tokens): the test's own."""
    folder = tmp_path / "var"
    folder.mkdir()
    return folder


@pytest.fixture
def bench_database(worker_id):
    """``bench_database(tag)``: the URL of a PostgreSQL database of this test's own, created empty
    with ``create=True`` (most benchmarks create theirs); every database of the test's prefix is
    dropped afterwards."""
    import psycopg

    server = _run_database_url().rsplit("/", 1)[0]
    prefix = f"brume_bench_smoke_{worker_id}_{os.getpid()}"

    def url(tag: str, create: bool = False) -> str:
        if create:
            with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
                connection.execute(f'CREATE DATABASE "{prefix}_{tag}"')
        return f"{server}/{prefix}_{tag}"

    yield url
    with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
        names = connection.execute(
            "SELECT datname FROM pg_database WHERE starts_with(datname, %s)", (f"{prefix}_",)
        ).fetchall()
        for (name,) in names:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def bench_redis_url():
    """The tests' Redis, in the database kept for the benchmarks (9), emptied before and after the
    test: what a benchmark leaves there (queued tasks, cache entries keyed by database ids) must
    not meet the next one. The tests using it are all in test_service_benchmarks.py, so that
    ``make test`` (``--dist loadfile``) runs them one after the other on one worker."""
    import redis

    configured = private_redis.url()
    if not configured:
        pytest.fail("no Redis for the benchmarks: tests/private_redis.py should have started one")
    server = re.sub(r"/\d+$", "", configured.rstrip("/"))
    url = f"{server}/{REDIS_DATABASE}"
    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        client.flushdb()
    except redis.RedisError as exc:
        pytest.fail(f"the benchmarks need Redis at {url}: {exc}")
    yield url
    client.flushdb()
    client.close()
