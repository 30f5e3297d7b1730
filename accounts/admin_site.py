"""The admin site with the site's sign-in limits: its sign-in form counts against them, and a
locked-out account or address gets 429 with ``Retry-After`` there too, as on the site's own
sign-in page (docs/security.md). Installed as the default admin site by ``BrumeAdminConfig``
(``INSTALLED_APPS``), so wherever ``admin.site.urls`` is mounted, its sign-in is this one."""

from __future__ import annotations

from django.contrib.admin import AdminSite
from django.contrib.admin.apps import AdminConfig


class BrumeAdminSite(AdminSite):
    @property
    def login_form(self):
        """The admin's sign-in form, counted against the limits (read once the apps are loaded)."""
        from accounts.forms import AdminSignInForm

        return AdminSignInForm

    def login(self, request, extra_context=None):
        from accounts.views import answer_lockout

        return answer_lockout(request, super().login(request, extra_context))


class BrumeAdminConfig(AdminConfig):
    """``django.contrib.admin`` with ``BrumeAdminSite`` as ``admin.site``."""

    default_site = "accounts.admin_site.BrumeAdminSite"
