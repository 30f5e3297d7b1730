"""The Celery app. Configuration comes from Django settings (``CELERY_*``)."""

import os

from celery import Celery

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
