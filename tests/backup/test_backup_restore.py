"""Backups (docs/deploy.md, "Backups"): a site full of the demo's events, standings, records and
ratings is backed up with ``manage.py brume_backup``, its database wiped (dropped and created
again, or its file deleted), restored with ``manage.py brume_restore``, and then holds the same
events, standings, records and ratings; a restore over a database that is not empty is refused
unless forced. On SQLite (embedded mode) and on PostgreSQL (a private cluster).

Each site runs as ``manage.py`` processes with an environment of its own (no broker: the demo's
validations and rating updates run in-process), never on the test run's database.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import private_postgres

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
DROPPED = ("DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND", "BRUME_PUSH_URL")


def site_environment(var: Path, database_url: str | None) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in DROPPED and not key.startswith("PYTEST_")}
    env |= {"BRUME_EMBEDDED": "true", "BRUME_VAR_DIR": str(var), "DJANGO_SETTINGS_MODULE": "config.settings"}
    if database_url:
        env["DATABASE_URL"] = database_url
    return env


def manage(env, *arguments, expect_success: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, "manage.py", *map(str, arguments)], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if expect_success and done.returncode != 0:
        pytest.fail(f"manage.py {' '.join(map(str, arguments))} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done


def snapshot(env) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "tests.backup.snapshot"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def timed(action):
    started = time.monotonic()
    result = action()
    return result, time.monotonic() - started


def backup_wipe_restore(env, wipe, backup_file: Path) -> None:
    manage(env, "migrate", "--noinput")
    manage(env, "load_demo")
    before = snapshot(env)
    counts = before["counts"]
    assert counts["events"] >= 5 and counts["game records"] > 0 and counts["ratings"] > 0, counts
    assert any(len(rows) >= 2 for rows in before["standings"].values()), "the demo has standings to compare"

    made, backup_time = timed(lambda: manage(env, "brume_backup", "--output", backup_file))
    assert str(backup_file) in made.stdout and backup_file.stat().st_size > 0
    wipe()
    assert snapshot(env)["counts"] == {}, "the wipe left something behind"

    restored, restore_time = timed(lambda: manage(env, "brume_restore", backup_file))
    assert f"{counts['events']:>8} events" in restored.stdout and f"{counts['ratings']:>8} ratings" in restored.stdout
    after = snapshot(env)
    assert after["counts"] == counts
    assert after["standings"] == before["standings"]
    assert after["ratings"] == before["ratings"]
    assert after["records"] == before["records"]

    refused = manage(env, "brume_restore", backup_file, expect_success=False)
    assert refused.returncode != 0 and "not empty" in refused.stderr and "--force" in refused.stderr
    _, forced_time = timed(lambda: manage(env, "brume_restore", "--force", backup_file))
    assert snapshot(env) == before
    print(
        f"\n{counts}\nbackup {backup_file.stat().st_size / 1e6:.2f} MB; with manage.py's start: backup "
        f"{backup_time:.1f} s, restore {restore_time:.1f} s, forced restore {forced_time:.1f} s\n"
        f"{restored.stdout.splitlines()[0]}"
    )


def test_an_sqlite_site_restored_from_its_backup_holds_the_same_events_standings_records_and_ratings(tmp_path):
    var = tmp_path / "var"
    env = site_environment(var, None)

    def wipe():
        for name in ("brume.sqlite3", "brume.sqlite3-wal", "brume.sqlite3-shm"):
            (var / name).unlink(missing_ok=True)

    backup_wipe_restore(env, wipe, tmp_path / "site.sqlite3")


def test_a_postgresql_site_restored_from_its_backup_holds_the_same_events_standings_records_and_ratings(tmp_path):
    import psycopg

    cluster = private_postgres.start_cluster("brume-test-backup-pg-")
    try:
        cluster.create_database("brume_site")
        env = site_environment(tmp_path / "var", cluster.url("brume_site"))
        env["BRUME_PG_BINDIR"] = str(cluster.bindir)  # the server's own tools

        def wipe():
            administration = cluster.url("postgres").replace("postgres://", "postgresql://")
            with psycopg.connect(administration, autocommit=True) as db:
                db.execute('DROP DATABASE "brume_site" WITH (FORCE)')
                db.execute('CREATE DATABASE "brume_site"')

        backup_wipe_restore(env, wipe, tmp_path / "site.dump")
    finally:
        private_postgres.remove(cluster)
