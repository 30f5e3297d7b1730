"""A Celery worker whose validations take a while: for killing a worker in the middle of one.

Run as ``python -m tests.integration.slow_worker worker --pool=solo -Q QUEUE``.
"""

import os
import sys
import time

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

import games.services as services  # noqa: E402

_real_validate = services.validate


def _slow_validate(log):
    time.sleep(float(os.environ.get("BRUME_TEST_SLOW_SECONDS", "60")))
    return _real_validate(log)


services.validate = _slow_validate

from config.celery import app  # noqa: E402

if __name__ == "__main__":
    app.worker_main(sys.argv[1:])
