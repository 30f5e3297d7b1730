"""CI's two passes over one suite (.ci/run): every test runs at least once, and every test whose
outcome can depend on the database or the Redis runs in both configurations.

``make test`` with no ``BRUME_CI_PASS`` (the README's command, anyone's machine) runs every test.
CI runs it twice, naming the pass:

- ``BRUME_CI_PASS=embedded`` (SQLite, a private Redis, as a newcomer runs it): every test but
  those kept for the production services (``SERVICES_ONLY``);
- ``BRUME_CI_PASS=services`` (PostgreSQL and Redis): every test but those that never reach a
  database or a Redis (``CONFIGURATION_FREE``): the pure core (engines, AI, pairing, game logs,
  which never import Django, tests/test_layers.py checks it) and the translation catalogues'
  checks. They gave the same result twice for twice the time.

Without the split, the two passes took 33 minutes of CI's 30.
"""

from __future__ import annotations

import os

import pytest

CONFIGURATION_FREE = (
    "tests/engines/",
    "tests/pairing/",
    "tests/gamelog/",
    "tests/ai/",
    "tests/test_layers.py",
    "tests/i18n/test_catalogues_complete.py",
    "tests/i18n/test_catalogues_in_sync.py",
    "tests/i18n/test_templates_marked.py",
)
# The API fuzzing: PostgreSQL is where it finds most (a NUL byte or an out-of-range integer is a
# database error there, and nothing on SQLite); the slowest file of the suite, run once.
SERVICES_ONLY = ("tests/hardening/test_api_fuzz.py",)
SKIPPED_IN = {"embedded": SERVICES_ONLY, "services": CONFIGURATION_FREE}


def deselect(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out of this pass what the other pass runs (nothing when no pass is named)."""
    name = os.environ.get("BRUME_CI_PASS", "")
    if not name:
        return
    if name not in SKIPPED_IN:
        raise pytest.UsageError(f"BRUME_CI_PASS is {name!r}: it names a pass of CI, one of {sorted(SKIPPED_IN)}")
    prefixes = SKIPPED_IN[name]
    kept, left = [], []
    for item in items:
        (left if item.nodeid.startswith(prefixes) else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept
