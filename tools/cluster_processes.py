"""The processes of a multi-node Brume on one machine: a private Redis, the PostgreSQL database,
the web nodes (the Procfile's gunicorn with uvicorn workers), a Celery worker.

Each process is started in a session of its own (``start_new_session``), so that stopping it
(``stop``) reaches everything it started (gunicorn's workers), and so that a Ctrl-C in the terminal
reaches only the script that started them, which then stops them in order. ``kill`` is the
node-kill of ``bench.cluster_kill``: SIGKILL to the whole group, no goodbye.

Used by ``tools/cluster.py`` (``make cluster``), ``bench/cluster_kill.py`` and
``tests/cluster/``. Standard library only, plus psycopg (in requirements) to create a database.
"""

from __future__ import annotations

import contextlib
import ctypes
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PR_SET_PDEATHSIG = 1


class ClusterError(RuntimeError):
    """Something the layout needs is missing or did not start: the message says what to do."""


@dataclass
class Process:
    name: str
    popen: subprocess.Popen
    log: Path | None = None
    address: tuple[str, int] | None = None
    extra: dict = field(default_factory=dict)

    @property
    def alive(self) -> bool:
        return self.popen.poll() is None

    def log_tail(self, lines: int = 30) -> str:
        if self.log is None or not self.log.exists():
            return ""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


def wait_until(check: Callable[[], bool], *, timeout: float, what: str, process: Process | None = None) -> None:
    """Wait for ``check()`` to be true; fail if ``process`` ended or ``timeout`` passed."""
    deadline = time.monotonic() + timeout
    while not check():
        if process is not None and not process.alive:
            raise ClusterError(f"{process.name} ended before {what}:\n{process.log_tail()}")
        if time.monotonic() > deadline:
            tail = f":\n{process.log_tail()}" if process is not None else ""
            raise ClusterError(f"{what}: not after {timeout:g} s{tail}")
        time.sleep(0.1)


def _end_with_the_starter() -> None:
    """In the child before it runs: SIGTERM when the thread that started it ends (Linux), so
    that a layout whose script was killed outright (a test's timeout) does not outlive it."""
    with contextlib.suppress(OSError, AttributeError):  # not Linux: Ctrl-C and stop() still end everything
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def start(name: str, command: list[str], *, env: dict[str, str] | None = None, log: Path | None = None) -> Process:
    """``command`` in a session of its own, its output into ``log`` (or discarded)."""
    output = open(log, "wb") if log is not None else subprocess.DEVNULL  # noqa: SIM115 (the child keeps it)
    try:
        popen = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_end_with_the_starter,
        )
    finally:
        if log is not None:
            output.close()
    return Process(name, popen, log)


def stop(process: Process, timeout: float = 15) -> None:
    """SIGTERM to the process's group (gunicorn's workers too), SIGKILL if it lingers."""
    if process.alive:
        _signal_group(process, signal.SIGTERM)
        try:
            process.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            _signal_group(process, signal.SIGKILL)
            process.popen.wait(5)
    _signal_group(process, signal.SIGKILL)  # a worker its master left behind


def kill(process: Process) -> None:
    """SIGKILL to the whole group at once: a node lost as a machine is lost."""
    _signal_group(process, signal.SIGKILL)
    process.popen.wait(10)


def _signal_group(process: Process, number: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.popen.pid, number)


# --- Redis -----------------------------------------------------------------------------------------


def redis_answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def start_redis(folder: Path) -> tuple[Process, str]:
    """A private ``redis-server`` on a free loopback port (nothing saved): (process, its URL)."""
    server = shutil.which("redis-server")
    if server is None:
        raise ClusterError("no redis-server: install it (sudo apt-get install -y redis-server) or set REDIS_URL")
    folder.mkdir(parents=True, exist_ok=True)
    for _attempt in range(5):  # a port taken between choosing and binding: choose again
        port = free_port()
        command = [server, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"]
        command += ["--dir", str(folder), "--daemonize", "no", "--loglevel", "warning"]
        process = start("redis", command, log=folder / "redis.log")
        try:
            wait_until(
                lambda port=port: redis_answers("127.0.0.1", port), timeout=10, what="Redis answers", process=process
            )
        except ClusterError:
            stop(process)
            continue
        process.address = ("127.0.0.1", port)
        return process, f"redis://127.0.0.1:{port}/0"
    raise ClusterError("could not start a private redis-server")


# --- PostgreSQL -------------------------------------------------------------------------------------


def ensure_database(url: str) -> None:
    """Create the PostgreSQL database of ``url`` if it does not exist (SQLite: nothing to do)."""
    if not url.startswith(("postgres://", "postgresql://")):
        return
    import psycopg

    server, name = url.split("?", 1)[0].rsplit("/", 1)
    try:
        with psycopg.connect(f"{server}/postgres", autocommit=True, connect_timeout=5) as connection:
            if not connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
                connection.execute(f'CREATE DATABASE "{name}"')
    except psycopg.Error as exc:
        raise ClusterError(f"PostgreSQL at {server} is not reachable ({exc}); set DATABASE_URL") from None


# --- Django: management commands, web nodes, the worker ---------------------------------------------


def manage(env: dict[str, str], *args: str, log: Path | None = None) -> None:
    """``manage.py args`` with the layout's environment; fails with its output."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, check=False
    )
    if log is not None:
        with open(log, "a") as file:
            file.write(result.stdout + result.stderr)
    if result.returncode != 0:
        raise ClusterError(f"manage.py {' '.join(args)} failed:\n{result.stdout}{result.stderr}")


def health(host: str, port: int, host_header: str | None = None, path: str = "/healthz") -> int:
    """The status of ``GET /healthz`` on ``host:port`` (0 when nothing answers)."""
    try:
        connection = http.client.HTTPConnection(host, port, timeout=5)
        connection.request("GET", path, headers={"Host": host_header or host})
        status = connection.getresponse().status
        connection.close()
        return status
    except OSError:
        return 0


def start_web(name: str, env: dict[str, str], host: str, port: int, *, workers: int = 1, log: Path | None = None):
    """One web node as the Procfile's ``web`` runs it (gunicorn, uvicorn workers), bound to
    ``host:port``; returns once its ``/healthz`` answers 200."""
    node_env = {**env, "BRUME_BIND": f"{host}:{port}", "WEB_CONCURRENCY": str(workers)}
    command = [sys.executable, "-m", "gunicorn", "config.asgi:application", "-c", "config/gunicorn.conf.py"]
    command += ["--access-logfile", "-" if log is not None else "/dev/null", "--log-level", "warning"]
    process = start(name, command, env=node_env, log=log)
    process.address = (host, port)
    try:
        wait_until(lambda: health(host, port) == 200, timeout=90, what=f"{name} answers /healthz", process=process)
    except ClusterError:
        stop(process)
        raise
    return process


def start_worker(env: dict[str, str], *, log: Path | None = None, concurrency: int = 1) -> Process:
    """The Procfile's Celery ``worker``; returns once it is ready."""
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel=INFO"]
    command += [f"--concurrency={concurrency}", "--without-gossip", "--without-mingle", "-n", "cluster-worker@%h"]
    process = start("worker", command, env={**env, "PYTHONUNBUFFERED": "1"}, log=log)
    if log is not None:
        try:
            wait_until(lambda: "ready." in log.read_text(errors="replace"), timeout=90, what="the worker is ready")
        except ClusterError:
            stop(process)
            raise
    return process
