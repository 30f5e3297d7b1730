"""The signal receivers: each composes its notifications and hands them to ``services.notify``.

They run after the change committed (the senders wait for the commit), and they never raise: a
notification that cannot be written is logged, and whatever sent the signal (a result report,
a log's validation, a move) goes on as if nobody listened.
"""

from __future__ import annotations

import inspect
import logging

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


def _listen(signal, composer) -> None:
    """``composer`` hears ``signal``, with the keyword arguments it takes (the signal may send more)."""
    wanted = set(inspect.signature(composer).parameters)

    def receive(sender, **kwargs):
        deliver(composer, **{name: value for name, value in kwargs.items() if name in wanted})

    signal.connect(receive, weak=False, dispatch_uid=f"notifications.{composer.__name__}")


for _signal, _composer in (
    (tournament_signals.pairings_published, compose.pairings_published),
    (tournament_signals.result_reported, compose.result_reported),
    (tournament_signals.result_confirmed, compose.result_confirmed),
    (tournament_signals.dispute_opened, compose.dispute_opened),
    (tournament_signals.dispute_ruled, compose.dispute_ruled),
    (tournament_signals.deadline_approaching, compose.deadline_approaching),
    (tournament_signals.event_starting, compose.event_starting),
    (tournament_signals.match_flagged, compose.match_flagged),
    (games_signals.record_validated, compose.log_verdict),
    (games_signals.live_turn_started, compose.your_turn),
):
    _listen(_signal, _composer)
