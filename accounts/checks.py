"""Deployment checks: sign-in limits need a cache that every web process shares."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Warning, register

PER_PROCESS = ("django.core.cache.backends.locmem.LocMemCache", "django.core.cache.backends.dummy.DummyCache")


@register(deploy=True)
def signin_cache_is_shared(app_configs, **kwargs):
    alias = getattr(settings, "BRUME_SIGNIN_CACHE", "default")
    backend = settings.CACHES.get(alias, {}).get("BACKEND", "")
    if backend in PER_PROCESS:
        return [
            Warning(
                "Sign-in limits are counted in a per-process cache: each web worker counts on its own.",
                hint="Set REDIS_URL so that every worker shares one count.",
                id="accounts.W001",
            )
        ]
    return []
