from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Sign-in limits and lockout, API token expiry and rotation."""

    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib import admin

        from accounts import checks, tokens, verification  # noqa: F401  (system checks, signals)
        from accounts.forms import AdminSignInForm

        admin.site.login_form = AdminSignInForm  # the admin's sign-in counts against the same limits
