"""Smoke tests of the games' benchmarks (engine speed, AI time and strength, gestures, the live
page's history): each runs as ``python -m bench.<module>`` on a tiny size and prints its figures.

None needs a database or Redis; together they take a few seconds.
"""

from __future__ import annotations

import pytest

from tests.bench.runner import NUMBER, bench_env, lines_matching, one_line, run_bench

pytestmark = pytest.mark.slow


def test_the_carnac_benchmark_prints_its_speed_figures_on_every_board(var_dir):
    out = run_bench("carnac", "--seconds", "0.05", env=bench_env(var_dir))

    assert "Carnac speed, one core, 0.05 s per figure" in out
    for board in ("small", "medium", "large"):
        line = one_line(
            rf"\s+{board}\s+({NUMBER}) random games/s .* ({NUMBER}) legal_moves calls/s\s+\(({NUMBER}) moves per position",
            out,
        )
        assert float(line[1]) > 0 and float(line[2]) > 0 and float(line[3]) > 0


def test_the_carnac_benchmark_measures_an_ai_level_against_random_play(var_dir):
    out = run_bench(
        "carnac", "--strength", "--level", "greedy", "--games", "2", "--board", "small", env=bench_env(var_dir)
    )

    line = one_line(r"greedy vs random on the small board: (\d+) wins, (\d+) draws, (\d+) losses in 2 games = ", out)
    assert sum(int(n) for n in line.groups()) == 2


def test_the_menhirs_benchmark_prints_speed_figures_and_their_median_over_runs(var_dir):
    out = run_bench("menhirs", "--games", "2", "--runs", "2", env=bench_env(var_dir))

    runs = lines_matching(rf"run [12]: .*: ({NUMBER}) random games/s .* ({NUMBER}) legal-move generations/s", out)
    assert len(runs) == 6  # two runs of three option sets
    assert all(float(run[1]) > 0 and float(run[2]) > 0 for run in runs)
    assert len(lines_matching(rf".*: median {NUMBER} random games/s \(spread ", out)) == 3


def test_the_menhirs_benchmark_scores_a_search_level_against_random_play(var_dir):
    out = run_bench(
        "menhirs", "--strength", "--level", "search", "--games", "2", "--iterations", "50", env=bench_env(var_dir)
    )

    line = one_line(r"search \(50 positions a move\) v random, 2 games .*: (\d+) wins, (\d+) draws, (\d+) losses", out)
    assert sum(int(n) for n in line.groups()) == 2
    assert "ms a move on average, worst " in out


def test_the_brouillard_benchmark_prints_random_games_and_master_think_time(var_dir):
    out = run_bench("brouillard", "--random-games", "2", "--think-games", "1", env=bench_env(var_dir))

    assert float(one_line(rf"random games: 2 games, ({NUMBER}) games/s \({NUMBER} plies/s\)", out)[1]) > 0
    one_line(rf"Master think time over 1 games: mean {NUMBER} ms, max {NUMBER} ms", out)


def test_the_brouillard_benchmark_plays_one_pairing_of_levels_on_paired_seeds(var_dir):
    out = run_bench("brouillard", "--versus", "master,beginner", "--games", "2", env=bench_env(var_dir))

    line = one_line(r"master vs beginner: 2 games, W/D/L (\d+)/(\d+)/(\d+), score .*master think mean", out)
    assert sum(int(n) for n in line.groups()) == 2


def test_the_fog_benchmark_prints_its_speed_and_each_ai_levels_time_per_decision(var_dir):
    out = run_bench("fog", "--seconds", "0.05", "--decisions", "2", env=bench_env(var_dir))

    assert float(one_line(rf"\s+({NUMBER}) random games/s", out)[1]) > 0
    assert float(one_line(rf"\s+({NUMBER}) legal_moves calls/s in phase 2", out)[1]) > 0
    decisions = lines_matching(rf"\s+(\w+)\s+({NUMBER}) ms per decision \(phase 2", out)
    assert [line[1] for line in decisions][-1] == "mcts"
    assert len(decisions) >= 3  # greedy, search and the unlisted MCTS player at least


def test_the_fog_benchmark_measures_strength_and_the_two_standard_boards(var_dir):
    strength = run_bench("fog", "--strength", "--level", "greedy", "--games", "1", env=bench_env(var_dir))
    boards = run_bench("fog", "--boards", "--games", "1", "--ai-games", "1", env=bench_env(var_dir))

    one_line(r"greedy vs 3 random players, 4 players on Standard: [01]/1 first places", strength)
    for board in ("standard", "standard-packed"):
        one_line(rf"\s+{board}\s+random:\s+{NUMBER} plies, .* mean RP", boards)
    assert len(lines_matching(r"\s+greedy: [01]/1 first places", boards)) == 2


def test_the_mists_benchmark_prints_speed_figures_at_every_level(var_dir):
    out = run_bench("mists", "--seconds", "0.02", env=bench_env(var_dir))

    figures = lines_matching(
        rf"\s+level ([1-6])( \+circles)?\s+({NUMBER}) random games/s .* ({NUMBER}) legal_moves calls/s", out
    )
    assert {(line[1], bool(line[2])) for line in figures} == {(str(n), c) for n in range(1, 7) for c in (False, True)}
    assert all(float(line[3]) > 0 and float(line[4]) > 0 for line in figures)


def test_the_mists_benchmark_compares_ai_levels_on_the_same_deals(var_dir):
    out = run_bench("mists", "--winrate", "--levels", "random", "greedy", "--games", "1", env=bench_env(var_dir))

    for level in ("random", "greedy"):
        one_line(rf"\s+{level}\s+level 1, 1 seat\(s\): [01]/1 won = ", out)
    one_line(rf"\s+greedy v random on the same deals: .* exact sign test p = {NUMBER}", out)


def test_the_gestures_benchmark_times_move_gestures_of_the_fog_and_mists(var_dir):
    out = run_bench("gestures_fog_mists", "--games", "1", "--busiest", "2", env=bench_env(var_dir))

    cases = lines_matching(
        rf"(fog|mists)\s+\d seat\(s\) .*: \d+ moves at most; median ({NUMBER}) ms, worst ({NUMBER}) ms", out
    )
    assert [case[1] for case in cases] == ["fog", "fog", "mists", "mists"]


def test_the_live_page_benchmark_prints_the_history_cost_of_every_game(var_dir):
    from games.engines import all_engines

    out = run_bench("live_page", "--repeat", "1", env=bench_env(var_dir))

    one_line(r"game\s+moves\s+one view ms\s+history ms", out)
    rows = lines_matching(rf"([a-z_]+)\s+(\d+)\s+({NUMBER})\s+({NUMBER})$", out)
    assert {row[1] for row in rows} == {engine.info.slug for engine in all_engines()}
    assert all(int(row[2]) > 0 for row in rows)
