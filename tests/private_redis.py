"""The Redis the tests use: the one named by ``BRUME_TEST_REDIS_URL`` (or ``REDIS_URL``), else a
private ``redis-server`` the run starts on a free loopback port and stops at its end.

A newcomer's ``make test`` sets no environment variable: the tests then never touch a Redis that
may hold somebody's data (the machine's own on 6379), and need none to be running. The server is
started once, by the process that reads the command line (pytest-xdist's controller, or the only
process), before any test module is imported; the xdist workers inherit its address through the
environment.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time

import pytest

DATABASE = 14  # the number the tests have always used on a shared Redis
_started: subprocess.Popen | None = None
_folder: tempfile.TemporaryDirectory | None = None


def url() -> str:
    """Where the tests' Redis is (set by ``start_unless_configured`` when none was given)."""
    return os.environ.get("BRUME_TEST_REDIS_URL") or os.environ.get("REDIS_URL") or ""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def start_unless_configured() -> None:
    global _started, _folder
    if url():
        return
    server = shutil.which("redis-server")
    if server is None:
        pytest.exit(
            "the tests need Redis: install it (apt-get install redis-server) or name one with "
            "BRUME_TEST_REDIS_URL=redis://127.0.0.1:6379/14",
            returncode=4,
        )
    _folder = tempfile.TemporaryDirectory(prefix="brume-test-redis-")
    for _attempt in range(5):  # a port taken between choosing and binding: choose again
        port = _free_port()
        command = [server, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"]
        command += ["--dir", _folder.name, "--daemonize", "no", "--loglevel", "warning"]
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while process.poll() is None and time.monotonic() < deadline:
            if _answers(port):
                _started = process
                os.environ["BRUME_TEST_REDIS_URL"] = f"redis://127.0.0.1:{port}/{DATABASE}"
                return
            time.sleep(0.02)
        process.kill()
        process.wait()
    pytest.exit("could not start a private redis-server for the tests", returncode=4)


def stop() -> None:
    global _started, _folder
    if _started is not None:
        _started.terminate()
        try:
            _started.wait(timeout=10)
        except subprocess.TimeoutExpired:
            _started.kill()
        _started = None
        os.environ.pop("BRUME_TEST_REDIS_URL", None)
    if _folder is not None:
        _folder.cleanup()
        _folder = None
