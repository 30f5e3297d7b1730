from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Sign-in limits and lockout, API token expiry and rotation."""

    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from accounts import checks, tokens, verification  # noqa: F401  (system checks, signals)

        # The admin's sign-in: accounts.admin_site (the same limits, and 429 when locked out).
