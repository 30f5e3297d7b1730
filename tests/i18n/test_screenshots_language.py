"""`python -m bench.screenshots --language fr --language nl` writes each language's pictures apart."""

import subprocess
import sys

import pytest

from bench.screenshots import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_screenshots_are_written_per_language(tmp_path):
    out = tmp_path / "shots"
    command = [sys.executable, "-m", "bench.screenshots", "--language", "fr", "--language", "nl", "--only", "sign-in"]
    done = subprocess.run(
        [*command, "--out", str(out), "--keep-db", str(tmp_path / "db")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    for language in ("fr", "nl"):
        pictures = sorted(path.name for path in (out / language).glob("*.png"))
        assert pictures == [f"sign-in-{width}-{scheme}.png" for width in (1280, 390) for scheme in ("dark", "light")]
        assert (out / language / "checks.txt").read_text().strip()
    # the same page, the same size: French and Dutch read differently
    assert (out / "fr" / "sign-in-1280-light.png").read_bytes() != (out / "nl" / "sign-in-1280-light.png").read_bytes()
