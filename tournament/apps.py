from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.selectors import register_visibility_rule
        from tournament.selectors import EventVisibility
        from tournament.services import logs  # noqa: F401  (connects the record_validated receiver)

        register_visibility_rule(EventVisibility())
