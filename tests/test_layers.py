"""The pure core never imports Django: engines, logs, AI, pairing, tie-breaks, ratings."""

import ast
from pathlib import Path

import pytest

from tests.async_runner import (
    in_thread,
)  # ast.parse in a fresh thread: after a browser test, greenlet switching can upset the parser's recursion count

ROOT = Path(__file__).resolve().parent.parent
PURE = ["games/engines", "games/gamelog", "games/ai", "tournament/pairing", "ranking/tiebreaks", "ranking/glicko2.py"]


def python_files(path: Path):
    return [path] if path.suffix == ".py" else sorted(path.rglob("*.py"))


@pytest.mark.parametrize("place", PURE)
def test_the_pure_core_does_not_import_django(place):
    offenders = []
    for file in python_files(ROOT / place):
        tree = in_thread(lambda file=file: ast.parse(file.read_text(encoding="utf-8")))
        for node in ast.walk(tree):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(name == "django" or name.startswith(("django.", "rest_framework", "celery")) for name in names):
                offenders.append(f"{file.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_the_games_app_does_not_read_the_apps_above_it():
    """tournament reads games and ranking, never the reverse: the site's pages that read every app
    (the front page, the game pages) live in tournament/views/site.py. The demo command is the one
    exception: it loads the whole site's demo."""
    offenders = []
    for file in sorted((ROOT / "games").rglob("*.py")):
        if "management" in file.parts:
            continue
        for node in ast.walk(in_thread(lambda file=file: ast.parse(file.read_text(encoding="utf-8")))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(name.split(".")[0] in ("tournament", "ranking") for name in names):
                offenders.append(f"{file.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []
