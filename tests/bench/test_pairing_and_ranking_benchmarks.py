"""Smoke tests of the pairing and ranking benchmarks that need no PostgreSQL: a Swiss round and
the table format on simulated events, Swiss stages played through the site's services in a
throw-away SQLite database (``bench.pairing --from-site``, which runs ``bench.pairing_site`` and
``bench.pairing_trf``), and the pure-Python standings and Glicko-2 figures of ``bench.ranking``.

bbpPairings is never looked for (``--bbp ''``): Brume's own figures are what is checked.
"""

from __future__ import annotations

import pytest

from tests.bench.runner import NUMBER, bench_env, one_line, run_bench

pytestmark = pytest.mark.slow


def test_the_pairing_benchmark_prints_a_swiss_round_and_the_table_format(var_dir):
    out = run_bench(
        "pairing", "--sizes", "20", "--rounds-before", "2", "--tables", "20", "--bbp", "", env=bench_env(var_dir)
    )

    assert "bbpPairings not found" in out
    one_line(r"Swiss: round 3 after 2 simulated rounds \(seed 2024\), one core", out)
    row = one_line(rf"\s+20\s+brume\s+({NUMBER})\s+(\d+)\s+{NUMBER}\s+\d+", out)
    assert row[2] == "0"  # no rematch in round 3 of 20 entrants
    one_line(rf"Tables 3-5 \(prefer 4\): 20 entrants, round 4: {NUMBER} s, 5 tables, \d+ repeat meeting", out)


def test_the_pairing_benchmark_from_the_site_exports_and_imports_a_stage_losing_nothing(var_dir):
    out = run_bench(
        "pairing", "--from-site", "--site-sizes", "8", "--site-rounds", "3", "--bbp", "", env=bench_env(var_dir)
    )

    one_line(
        r"site Swiss 8 entrants: 3 rounds played through the services in .* \(\d+ games ruled, 2 forfeits, 1 withdrawn\)",
        out,
    )
    one_line(rf"\s+stage_trf: {NUMBER} s, \d+ lines", out)
    one_line(rf"\s+brume\s+{NUMBER}\s+3\s+0\s", out)  # 7 left after a withdrawal: three tables, no rematch
    trip = one_line(r"\s+round trip: TRF imported .* differs from the original's in (\d+) of 3 tables", out)
    assert trip[1] == "0"  # with the event's seed copied, the same pairing table for table


def test_the_ranking_benchmark_prints_standings_and_rating_replay_figures(var_dir):
    out = run_bench(
        "ranking",
        *("--entrants", "20", "--rounds", "3", "--games", "10000", "--skip-leaderboard", "--skip-db-standings"),
        env=bench_env(var_dir),
    )

    one_line(
        rf"standings: 20 entrants, 3 rounds, 9 tie-breaks with explanations: best {NUMBER} s, worst {NUMBER} s", out
    )
    one_line(
        rf"ratings: Glicko-2 replay of 10000 games, \d+ players, .* \(2 periods, \d+ player-periods\): {NUMBER} s", out
    )
