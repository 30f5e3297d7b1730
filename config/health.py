"""/healthz: is the database reachable, and the broker where one is configured?"""

from __future__ import annotations

import time

from django.conf import settings
from django.db import connections
from django.http import JsonResponse


def _check_database() -> dict:
    start = time.perf_counter()
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any failure is the answer, not a crash
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    return {"ok": True, "vendor": connections["default"].vendor, "ms": round((time.perf_counter() - start) * 1000, 1)}


def _check_broker() -> dict:
    if not settings.CELERY_BROKER_URL:
        return {"ok": True, "configured": False, "mode": "tasks run in-process"}
    from config.celery import app

    start = time.perf_counter()
    try:
        with app.connection_for_write(url=settings.CELERY_BROKER_URL) as connection:
            connection.ensure_connection(max_retries=1, timeout=2)
    except Exception as exc:
        return {"ok": False, "configured": True, "error": f"{type(exc).__name__}: {exc}"}
    return {"ok": True, "configured": True, "ms": round((time.perf_counter() - start) * 1000, 1)}


def healthz(request):
    checks = {"database": _check_database(), "broker": _check_broker()}
    healthy = all(check["ok"] for check in checks.values())
    return JsonResponse({"status": "ok" if healthy else "unavailable", **checks}, status=200 if healthy else 503)
