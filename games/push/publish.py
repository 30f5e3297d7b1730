"""``announce(live)``: the one call a service makes after changing a live game."""

from __future__ import annotations

from django.db import transaction

from games.push.events import event_of
from games.push.transport import send


def announce(live) -> None:
    """Push the game's new version and status to its watchers once the transaction commits
    (never before: a page must not fetch a board that is not stored yet)."""
    event = event_of(live)
    transaction.on_commit(lambda: send(event))
