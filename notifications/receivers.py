"""The signal receivers: each composes its notifications and hands them to ``services.notify``.

They run after the change committed (the senders wait for the commit), and they never raise: a
notification that cannot be written is logged, and whatever sent the signal (a result report,
a log's validation, a move) goes on as if nobody listened.
"""

from __future__ import annotations

import logging

from django.dispatch import receiver

from games import signals as games_signals
from notifications import compose
from notifications.services import notify
from tournament import signals as tournament_signals

logger = logging.getLogger(__name__)


def deliver(composer, **ids) -> int:
    """Compose and write one signal's notifications; 0 when there was nothing to tell or it failed."""
    try:
        batch = composer(**ids)
        if batch is None or not batch.messages:
            return 0
        return notify(kind=batch.kind, key=batch.key, messages=batch.messages)
    except Exception:
        logger.exception("notifications of %s(%s) failed", composer.__name__, ids)
        return 0


@receiver(tournament_signals.pairings_published, dispatch_uid="notifications.pairings_published")
def _pairings_published(sender, round_id, **kwargs):
    deliver(compose.pairings_published, round_id=round_id)


@receiver(tournament_signals.result_reported, dispatch_uid="notifications.result_reported")
def _result_reported(sender, game_id, participant_id=None, **kwargs):
    deliver(compose.result_reported, game_id=game_id, participant_id=participant_id)


@receiver(tournament_signals.result_confirmed, dispatch_uid="notifications.result_confirmed")
def _result_confirmed(sender, game_id, **kwargs):
    deliver(compose.result_confirmed, game_id=game_id)


@receiver(tournament_signals.dispute_opened, dispatch_uid="notifications.dispute_opened")
def _dispute_opened(sender, game_id, participant_id=None, **kwargs):
    deliver(compose.dispute_opened, game_id=game_id, participant_id=participant_id)


@receiver(tournament_signals.dispute_ruled, dispatch_uid="notifications.dispute_ruled")
def _dispute_ruled(sender, game_id, **kwargs):
    deliver(compose.dispute_ruled, game_id=game_id)


@receiver(tournament_signals.deadline_approaching, dispatch_uid="notifications.deadline_approaching")
def _deadline_approaching(sender, round_id, **kwargs):
    deliver(compose.deadline_approaching, round_id=round_id)


@receiver(tournament_signals.event_starting, dispatch_uid="notifications.event_starting")
def _event_starting(sender, event_id, **kwargs):
    deliver(compose.event_starting, event_id=event_id)


@receiver(tournament_signals.match_flagged, dispatch_uid="notifications.match_flagged")
def _match_flagged(sender, match_id, **kwargs):
    deliver(compose.match_flagged, match_id=match_id)


@receiver(games_signals.record_validated, dispatch_uid="notifications.record_validated")
def _record_validated(sender, record, **kwargs):
    deliver(compose.log_verdict, record=record)


@receiver(games_signals.live_turn_started, dispatch_uid="notifications.live_turn_started")
def _live_turn_started(sender, live_id, seat, **kwargs):
    deliver(compose.your_turn, live_id=live_id, seat=seat)
