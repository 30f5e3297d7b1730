"""Smoke tests of the benchmarks that run on PostgreSQL and Redis, as in production: the
leaderboard and the standings read from the database (``bench.ranking``), logs validated through
Celery (``bench.logs``), the live push through gunicorn (``bench.live_push``) and the pages of a
stored Swiss under load (``bench.load``: setup, run against gunicorn, server-time).

Each test names PostgreSQL databases of its own (``bench_database``) and the benchmarks' Redis
database (``bench_redis_url``), never the developer's bench databases or the run's test database.
Skipped unless the run's ``DATABASE_URL`` is a PostgreSQL one.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import uuid

import pytest

from tests.bench.runner import NUMBER, ROOT, bench_env, lines_matching, one_line, run_bench

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


def test_the_ranking_benchmark_times_the_leaderboard_and_the_standings_read_from_postgresql(var_dir, bench_database):
    env = bench_env(var_dir, DATABASE_URL=bench_database("ranking"))

    out = run_bench(
        "ranking",
        *("--entrants", "10", "--rounds", "3", "--players", "20", "--skip-standings", "--skip-ratings"),
        env=env,
        timeout=120,
    )

    one_line(rf"leaderboard: 20 rated players loaded in {NUMBER} s \(postgresql\)", out)
    pages = lines_matching(rf"\s+(page|API).*: median ({NUMBER}) ms, best ({NUMBER}) ms", out)
    assert len(pages) == 5
    one_line(rf"standings from the database: 10 entrants, 3 rounds built in {NUMBER} s \(postgresql\)", out)
    one_line(rf"\s+stage_standings, reads included: best {NUMBER} s, worst {NUMBER} s", out)


def test_the_logs_benchmark_validates_logs_directly_and_through_a_celery_worker(
    var_dir, bench_database, bench_redis_url
):
    env = bench_env(var_dir, DATABASE_URL=bench_database("logs"))

    out = run_bench(
        "logs",
        *("--logs", "3", "--batch", "2", "--records", "3", "--games", "carnac", "--redis", bench_redis_url),
        env=env,
        timeout=120,
    )

    assert "not reachable" not in out
    one_line(r"game\s+logs\s+direct/s\s+celery/s\s+cost\s+batch2/s\s+cost", out)
    row = one_line(r"carnac\s+3\s+(\d+)\s+(\d+)\s+-?\d+%\s+(\d+)\s+-?\d+%", out)
    assert all(int(figure) > 0 for figure in row.groups())
    one_line(r"stored records \(postgresql\), verdicts written; one worker, 2 records per task", out)
    records = one_line(r"carnac\s+3\s+(\d+)\s+(\d+)\s+-?\d+%$", out)
    assert all(int(figure) > 0 for figure in records.groups())


def test_the_live_push_benchmark_measures_round_trips_pushes_and_watchers(var_dir, bench_database, bench_redis_url):
    env = bench_env(
        var_dir,
        DATABASE_URL=bench_database("push"),
        REDIS_URL=bench_redis_url,
        BRUME_DERIVED_CACHE_NAMESPACE=f"bench-smoke-{uuid.uuid4().hex}",
    )

    out = run_bench(
        "live_push",
        *("--games", "1", "--moves", "2", "--pace", "0.01", "--watchers", "4", "--watch-games", "1"),
        *("--push-events", "3", "--push-rate", "100"),
        env=env,
        timeout=120,
    )

    assert "skipped" not in out
    one_line(rf"database postgresql, push {bench_redis_url}, web workers 1", out)
    one_line(
        rf"round trip, 1 games: p50 {NUMBER} ms, p95 {NUMBER} ms, p99 {NUMBER} ms, max {NUMBER} ms over 2 moves .*, errors 0;",
        out,
    )
    one_line(rf"push alone \(Redis PUBLISH to the stream\), 1 games: p50 {NUMBER} ms, .* over 3 events, lost 0", out)
    one_line(r"watchers: 4 streams over 1 games, 2 moves pushed; refused 0, behind or broken 0, game errors 0", out)
    one_line(rf"\s+web RSS {NUMBER} MiB -> {NUMBER} MiB with the streams open: -?{NUMBER} KiB per stream", out)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def load_site(var_dir, bench_database, bench_redis_url, tmp_path):
    """A bench database holding ``bench.load setup``'s tiny Swiss, and the site served on it as
    docs/performance.md serves it (gunicorn with one uvicorn worker): (environment, base URL,
    token file, setup's output)."""
    env = bench_env(
        var_dir,
        DATABASE_URL=bench_database("load", create=True),
        REDIS_URL=bench_redis_url,
        BRUME_DERIVED_CACHE_NAMESPACE=f"bench-smoke-{uuid.uuid4().hex}",
        DEBUG="false",
    )
    token_file = tmp_path / "bench-load-token"
    # Nine rounds, as the pages read (round 9); six entrants and twenty rated players.
    setup = run_bench(
        "load",
        *("setup", "--entrants", "6", "--rounds", "9", "--players", "20", "--token-file", str(token_file)),
        env=env,
        timeout=120,
    )
    port = _free_port()
    site_env = {
        **env,
        "BRUME_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "API_ANON_RATE": "100000000/min",
        "API_USER_RATE": "100000000/min",
    }
    command = [sys.executable, "-m", "gunicorn", "config.asgi:application", "-c", "config/gunicorn.conf.py"]
    command += ["--access-logfile", "/dev/null", "--log-level", "warning"]
    with open(tmp_path / "gunicorn.log", "wb") as log:
        server = subprocess.Popen(
            command, cwd=ROOT, env=site_env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"gunicorn did not start:\n{(tmp_path / 'gunicorn.log').read_text()}")
                time.sleep(0.1)
        yield env, f"http://127.0.0.1:{port}", token_file, setup
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(5)


def test_the_load_benchmark_reads_every_page_and_uploads_records_without_an_error(load_site):
    env, base, token_file, setup = load_site

    run = run_bench(
        "load",
        *("run", "--base", base, "--levels", "1", "--seconds", "0.2", "--warm", "0.1", "--token-file", str(token_file)),
        env=env,
        timeout=120,
    )
    server_time = run_bench("load", "server-time", "--repeat", "1", env=env, timeout=120)

    one_line(rf"stored 6 entrants, 9 rounds in {NUMBER} s", setup)
    one_line(rf"upload token written to {token_file}$", setup)
    one_line(r"event: /events/bench-load-swiss[\w-]*/$", setup)
    one_line(r"page\s+users\s+req/s\s+p50 ms\s+p95 ms\s+errors", run)
    rows = lines_matching(rf"(\w[\w ]*?)\s+1\s+({NUMBER})\s+{NUMBER}\s+{NUMBER}\s+(\d+)$", run)
    names = [row[1] for row in rows]
    assert names == [
        "event page", "round page", "standings", "leaderboard", "API events", "API participants",
        "API round", "API standings", "API leaderboard", "record upload",
    ]  # fmt: skip
    assert [(row[1], row[3]) for row in rows if row[3] != "0"] == []  # every answer a 200 (uploads: 201)
    assert all(float(row[2]) > 0 for row in rows)
    for page in ("standings", "event page"):
        one_line(
            rf"{page}\s+cold after a result\s+{NUMBER} ms\s+cold new process\s+{NUMBER} ms\s+warm\s+{NUMBER} ms",
            server_time,
        )
