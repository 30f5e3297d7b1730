import pytest
from django.core.cache import caches

from tests.smtp import smtp_server, stopped_smtp_server  # noqa: F401  (fixtures)


@pytest.fixture(autouse=True)
def fresh_allauth_counters():
    """allauth counts sign-ups and resets per address in the cache, which outlives a test."""
    caches["default"].clear()
    yield
