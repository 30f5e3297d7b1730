"""Smoke test of the screenshot review (``bench.screenshots``): one page that needs a signed-in
demo user, at both widths and in both schemes, with its layout checks, from Debian's Chromium.

Its smallest run still migrates a scratch SQLite database and loads the demo into it (most of
its time); the scratch folder and the pictures go under the test's tmp_path.
"""

from __future__ import annotations

import json
import shutil

import pytest

from tests.bench.runner import bench_env, one_line, run_bench

pytestmark = [pytest.mark.slow, pytest.mark.browser]


def test_the_screenshot_review_signs_in_and_shoots_a_page_at_both_widths_and_schemes(var_dir, tmp_path):
    if not shutil.which("chromium"):
        pytest.fail("the screenshot review needs Chromium (apt-get install chromium)")
    shots = tmp_path / "shots"

    out = run_bench(
        "screenshots",
        *("--only", "profile", "--out", str(shots), "--keep-db", str(tmp_path / "scratch")),
        env=bench_env(var_dir),
        timeout=240,
    )

    one_line(r"shot\s+profile /me/profile/$", out)
    one_line(rf"4 screenshots in {shots}; checks in ", out)
    assert sorted(path.name for path in shots.glob("*.png")) == [
        "profile-1280-dark.png", "profile-1280-light.png", "profile-390-dark.png", "profile-390-light.png",
    ]  # fmt: skip
    assert all(path.stat().st_size > 1000 for path in shots.glob("*.png"))
    (check,) = [json.loads(line) for line in (shots / "checks.txt").read_text().splitlines()]
    assert check["page"] == "profile" and check["path"] == "/me/profile/"
    assert "scrollWidth" in check
