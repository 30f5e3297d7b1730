import pytest

from tests.smtp import smtp_server  # noqa: F401  (the fixture)


@pytest.fixture(autouse=True)
def _game(misty_nim, settings):
    """Notification tests run on the test game; email goes to Django's outbox (locmem) unless
    a test says otherwise, and digests are sent at once (eager tasks)."""
    settings.BRUME_EMAIL_DELIVERY_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.BRUME_SITE_URL = "https://brume.example"
