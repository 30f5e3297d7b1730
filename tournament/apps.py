from django.apps import AppConfig


class TournamentConfig(AppConfig):
    name = "tournament"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.utils.translation import get_language, gettext, ngettext

        from games import sweep
        from games.selectors import register_live_links, register_visibility_rule
        from tournament.pairing import text
        from tournament.selectors import EventVisibility, live_game_links
        from tournament.services import logs  # noqa: F401  (connects the record_validated receiver)

        text.install(gettext, ngettext, get_language)  # pairing refusals and notes in the reader's language
        register_visibility_rule(EventVisibility())
        register_live_links(live_game_links)
        sweep.register("AI series", _ai_series)
        sweep.register("attached logs", _attached_logs)
        sweep.register("organiser jobs", _organiser_jobs)


def _ai_series(older_than: float | None) -> int:
    from tournament.services.ai_games import ai_matches_requeue

    return len(ai_matches_requeue(older_than=older_than))


def _attached_logs(older_than: float | None) -> int:
    from tournament.services.logs import attached_logs_reapply

    return len(attached_logs_reapply(older_than=older_than))


def _organiser_jobs(older_than: float | None) -> int:
    """Lost jobs are failed after the time a worker may work, whatever ``older_than`` says: a
    younger one may still be running."""
    from tournament.services.jobs import jobs_give_up_stale

    return len(jobs_give_up_stale())
