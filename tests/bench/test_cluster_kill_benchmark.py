"""Smoke test of ``bench.cluster_kill``: the multi-node layout (two gunicorn nodes, HAProxy, a
private Redis the layout starts in the test's var folder) on a PostgreSQL database of the test's
own, a tiny round, one node killed and started again: nothing lost, nothing played twice.

Needs PostgreSQL (skipped on SQLite runs) and HAProxy (tools/test-prerequisites.sh installs it
for PostgreSQL runs).
"""

from __future__ import annotations

import pytest

from tests.bench.runner import NUMBER, bench_env, one_line, run_bench

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


def test_the_node_kill_benchmark_loses_no_move_and_plays_none_twice(var_dir, bench_database):
    env = bench_env(var_dir, DATABASE_URL=bench_database("cluster"))

    out = run_bench(
        "cluster_kill",
        *("--games", "2", "--moves", "6", "--pace", "0.05", "--kill-at", "0.4", "--no-worker"),
        env=env,
        timeout=150,
    )

    one_line(r"cluster kill: 2 games, 2 web nodes behind haproxy, database postgresql, the second node killed", out)
    one_line(r"moves sent 12, acknowledged 12, .* moves stored 12, duplicates 0, lost 0, texts differing 0$", out)
    one_line(r"streams: 4 held, .* behind at the end 0; clocks consistent 2/2; errors 0$", out)
    one_line(rf"round trip .*: p50 {NUMBER} ms, p95 {NUMBER} ms, max {NUMBER} ms over 12 moves", out)
