import pytest
from django.core.cache import caches
from django.utils import translation


@pytest.fixture(autouse=True)
def _english_outside_requests(settings):
    """Each test starts in English, with email in Django's outbox and a fresh cache (allauth
    counts sign-ups and confirmation emails per address there)."""
    settings.BRUME_EMAIL_DELIVERY_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.BRUME_SITE_URL = "https://brume.example"
    caches["default"].clear()
    with translation.override("en"):
        yield
