"""Demo notifications for alice: ``load_notifications_demo()``, to call after the tournament demo
(``python manage.py load_demo``). Loading the demo already tells alice of her pairings, results
and disputes through the signals; this makes sure she has her latest pairing notice even if
those were not heard, and marks all but her three newest read, so that her list shows both.
Safe to call twice: it uses the real dedupe keys."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import timezone

from notifications import compose
from notifications.models import Notification
from notifications.services import notify
from tournament.models import MatchSeat

UNREAD_KEPT = 3


def load_notifications_demo() -> int:
    """Returns the notifications written (0 when alice had them already)."""
    alice = get_user_model().objects.filter(username="alice").first()
    if alice is None:
        return 0
    seat = (
        MatchSeat.objects.filter(participant__user=alice)
        .select_related("match__round")
        .order_by("-match__round__published_at", "-match_id")
        .first()
    )
    written = 0
    if seat is not None:
        batch = compose.pairings_published(round_id=seat.match.round_id)
        if batch is not None:
            mine = [message for message in batch.messages if message.recipient_id == alice.pk]
            written = notify(kind=batch.kind, key=batch.key, messages=mine)
    newest = Notification.objects.filter(recipient=alice).values_list("pk", flat=True)[:UNREAD_KEPT]
    Notification.objects.filter(recipient=alice, read_at__isnull=True).exclude(pk__in=list(newest)).update(
        read_at=timezone.now()
    )
    return written
