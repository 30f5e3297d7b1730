from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournament.services import logs  # noqa: F401  (connects the record_validated receiver)
