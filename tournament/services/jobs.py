"""Organiser jobs (issue 31): long organiser work run by a worker, with a progress bar.

A page or the API checks what is quick to check, then ``job_start`` writes the job down (its
input included) and sends ``tournament.run_organiser_job`` once that row is committed. The
worker's ``job_run`` claims the job, runs its kind's work in one transaction with the job's
final state (so a job is done exactly when its work is stored, and a failure stores nothing),
and reports progress through ``JobProgress``: throttled writes on a database connection of its
own, each committed at once, so that the job page sees them while the work's transaction is
still open. With no broker (embedded mode) the task runs in-process after the commit, and the
page the organiser is sent to shows the finished job.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import timedelta

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, DatabaseError, IntegrityError, connections, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournament.errors import Conflict, ServiceError
from tournament.models import OrganiserJob, Stage
from tournament.services.events import check_organiser

logger = logging.getLogger(__name__)

PROGRESS_EVERY_SECONDS = 0.5


class JobLost(Exception):
    """The job was given up (as stale) while its work ran: the work must not be kept."""


def _stale_after() -> timedelta:
    """A job still waiting or running this long after its last sign of life was lost (a worker
    killed past its time limit, a message never delivered): it no longer blocks a new one."""
    return timedelta(seconds=max(settings.CELERY_TASK_TIME_LIMIT, settings.CELERY_VISIBILITY_TIMEOUT) + 60)


def _give_up_stale(stage: Stage, kind: str) -> None:
    jobs_give_up_stale(stage=stage, kind=kind)


def jobs_give_up_stale(*, stage: Stage | None = None, kind: str | None = None, limit: int = 100) -> list[int]:
    """Fail the jobs with no sign of life for longer than a worker may work (``_stale_after``):
    their page then says so, and nothing of their work is kept (``JobLost``). The sweep runs it
    over every stage ("organiser jobs"); a new job of a stage runs it first for that stage.
    Each message is written in the language of the job's starter. Returns the jobs failed."""
    stale = OrganiserJob.objects.filter(
        status__in=OrganiserJob.ACTIVE, updated_at__lt=timezone.now() - _stale_after()
    ).order_by("pk")
    if stage is not None:
        stale = stale.filter(stage=stage)
    if kind is not None:
        stale = stale.filter(kind=kind)
    failed = []
    for job_id, language in stale.values_list("pk", "language")[:limit]:
        with translation.override(language or settings.LANGUAGE_CODE):
            error = _("no worker finished this job in time; nothing was stored")
        written = OrganiserJob.objects.filter(
            pk=job_id, status__in=OrganiserJob.ACTIVE, updated_at__lt=timezone.now() - _stale_after()
        ).update(status=OrganiserJob.Status.FAILED, error=error, input_text="", finished_at=timezone.now())
        if written:
            failed.append(job_id)
    if failed:
        logger.warning("organiser jobs given up, no worker finished them in time: %s", failed)
    return failed


def active_job(stage: Stage, kind: str) -> OrganiserJob | None:
    return OrganiserJob.objects.filter(stage=stage, kind=kind, status__in=OrganiserJob.ACTIVE).first()


def _refuse_running(job: OrganiserJob) -> Conflict:
    return Conflict(
        _("an import into this stage is already under way (started %(when)s): wait for it to end")
        % {"when": timezone.localtime(job.created_at).strftime("%H:%M:%S")},
        code="job_running",
    )


def job_start(*, kind: str, stage: Stage, by, input_text: str, total: int, language: str = "") -> OrganiserJob:
    """Write the job down and send it to a worker once committed. A second job of the same kind
    on a stage while one waits or runs is refused (409), also when two requests race: the
    database holds at most one such job."""
    check_organiser(by, stage.event)
    with transaction.atomic():
        _give_up_stale(stage, kind)
        running = active_job(stage, kind)
        if running is not None:
            raise _refuse_running(running)
        try:
            with transaction.atomic():
                job = OrganiserJob.objects.create(
                    kind=kind,
                    event=stage.event,
                    stage=stage,
                    started_by=by,
                    language=language,
                    total=total,
                    input_text=input_text,
                )
        except IntegrityError:  # another request wrote its job between our look and our insert
            running = active_job(stage, kind)
            if running is None:
                raise
            raise _refuse_running(running) from None
        transaction.on_commit(lambda: _send(job.pk))
    return job


def _send(job_id: int) -> None:
    """Send the job; a failed send (broker down) fails the job at once rather than leaving it
    waiting for nobody."""
    from games.tasks import publish
    from tournament.tasks import run_organiser_job

    if not publish(run_organiser_job, job_id, what=f"organiser job {job_id}"):
        OrganiserJob.objects.filter(pk=job_id, status=OrganiserJob.Status.QUEUED).update(
            status=OrganiserJob.Status.FAILED,
            error=_("the job could not be handed to a worker (the task queue did not answer); nothing was stored"),
            input_text="",
            finished_at=timezone.now(),
        )


