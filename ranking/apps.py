from django.apps import AppConfig


class RankingConfig(AppConfig):
    name = "ranking"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.utils.translation import get_language, gettext, ngettext

        from games import sweep
        from ranking import cache, signals  # noqa: F401  (connects the rating updates to result changes)
        from ranking.tiebreaks import text

        text.install(gettext, ngettext, get_language)  # tie-breaks explain themselves in the reader's language
        cache.connect()  # every change to an event's rows makes its cached standings out of date

        def rating_updates(older_than):
            from ranking.services import rating_updates_requeue

            return len(rating_updates_requeue(older_than=older_than))

        sweep.register("rating updates", rating_updates)
