"""A private PostgreSQL cluster for outage tests: ``initdb`` into a temporary folder, ``pg_ctl`` on a
free loopback port, stopped and removed at the end.

Outage tests stop and restart the database under a running site; they must never do that to the
machine's own PostgreSQL (other test runs use it), so they get a cluster of their own, whatever
``DATABASE_URL`` says. ``initdb`` refuses to run as root: as root, every PostgreSQL command runs as
the ``postgres`` system user (``runuser``), which then owns the folder. Without PostgreSQL's
server binaries (``/usr/lib/postgresql/<version>/bin``, or ``pg_config --bindir``) the tests that
need one are skipped, saying what to install.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

SYSTEM_USER = "postgres"  # who runs the cluster when the tests run as root
COMMAND_TIMEOUT = 120  # seconds for one pg_ctl command on a machine whose cores are all busy


def _bindir() -> Path | None:
    candidates = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    if candidates:
        return candidates[-1].parent
    pg_config = shutil.which("pg_config")
    if pg_config:
        found = Path(subprocess.run([pg_config, "--bindir"], capture_output=True, text=True).stdout.strip())
        if (found / "initdb").exists():
            return found
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One private cluster: ``start``, ``stop``, ``restart`` (fast: sessions are terminated, as an
    administrator's restart does), ``url`` of a database in it."""

    def __init__(self, bindir: Path, folder: Path, port: int, as_user: list[str]):
        self.bindir, self.folder, self.port, self._as_user = bindir, folder, port, as_user
        self.data = folder / "data"
        self.log = folder / "server.log"

    def _run(self, program: str, *arguments: str) -> subprocess.CompletedProcess:
        command = [*self._as_user, str(self.bindir / program), *arguments]
        done = subprocess.run(command, capture_output=True, text=True, timeout=COMMAND_TIMEOUT, cwd=self.folder)
        if done.returncode != 0:
            raise RuntimeError(f"{program} {' '.join(arguments)} failed:\n{done.stdout}\n{done.stderr}\n{self.tail()}")
        return done

    def tail(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-3000:]
        except OSError:
            return ""

    def pg_ctl(self, action: str, *options: str) -> None:
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", str(COMMAND_TIMEOUT), *options, action
        )

    def start(self) -> None:
        self.pg_ctl("start")

    def stop(self) -> None:
        self.pg_ctl("stop", "-m", "fast")

    def restart(self) -> None:
        self.pg_ctl("restart", "-m", "fast")

    def running(self) -> bool:
        command = [*self._as_user, str(self.bindir / "pg_ctl"), "-D", str(self.data), "status"]
        return subprocess.run(command, capture_output=True, timeout=COMMAND_TIMEOUT).returncode == 0

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> None:
        import psycopg

        with psycopg.connect(self.url("postgres").replace("postgres://", "postgresql://"), autocommit=True) as db:
            db.execute(f'CREATE DATABASE "{name}"')

    def initialise(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8")
        settings = [
            "listen_addresses = '127.0.0.1'",
            f"port = {self.port}",
            f"unix_socket_directories = '{self.folder}'",
            "max_connections = 60",
            "shared_buffers = 16MB",
            "fsync = off",  # a throw-away cluster: nothing to keep across a crash of the machine
            "synchronous_commit = off",
            "full_page_writes = off",
        ]
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write("\n" + "\n".join(settings) + "\n")


def start_cluster(prefix: str = "brume-test-pg-") -> Cluster:
    """A new cluster, started (skips the test when PostgreSQL's server is not installed)."""
    bindir = _bindir()
    if bindir is None:
        pytest.skip("needs PostgreSQL's server binaries (apt-get install postgresql): a private cluster is started")
    as_user: list[str] = []
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    if os.geteuid() == 0:  # initdb refuses root
        try:
            account = pwd.getpwnam(SYSTEM_USER)
        except KeyError:
            shutil.rmtree(folder)
            pytest.skip(f"running as root, a private cluster needs the {SYSTEM_USER!r} system user")
        os.chown(folder, account.pw_uid, account.pw_gid)
        as_user = [shutil.which("runuser") or "/usr/sbin/runuser", "-u", SYSTEM_USER, "--"]
    for attempt in range(3):  # a port taken between choosing and binding: choose again
        cluster = Cluster(bindir, folder, _free_port(), as_user)
        if attempt == 0:
            cluster.initialise()
        else:
            conf = cluster.data / "postgresql.conf"
            conf.write_text(conf.read_text() + f"\nport = {cluster.port}\n")
        try:
            cluster.start()
            return cluster
        except RuntimeError:
            if attempt == 2:
                remove(cluster)
                raise
    raise AssertionError("unreachable")


def remove(cluster: Cluster) -> None:
    """Stop the cluster (immediately: nothing in it is kept) and delete its folder."""
    if cluster.running():
        with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
            cluster.pg_ctl("stop", "-m", "immediate")
    shutil.rmtree(cluster.folder, ignore_errors=True)
