"""``celery beat`` with a test-only schedule: one harmless entry every ``BRUME_TEST_BEAT_EVERY``
seconds, sent to the queue ``BRUME_TEST_BEAT_QUEUE``, which no worker reads: the messages on it
are what beat sent (each message names the process that sent it, in its ``origin`` header).

Run as ``python -m tests.integration.counting_beat beat --loglevel=INFO``.
"""

import os
import sys

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

import config.celery  # noqa: E402

app = config.celery.app
app.on_after_configure.disconnect(config.celery._schedule_deadlines)  # only the entry below

EVERY = float(os.environ.get("BRUME_TEST_BEAT_EVERY", "1"))
app.conf.beat_schedule = {
    "count": {
        "task": "brume.test.count",  # sent by name: no worker knows it, none has to
        "schedule": EVERY,
        "options": {"queue": os.environ["BRUME_TEST_BEAT_QUEUE"], "expires": 60},
    }
}

if __name__ == "__main__":
    app.start(sys.argv[1:])
