"""SQLite is configured the same however it is named: the embedded default (no DATABASE_URL) and
DATABASE_URL=sqlite:///path (how the tests hand their database to worker processes) both wait for
a writer and start write transactions IMMEDIATE.

A worker that read its SQLite through a bare DATABASE_URL ran DEFERRED transactions: one that
read and then wrote while another process had committed got "database is locked" at once, with
no wait, and lost a verdict's effect (CI's failure of test_log_attach_order)."""

import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db.utils import OperationalError

ROOT = Path(__file__).resolve().parents[2]
CODE = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "d = s.DATABASES['default']; print(json.dumps({'options': d.get('OPTIONS', {}), 'test': d['TEST']['NAME']}))"
)


def _read_settings(**env) -> dict:
    environment = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    environment |= {"DJANGO_SETTINGS_MODULE": "config.settings", **env}
    done = subprocess.run([sys.executable, "-c", CODE], cwd=ROOT, env=environment, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_sqlite_database_url_gets_the_embedded_defaults_options(tmp_path):
    embedded = _read_settings()
    named = _read_settings(DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}")
    assert named["options"] == embedded["options"]
    assert named["options"]["transaction_mode"] == "IMMEDIATE" and named["options"]["timeout"] >= 5
    assert Path(named["test"]).parent == tmp_path and Path(named["test"]).name.startswith("test_site_")


def _connection(path: Path, options: dict):
    from django.db.backends.sqlite3.base import DatabaseWrapper

    return DatabaseWrapper(
        {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(path),
            "OPTIONS": options,
            "TIME_ZONE": None,
            "CONN_MAX_AGE": 0,
            "CONN_HEALTH_CHECKS": False,
            "AUTOCOMMIT": True,
            "ATOMIC_REQUESTS": False,
        },
        alias=f"probe-{path.name}",
    )


def _write_after_another_commit(path: Path, options: dict) -> None:
    """A transaction reads, another connection commits a write meanwhile, then it writes."""
    first = _connection(path, options)
    other_committed = threading.Event()

    def other_writer():  # a connection of its own thread, as another process's would be
        second = _connection(path, options)
        try:
            with second.cursor() as cursor:
                cursor.execute("UPDATE counter SET value = value + 1")
            other_committed.set()
        finally:
            second.close()

    try:
        with _atomic(first), first.cursor() as cursor:
            cursor.execute("SELECT value FROM counter")
            thread = threading.Thread(target=other_writer)
            thread.start()
            other_committed.wait(timeout=0.5)  # IMMEDIATE: the other writer waits for this one
            cursor.execute("UPDATE counter SET value = value + 10")
        thread.join(timeout=30)
    finally:
        first.close()


class _atomic:
    """Begin and commit on a bare wrapper as Django's atomic() does for SQLite (BEGIN with the
    transaction mode of the options)."""

    def __init__(self, wrapper):
        self.wrapper = wrapper

    def __enter__(self):
        self.wrapper.ensure_connection()
        self.wrapper.set_autocommit(False, force_begin_transaction_with_broken_autocommit=True)

    def __exit__(self, kind, value, traceback):
        if kind is None:
            self.wrapper.commit()
        else:
            self.wrapper.rollback()
        self.wrapper.set_autocommit(True)


@pytest.fixture
def counter_file(tmp_path, django_db_blocker):
    """A SQLite file of its own (not the tests' database), which the probes may open."""
    path = tmp_path / "counter.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE counter (value INTEGER)")
        db.execute("INSERT INTO counter VALUES (0)")
    with django_db_blocker.unblock():
        yield path


def test_with_the_sites_options_a_write_after_anothers_commit_waits_and_both_count(counter_file):
    from django.conf import settings

    _write_after_another_commit(counter_file, dict(settings.SQLITE_OPTIONS))
    with sqlite3.connect(counter_file) as db:
        assert db.execute("SELECT value FROM counter").fetchone() == (11,)


def test_a_deferred_transaction_fails_at_once_there_which_is_what_the_options_prevent(counter_file):
    with pytest.raises(OperationalError, match="locked"):
        _write_after_another_commit(counter_file, {"timeout": 20})
