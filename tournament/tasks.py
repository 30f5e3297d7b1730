"""Celery tasks of the tournament app: thin wrappers around services."""

from __future__ import annotations

from celery import shared_task

from tournament.services.ai_games import ai_match_play


@shared_task(name="tournament.play_ai_series_game", acks_late=True, reject_on_worker_lost=True, max_retries=0)
def play_ai_series_game(game_id: int) -> dict:
    """Play the AI-only series that this game belongs to, to its end. Idempotent."""
    from tournament.models import SeriesGame

    match_id = SeriesGame.objects.values_list("match_id", flat=True).get(pk=game_id)
    match = ai_match_play(match_id=match_id)
    return {"match": match.pk, "status": match.status}


@shared_task(name="tournament.run_deadlines", ignore_result=True, max_retries=0)
def run_deadlines_task() -> dict:
    """Every minute on beat (config/celery.py): auto-confirm, flag or forfeit, reminders."""
    from django.utils import timezone

    from tournament.services.deadlines import run_deadlines

    return run_deadlines(timezone.now()).as_dict()


@shared_task(name="tournament.run_organiser_job", ignore_result=True, acks_late=True, reject_on_worker_lost=True)
def run_organiser_job(job_id: int) -> None:
    """Run an organiser job (a TRF import) with its progress; a finished job is not run again."""
    from tournament.services.jobs import job_run

    job_run(job_id=job_id)
