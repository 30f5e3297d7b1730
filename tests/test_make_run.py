"""``make run`` restarts on the site's own code without polling every file (issue 31): uvicorn's
reload uses watchfiles (inotify) and watches the site's packages only, not .venv or var/."""

from __future__ import annotations

import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOT_SERVED = {"tests", "bench", "tools"}  # packages the web process never imports


def run_command() -> list[str]:
    if shutil.which("make") is None:
        pytest.skip("needs make")
    printed = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    [line] = [line for line in printed.splitlines() if "uvicorn" in line]
    return shlex.split(line)


def test_make_run_reloads_with_watchfiles_from_the_sites_packages_only():
    import watchfiles  # noqa: F401  (uvicorn falls back to polling every file without it)

    command = run_command()
    assert "--reload" in command
    watched = {command[i + 1] for i, word in enumerate(command) if word == "--reload-dir"}
    packages = {path.parent.name for path in ROOT.glob("*/__init__.py")} - NOT_SERVED
    assert watched == packages  # a new app is watched as soon as it is added to RELOAD_DIRS
    assert all((ROOT / folder).is_dir() for folder in watched)
