"""Listens to the tournament's news (``tournament.signals``, sent after commit) and hands each
piece to the ``webhooks.fan_out`` task when some endpoint could want it.

A receiver never raises: notifications and other listeners of the same signal must still hear it.
"""

from __future__ import annotations

import logging

from django.db.models import Q

from tournament import signals

logger = logging.getLogger(__name__)


def _anyone_listening() -> bool:
    from webhooks.models import Endpoint

    return Endpoint.objects.filter(Q(active=True)).exists()


def _hand_over(kind: str, ids: dict) -> None:
    try:
        if not _anyone_listening():
            return
        from webhooks.tasks import fan_out

        fan_out.delay(kind, ids)
    except Exception:
        logger.exception("webhooks could not take the news %s %s", kind, ids)


def on_pairings_published(sender, round_id, **kwargs):
    _hand_over("pairings_published", {"round_id": round_id})


def on_result_confirmed(sender, game_id, match_id=None, **kwargs):
    _hand_over("result_confirmed", {"game_id": game_id})


def on_standings_changed(sender, stage_id, **kwargs):
    _hand_over("standings_changed", {"stage_id": stage_id})


def on_event_finished(sender, event_id, **kwargs):
    _hand_over("event_finished", {"event_id": event_id})


def _sweep(older_than: float | None) -> int:
    from webhooks.services import deliveries_due

    return len(deliveries_due())


def connect() -> None:
    from games import sweep

    signals.pairings_published.connect(on_pairings_published, dispatch_uid="webhooks.pairings_published")
    signals.result_confirmed.connect(on_result_confirmed, dispatch_uid="webhooks.result_confirmed")
    signals.standings_changed.connect(on_standings_changed, dispatch_uid="webhooks.standings_changed")
    signals.event_finished.connect(on_event_finished, dispatch_uid="webhooks.event_finished")
    sweep.register("webhooks", _sweep)
