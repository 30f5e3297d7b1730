from django.apps import AppConfig


class RankingConfig(AppConfig):
    name = "ranking"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from ranking import signals  # noqa: F401  (connects the rating updates to result changes)
