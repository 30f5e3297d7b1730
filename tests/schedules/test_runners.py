"""How the deadline runner is run: a beat task every minute, or the embedded ticker that only an
ASGI server's lifespan starts."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from django.utils import timezone

from tournament import ticker
from tournament.models import Match, Stage

from .world import scheduled_round


def test_beat_runs_the_deadline_task_every_minute():
    from config.celery import app

    app.loader.import_default_modules()
    app.finalize()
    entries = {name: entry for name, entry in app.conf.beat_schedule.items()}
    entry = entries["deadlines"]
    assert entry["task"] == "tournament.run_deadlines"
    assert entry["schedule"] == 60.0


def test_the_task_runs_the_deadlines(monkeypatch):
    from tournament.tasks import run_deadlines_task

    world = scheduled_round(at_deadline=Stage.AtDeadline.FLAG)
    later = world.deadline + timedelta(minutes=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    result = run_deadlines_task.apply().get()
    assert result["flagged"] == [world.match.pk]
    assert Match.objects.get(pk=world.match.pk).flagged_at == later


def test_the_ticker_is_not_wanted_with_a_broker_or_outside_embedded_mode(settings):
    settings.EMBEDDED, settings.CELERY_BROKER_URL = True, "redis://127.0.0.1:6379/6"
    assert ticker.wanted() is False and ticker.start() is False
    settings.EMBEDDED, settings.CELERY_BROKER_URL = False, None
    assert ticker.wanted() is False
    settings.EMBEDDED, settings.CELERY_BROKER_URL = True, None
    assert ticker.wanted() is True


def test_the_ticker_can_be_switched_off(settings, monkeypatch):
    settings.EMBEDDED, settings.CELERY_BROKER_URL = True, None
    monkeypatch.setenv("BRUME_DEADLINE_TICKER", "false")
    assert ticker.wanted() is False and ticker.start() is False


def test_importing_the_asgi_application_starts_no_ticker():
    import config.asgi  # noqa: F401

    assert ticker._thread is None or not ticker._thread.is_alive()


def test_the_asgi_lifespan_startup_starts_the_ticker_and_shutdown_stops_it(monkeypatch):
    from config.asgi import application

    calls = []
    monkeypatch.setattr(ticker, "start", lambda: calls.append("start"))
    monkeypatch.setattr(ticker, "stop", lambda: calls.append("stop"))
    incoming = [{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}]
    sent = []

    async def receive():
        return incoming.pop(0)

    async def send(message):
        sent.append(message["type"])

    asyncio.run(application({"type": "lifespan"}, receive, send))
    assert calls == ["start", "stop"]
    assert sent == ["lifespan.startup.complete", "lifespan.shutdown.complete"]


def test_a_failing_tick_is_logged_and_does_not_raise(monkeypatch, caplog):
    import tournament.services.deadlines as deadlines

    def broken(now):
        raise RuntimeError("database away")

    monkeypatch.setattr(deadlines, "run_deadlines", broken)
    ticker.tick()
    assert "the deadline runner failed" in caplog.text


def test_the_started_ticker_ticks_and_stops(monkeypatch, settings):
    import threading

    settings.EMBEDDED, settings.CELERY_BROKER_URL = True, None
    ticked = threading.Event()
    monkeypatch.setattr(ticker, "EVERY_SECONDS", 0.01)
    monkeypatch.setattr(ticker, "tick", ticked.set)
    assert ticker.start() is True
    assert ticker.start() is False  # one per process
    try:
        assert ticked.wait(5)
    finally:
        ticker.stop()
        ticker._thread.join(5)
    assert not ticker._thread.is_alive()
