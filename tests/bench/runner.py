"""Running a benchmark as the README and the Makefile do (``python -m bench.<module>`` from the
project's root) in a process of its own, on a tiny size, for the smoke tests of ``tests/bench/``.

A benchmark's environment is built from scratch for each run rather than inherited: the
database, Redis and broker the test run happens to be configured with are left out (the tests
that need PostgreSQL or Redis name their own), and the var folder (SQLite, static files) is a
folder of the test's.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Where the site and the benchmarks find their services: never inherited by a benchmark.
SERVICES = (
    "DATABASE_URL",
    "REDIS_URL",
    "BRUME_TEST_REDIS_URL",
    "BENCH_REDIS_URL",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "BRUME_PUSH_URL",
    "BBP_PAIRINGS",
    "BRUME_DERIVED_CACHE_NAMESPACE",
)

NUMBER = r"\d+(?:\.\d+)?"


def bench_env(var_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a benchmark's process: this one's, without any service, the var folder
    under the test's tmp_path, plus ``extra``."""
    env = {name: value for name, value in os.environ.items() if name not in SERVICES}
    env.update(
        BRUME_VAR_DIR=str(var_dir),
        DJANGO_SETTINGS_MODULE="config.settings",
        PYTHONUNBUFFERED="1",
        PYTHONWARNINGS="ignore::UserWarning",  # "No directory at: .../static/" (nothing collected)
    )
    env.update(extra)
    return env


def run_bench(module: str, *args: str, env: dict[str, str], timeout: float = 60) -> str:
    """``python -m bench.<module> args`` from the project's root; its standard output once it
    exited 0 within ``timeout`` seconds (the test fails otherwise, with what it printed)."""
    command = [sys.executable, "-m", f"bench.{module}", *args]
    # A session of its own: a benchmark that overruns is stopped with everything it started
    # (gunicorn, a Celery worker), not only its first process.
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        pytest.fail(f"{' '.join(command[1:])} ran over {timeout:g} s\n--- stdout\n{out}\n--- stderr\n{err[-3000:]}")
    if process.returncode != 0:
        pytest.fail(
            f"{' '.join(command[1:])} exited {process.returncode}\n--- stdout\n{out}\n--- stderr\n{err[-3000:]}"
        )
    return out


def lines_matching(pattern: str, output: str) -> list[re.Match]:
    """Every line of ``output`` that ``pattern`` matches from its start."""
    return [match for line in output.splitlines() if (match := re.match(pattern, line))]


def one_line(pattern: str, output: str) -> re.Match:
    """The one line of ``output`` that ``pattern`` matches (the test fails unless there is one)."""
    found = lines_matching(pattern, output)
    assert len(found) == 1, f"expected one line matching {pattern!r}, found {len(found)} in:\n{output}"
    return found[0]
