"""Two runners at the same instant (two beats, two embedded web processes): every change and
every announcement happens once. Runs on SQLite and on PostgreSQL (``DATABASE_URL``)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection

from tournament import signals
from tournament.models import Match, ResultEntry, Stage
from tournament.services.deadlines import run_deadlines

from .world import scheduled_round


def at_once(count: int, call) -> tuple[list, list]:
    barrier = threading.Barrier(count)
    results, errors = [], []

    def run():
        try:
            barrier.wait()
            results.append(call())
        except Exception as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results, errors


@pytest.mark.django_db(transaction=True)
def test_three_runners_at_once_forfeit_flag_and_warn_once_each():
    forfeit = scheduled_round(at_deadline=Stage.AtDeadline.FORFEIT_ABSENT)
    present = forfeit.seat(0)
    present.checked_in = True
    present.save(update_fields=["checked_in"])
    flag = scheduled_round(at_deadline=Stage.AtDeadline.FLAG)
    heard = []
    lock = threading.Lock()

    def receiver(sender, signal, **kwargs):
        with lock:
            heard.append((signal, tuple(sorted(kwargs.items()))))

    for signal in (signals.match_flagged, signals.result_confirmed, signals.deadline_approaching):
        signal.connect(receiver)
    try:
        now = max(forfeit.deadline, flag.deadline) + timedelta(minutes=1)
        results, errors = at_once(3, lambda: run_deadlines(now))
    finally:
        for signal in (signals.match_flagged, signals.result_confirmed, signals.deadline_approaching):
            signal.disconnect(receiver)
    assert errors == []
    assert sum(len(run.forfeited) for run in results) == 1
    assert sum(len(run.flagged) for run in results) == 1
    assert ResultEntry.objects.filter(game__match=forfeit.match, action=ResultEntry.Action.FORFEIT).count() == 1
    assert Match.objects.get(pk=forfeit.match.pk).status == Match.Status.COMPLETED
    assert [kwargs for signal, kwargs in heard if signal is signals.match_flagged] == [(("match_id", flag.match.pk),)]
    assert len([1 for signal, _ in heard if signal is signals.result_confirmed]) == 1