class JobProgress:
    """``progress(done, total)`` for a job's work: written at most every ``every`` seconds (and
    at the last step), each write a one-statement transaction on a connection of its own.

    A second connection cannot write to SQLite while the work's transaction holds its only
    write lock: there progress is not written as the work goes (SQLite runs tasks in-process,
    inside the organiser's request, so nobody is watching), and the page goes from the start to
    the end. A failed write is logged and progress stops: it never fails the work."""

    def __init__(self, job_id: int, *, every: float | None = None, clock: Callable[[], float] = time.monotonic):
        self.job_id, self.clock = job_id, clock
        self.every = PROGRESS_EVERY_SECONDS if every is None else every
        self.last = clock()
        self.writes = 0
        self._connection = None
        self._off = connections[DEFAULT_DB_ALIAS].vendor == "sqlite"

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        if self._off or (now - self.last < self.every and done < total):
            return
        self.last = now
        try:
            self._write(done, total)
        except DatabaseError:
            logger.warning("could not write the progress of organiser job %s", self.job_id, exc_info=True)
            self._off = True

    def _write(self, done: int, total: int) -> None:
        if self._connection is None:
            self._connection = connections.create_connection(DEFAULT_DB_ALIAS)  # autocommit
            with self._connection.cursor() as cursor:
                cursor.execute("SET lock_timeout = '2s'")  # never wait long behind the work itself
        table = connections[DEFAULT_DB_ALIAS].ops.quote_name(OrganiserJob._meta.db_table)
        with self._connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {table} SET done = %s, total = %s, updated_at = %s WHERE id = %s AND status = %s",
                [done, total, timezone.now(), self.job_id, OrganiserJob.Status.RUNNING],
            )
        self.writes += 1

    def close(self) -> None:
        if self._connection is not None:
            try:
                with self._connection.cursor() as cursor:
                    cursor.execute("RESET lock_timeout")  # a pooled connection goes back as it came
            except DatabaseError:
                pass
            finally:
                self._connection.close()
                self._connection = None


# --- the work of each kind: (job, progress) -> the result's counts, in the job's transaction --


def _run_trf_import(job: OrganiserJob, progress: JobProgress) -> dict:
    from tournament.services.trf_import import stage_import_trf

    return stage_import_trf(stage=job.stage, by=job.started_by, text=job.input_text, progress=progress).summary()


RUNNERS: dict[str, Callable[[OrganiserJob, JobProgress], dict]] = {
    OrganiserJob.Kind.TRF_IMPORT: _run_trf_import,
}


def _end(job_id: int, **fields) -> int:
    return OrganiserJob.objects.filter(pk=job_id, status=OrganiserJob.Status.RUNNING).update(
        input_text="", finished_at=timezone.now(), **fields
    )


def job_run(*, job_id: int) -> OrganiserJob | None:
    """Run a job (the worker's side). Safe to deliver twice: a finished job is not run again,
    and a second run of a running job (a redelivery) is refused by the work's own checks under
    its lock, without touching the job the first run finished."""
    now = timezone.now()
    claimed = OrganiserJob.objects.filter(pk=job_id, status__in=OrganiserJob.ACTIVE).update(
        status=OrganiserJob.Status.RUNNING, started_at=now, updated_at=now
    )
    if not claimed:
        return None
    job = OrganiserJob.objects.select_related("event", "stage", "started_by").get(pk=job_id)
    progress = JobProgress(job.pk)
    try:
        with translation.override(job.language or settings.LANGUAGE_CODE), transaction.atomic():
            result = RUNNERS[job.kind](job, progress)
            if not _end(job.pk, status=OrganiserJob.Status.DONE, done=job.total, result=result):
                raise JobLost(job.pk)
    except ServiceError as error:
        _end(job.pk, status=OrganiserJob.Status.FAILED, error=error.message)
    except SoftTimeLimitExceeded:
        with translation.override(job.language or settings.LANGUAGE_CODE):
            _end(job.pk, status=OrganiserJob.Status.FAILED, error=_("the job took longer than a worker may work"))
    except JobLost:
        logger.warning("organiser job %s was given up while it ran; its work was not kept", job.pk)
    except Exception:
        logger.exception("organiser job %s failed", job.pk)
        with translation.override(job.language or settings.LANGUAGE_CODE):
            _end(job.pk, status=OrganiserJob.Status.FAILED, error=_("the job stopped on an unexpected error"))
    finally:
        progress.close()
    job.refresh_from_db()
    return job
