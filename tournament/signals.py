"""What happened in an event, told to whoever listens (notifications, webhooks), after commit.

The services send these through :func:`announce`, which waits for the transaction that made the
change to commit: a listener never hears of a change that was rolled back, and it reads the
database as the change left it. Each signal's keyword arguments are ids, not rows, so that a
listener that hands the work to a Celery task passes them on unchanged.
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

# kwargs: round_id
pairings_published = Signal()
# kwargs: game_id (a SeriesGame), participant_id (who reported)
result_reported = Signal()
# kwargs: game_id, match_id
result_confirmed = Signal()
# kwargs: game_id, participant_id (who disputed)
dispute_opened = Signal()
# kwargs: game_id (the organiser ruled on the dispute or corrected the result)
dispute_ruled = Signal()
# kwargs: stage_id (a match was settled: the stage's standings may have moved)
standings_changed = Signal()
# kwargs: event_id
event_finished = Signal()
# kwargs: event_id
event_started = Signal()


def announce(signal: Signal, **ids) -> None:
    """Send ``signal`` with ``ids`` once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: signal.send(sender=None, **ids), robust=True)


# Sent by the schedule (tournament deadlines, on Celery beat or the embedded ticker):
# kwargs: round_id (the round's report deadline is about an hour away)
deadline_approaching = Signal()
# kwargs: event_id (the event starts soon)
event_starting = Signal()
# kwargs: match_id (the report deadline passed with no result: the organiser should look)
match_flagged = Signal()
