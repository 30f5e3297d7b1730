"""Health checks, for a load balancer and an orchestrator.

- ``/healthz/live`` (liveness): the process answers. Nothing else is checked, so that a database
  or Redis outage never gets every web process restarted: ``{"status": "ok"}``, always 200.
- ``/healthz/ready`` (readiness), and ``/healthz`` (the same, kept for the probes that use it):
  is the database reachable, and the broker where one is configured? Anyone gets the verdict
  only: ``{"status": "ok"}`` (200) or ``{"status": "unavailable"}`` (503), enough for a load
  balancer. Staff also get each check's details, error text included, which would tell an
  outsider about the servers behind the site.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.db import connections
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache


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


def _is_staff(request) -> bool:
    # The database may be the thing that is down: reading the session's user must not crash.
    try:
        return bool(request.user.is_authenticated and request.user.is_staff)
    except Exception:
        return False


def _checks() -> tuple[dict, bool]:
    checks = {"database": _check_database(), "broker": _check_broker()}
    return checks, all(check["ok"] for check in checks.values())


@never_cache
def healthz(request):
    checks, healthy = _checks()
    body = {"status": "ok" if healthy else "unavailable"}
    if _is_staff(request):
        body.update(checks)
    return JsonResponse(body, status=200 if healthy else 503)


@never_cache
def liveness(request):
    """The process answers: no database, no broker, no session read."""
    return JsonResponse({"status": "ok"})


@never_cache
def status_page(request):
    """/status/: the same verdict as /healthz, for people; staff also see each check."""
    checks, healthy = _checks()
    context = {"healthy": healthy, "checks": checks if _is_staff(request) else None}
    try:
        return render(request, "status.html", context, status=200 if healthy else 503)
    except Exception:  # the page needs the session, which needs the database: answer in plain words
        text = (
            gettext("Brume is working.")
            if healthy
            else gettext("Brume is unavailable at the moment: please try again shortly.")
        )
        return HttpResponse(text, content_type="text/plain; charset=utf-8", status=200 if healthy else 503)
