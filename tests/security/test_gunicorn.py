"""The Procfile's web server, for real: gunicorn with config/gunicorn.conf.py (uvicorn workers, ASGI) on 127.0.0.1."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def gunicorn(tmp_path):
    port = free_port()
    env = {
        **os.environ,
        "BRUME_BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
        "BRUME_VAR_DIR": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    env.pop("DATABASE_URL", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.asgi:application", "--config", "config/gunicorn.conf.py"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/healthz", timeout=2)
            break
        except OSError:
            if server.poll() is not None:
                pytest.fail(f"gunicorn stopped: {server.stderr.read().decode()[-2000:]}")
            time.sleep(0.2)
    yield url
    server.terminate()
    server.wait(timeout=10)


def test_gunicorn_sends_no_server_banner_and_the_security_headers(gunicorn):
    with urllib.request.urlopen(gunicorn + "/healthz", timeout=5) as response:
        assert response.status == 200
        assert response.headers.get("Server") is None
        assert "object-src 'none'" in response.headers["Content-Security-Policy"]
        assert response.read() == b'{"status": "ok"}'


def test_the_procfile_starts_gunicorn_with_its_config_file():
    web = next(line for line in (ROOT / "Procfile").read_text().splitlines() if line.startswith("web:"))
    assert "--config config/gunicorn.conf.py" in web and "0.0.0.0" not in web
