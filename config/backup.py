"""Backups of the site's database and their restore (``manage.py brume_backup`` / ``brume_restore``,
docs/deploy.md "Backups").

- PostgreSQL: ``pg_dump`` in its custom format (compressed, one file, restored selectively and
  in one transaction by ``pg_restore``). The tools must be at least the server's major version:
  they are looked for under ``/usr/lib/postgresql/<server's major>/bin`` first, then on ``PATH``
  (``BRUME_PG_BINDIR`` names the folder).
- SQLite (embedded mode): SQLite's online backup API, page by page from a read transaction, so
  a live database is copied as one consistent state (a copy of the file could catch a write half
  done, and would miss what is still in the ``-wal`` file). A restore writes with the same API
  into the site's file, under SQLite's own locking, never by replacing the file under open
  connections.

A backup is written under a temporary name and renamed once complete: a file with the final name
is always a whole backup. A restore refuses a database that holds any table unless forced.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import sqlite3
import subprocess
import time
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.db import connections

PG_MAGIC = b"PGDMP"
SQLITE_MAGIC = b"SQLite format 3\x00"

# What a restore reports, in the players' words: (label, model).
CONTENTS = (
    ("accounts", "auth.User"),
    ("events", "tournament.Event"),
    ("participants", "tournament.Participant"),
    ("matches", "tournament.Match"),
    ("reported results", "tournament.ResultEntry"),
    ("game records", "games.GameRecord"),
    ("rating pools", "ranking.RatingPool"),
    ("ratings", "ranking.Rating"),
    ("rating history entries", "ranking.RatingHistory"),
    ("notifications", "notifications.Notification"),
)


class BackupError(Exception):
    """Something the operator can fix: said in a sentence, never a traceback."""


@dataclasses.dataclass
class Done:
    path: Path
    kind: str  # "PostgreSQL" or "SQLite"
    seconds: float
    size: int = 0
    database: str = ""
    created: str = ""  # when the backup was taken (a restore)
    contents: dict[str, int] = dataclasses.field(default_factory=dict)


def _engine(alias: str) -> str:
    vendor = connections[alias].vendor
    if vendor not in ("postgresql", "sqlite"):
        raise BackupError(f"backups cover PostgreSQL and SQLite, not {vendor}")
    return vendor


def default_path(alias: str = "default") -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    suffix = "dump" if _engine(alias) == "postgresql" else "sqlite3"
    return Path(settings.VAR_DIR) / "backups" / f"brume-{stamp}.{suffix}"


def backup(path: Path | None = None, alias: str = "default") -> Done:
    engine = _engine(alias)
    path = Path(path) if path else default_path(alias)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    started = time.monotonic()
    try:
        if engine == "postgresql":
            _pg_dump(alias, partial)
        else:
            _sqlite_backup(Path(connections[alias].settings_dict["NAME"]), partial)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return Done(
        path,
        _KIND[engine],
        time.monotonic() - started,
        path.stat().st_size,
        str(connections[alias].settings_dict["NAME"]),
    )


def restore(path: Path, *, force: bool = False, alias: str = "default") -> Done:
    path = Path(path)
    engine = _engine(alias)
    found = _kind_of_file(path)
    if found != _KIND[engine]:
        raise BackupError(f"{path} is a {found} backup, and this site's database is {_KIND[engine]}")
    connection = connections[alias]
    if not force and (tables := connection.introspection.table_names()):
        counts = ", ".join(f"{n} {label}" for label, n in contents(alias).items() if n)
        raise BackupError(
            f"the database {connection.settings_dict['NAME']} is not empty ({len(tables)} tables"
            f"{': ' + counts if counts else ''}); restoring would replace all of it: run again with --force"
        )
    connections.close_all()  # the restore writes through connections of its own
    started = time.monotonic()
    if engine == "postgresql":
        created = _pg_restore(alias, path, clean=force)
    else:
        created = _sqlite_restore(path, Path(connection.settings_dict["NAME"]))
    seconds = time.monotonic() - started
    _forget_derived_data(alias)
    return Done(
        path, found, seconds, path.stat().st_size, str(connection.settings_dict["NAME"]), created, contents(alias)
    )


_KIND = {"postgresql": "PostgreSQL", "sqlite": "SQLite"}


def _kind_of_file(path: Path) -> str:
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise BackupError(f"cannot read {path}: {exc.strerror}") from None
    if head.startswith(PG_MAGIC):
        return "PostgreSQL"
    if head == SQLITE_MAGIC:
        return "SQLite"
    raise BackupError(f"{path} is neither a PostgreSQL custom-format archive nor an SQLite database")


def contents(alias: str = "default") -> dict[str, int]:
    """How many of each kind of thing the database holds (kinds whose table is missing: absent)."""
    tables = set(connections[alias].introspection.table_names())
    found = {}
    for label, name in CONTENTS:
        model = apps.get_model(name)
        if model._meta.db_table in tables:
            found[label] = model._default_manager.using(alias).count()
    return found


def _forget_derived_data(alias: str) -> None:
    """Standings and leaderboards in the shared cache were computed from the rows replaced: every
    event's and pool's version moves on, so the next reader computes from the restored rows."""
    if "tournament_event" not in connections[alias].introspection.table_names():
        return
    from ranking import cache

    event_ids = apps.get_model("tournament.Event")._default_manager.using(alias).values_list("pk", flat=True)
    pool_ids = apps.get_model("ranking.RatingPool")._default_manager.using(alias).values_list("pk", flat=True)
    cache.everything_changed(event_ids=list(event_ids), pool_ids=list(pool_ids))


# --- SQLite -------------------------------------------------------------------------------------


def _read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=20)


def _sqlite_backup(source: Path, target: Path) -> None:
    if not source.exists():
        raise BackupError(f"there is no database at {source}")
    target.unlink(missing_ok=True)
    with closing(_read_only(source)) as live, closing(sqlite3.connect(target)) as copy:
        live.backup(copy)  # all pages in one step: one read transaction, one consistent state
        copy.execute("PRAGMA journal_mode=DELETE")  # the backup is one self-contained file
        _check_integrity(copy, target)


def _sqlite_restore(source: Path, target: Path) -> str:
    created = datetime.fromtimestamp(source.stat().st_mtime, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    target.parent.mkdir(parents=True, exist_ok=True)
    with closing(_read_only(source)) as backup_file, closing(sqlite3.connect(target, timeout=20)) as live:
        _check_integrity(backup_file, source)
        backup_file.backup(live)  # under the live database's locks: open connections see the new state
        live.execute("PRAGMA journal_mode=WAL")  # as the site opens it (config/settings.py)
    return created


def _check_integrity(db: sqlite3.Connection, path: Path) -> None:
    verdict = db.execute("PRAGMA quick_check").fetchone()[0]
    if verdict != "ok":
        raise BackupError(f"{path} is damaged: {verdict}")


# --- PostgreSQL -----------------------------------------------------------------------------------


def _pg_environment(alias: str) -> dict[str, str]:
    """Where the database is, for libpq's tools: in the environment, so that the password never
    shows in the process list."""
    config = connections[alias].settings_dict
    env = {**os.environ, "PGDATABASE": str(config["NAME"])}
    for key, variable in (("HOST", "PGHOST"), ("PORT", "PGPORT"), ("USER", "PGUSER"), ("PASSWORD", "PGPASSWORD")):
        if config.get(key):
            env[variable] = str(config[key])
    options = config.get("OPTIONS") or {}
    for option in ("sslmode", "sslrootcert", "sslcert", "sslkey"):
        if options.get(option):
            env[f"PG{option.upper()}"] = str(options[option])
    return env


def _server_major(alias: str) -> int:
    connection = connections[alias]
    connection.ensure_connection()
    return connection.pg_version // 10000


def pg_tool(name: str, server_major: int) -> str:
    """The path of ``pg_dump`` or ``pg_restore`` of the server's major version, or a newer one."""
    folders = [os.environ.get("BRUME_PG_BINDIR"), f"/usr/lib/postgresql/{server_major}/bin"]
    candidates = [str(Path(folder) / name) for folder in folders if folder]
    candidates += [found for found in [shutil.which(name)] if found]
    candidates += [str(p) for p in sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), reverse=True)]
    seen = []
    for candidate in candidates:
        if not os.access(candidate, os.X_OK):
            continue
        version = subprocess.run([candidate, "--version"], capture_output=True, text=True).stdout
        match = re.search(r"(\d+)(?:\.\d+)?", version)
        if match and int(match.group(1)) >= server_major:
            return candidate
        seen.append(f"{candidate} ({version.strip()})")
    raise BackupError(
        f"no {name} for PostgreSQL {server_major} or newer (found: {', '.join(seen) or 'none'}): install "
        f"postgresql-client-{server_major}, or name its folder with BRUME_PG_BINDIR"
    )


def _run(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(f"{Path(command[0]).name} failed ({done.returncode}): {done.stderr.strip()}")
    return done


def _pg_dump(alias: str, target: Path) -> None:
    tool = pg_tool("pg_dump", _server_major(alias))
    _run([tool, "--format=custom", "--no-password", f"--file={target}"], _pg_environment(alias))


def _pg_restore(alias: str, source: Path, *, clean: bool) -> str:
    """Restore in one transaction: if anything fails, the database is as it was. ``clean``: drop
    what the archive holds first (a forced restore over a database that is not empty)."""
    tool = pg_tool("pg_restore", _server_major(alias))
    env = _pg_environment(alias)
    listing = _run([tool, "--list", str(source)], env).stdout
    created = re.search(r"Archive created at (.+)", listing)
    command = [tool, "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--no-password"]
    if clean:
        command += ["--clean", "--if-exists"]
    _run([*command, f"--dbname={env['PGDATABASE']}", str(source)], env)
    return created.group(1).strip() if created else ""
