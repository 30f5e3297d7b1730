"""The Celery app. Configuration comes from Django settings (``CELERY_*``)."""

import contextlib
import os
import time

from celery import Celery
from celery.signals import before_task_publish, setup_logging, task_postrun, task_prerun, worker_process_shutdown

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("brume")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


# Schedules (issue 17): the deadline runner every minute. It is idempotent and safe to overlap,
# so a late or doubled tick does no harm; a tick older than a minute is dropped (the next one
# does the same work). In embedded mode without a broker, tournament.ticker runs it in-process.
DEADLINES_EVERY_SECONDS = 60.0


@app.on_after_configure.connect
def _schedule_deadlines(sender, **kwargs):
    sender.add_periodic_task(
        DEADLINES_EVERY_SECONDS,
        sender.signature("tournament.run_deadlines", options={"expires": DEADLINES_EVERY_SECONDS}),
        name="deadlines",
    )


# --- Logs and metrics (config/logs.py, config/metrics.py) -----------------------------------
# A task sent while a request is served carries the request's id in its headers; while the task
# runs, that id (and the task's name and id) is on every line it logs. Without a broker the task
# runs inside the request, which already has the id. Each run is timed by task name.
REQUEST_ID_HEADER = "brume_request_id"
_running: dict[str, tuple] = {}


@before_task_publish.connect
def _carry_the_request_id(headers=None, **kwargs):
    from config.logs import REQUEST_ID

    request_id = REQUEST_ID.get()
    if request_id and headers is not None:
        headers.setdefault(REQUEST_ID_HEADER, request_id)


@task_prerun.connect
def _task_started(task_id=None, task=None, **kwargs):
    from config.logs import REQUEST_ID, TASK

    request_id = getattr(task.request, REQUEST_ID_HEADER, None) if task is not None else None
    tokens = (REQUEST_ID.set(request_id) if request_id else None, TASK.set((task.name, task_id)))
    _running[task_id] = (time.perf_counter(), tokens)


@task_postrun.connect
def _task_finished(task_id=None, task=None, state=None, **kwargs):
    from config.logs import REQUEST_ID, TASK
    from config.metrics import TASK_SECONDS_FAMILY, TASKS

    started, (request_token, task_token) = _running.pop(task_id, (None, (None, None)))
    if started is not None:
        TASK_SECONDS_FAMILY.labels(task.name).observe(time.perf_counter() - started)
        TASKS.labels(task.name, state or "UNKNOWN").inc()
    for variable, token in ((TASK, task_token), (REQUEST_ID, request_token)):
        if token is not None:
            with contextlib.suppress(ValueError):  # set in another context: leave it
                variable.reset(token)


@setup_logging.connect
def _logs_as_the_site_has_them(**kwargs):
    """The worker's and beat's logs in the site's format (BRUME_LOG_FORMAT), request ids
    included, instead of Celery's own; the level is LOG_LEVEL's."""
    import logging.config

    from django.conf import settings

    logging.config.dictConfig(settings.LOGGING)


@worker_process_shutdown.connect
def _forget_this_process(pid=None, **kwargs):
    from config.metrics import multiprocess_dir

    directory = multiprocess_dir()
    if directory:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid or os.getpid(), directory)
