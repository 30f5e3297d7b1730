"""Demo notifications for alice: ``load_notifications_demo()``, called by the demo loader after
the tournament demo (``python manage.py load_demo``). Safe to call twice (dedupe keys)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from notifications.models import Kind
from notifications.services import Message, notify
from tournament.models import MatchSeat


def load_notifications_demo() -> int:
    alice = get_user_model().objects.filter(username="alice").first()
    if alice is None:
        return 0
    seat = (
        MatchSeat.objects.filter(participant__user=alice, match__is_bye=False)
        .select_related("match__round__stage__event")
        .order_by("-match__round__published_at", "-match_id")
        .first()
    )
    written = 0
    if seat is not None:
        match = seat.match
        event = match.round.stage.event
        others = match.seats.exclude(pk=seat.pk).select_related("participant")
        names = " and ".join(other.participant.name for other in others) or "nobody"
        written += notify(
            kind=Kind.PAIRINGS_PUBLISHED,
            key=f"demo:pairings:{match.pk}",
            messages=[
                Message(
                    alice.pk,
                    title=f"{event.name}: pairings of round {match.round.number}",
                    body=f"You play {names} at table {match.table}.",
                    url=match.get_absolute_url(),
                )
            ],
        )
    written += notify(
        kind=Kind.LOG_VERDICT,
        key="demo:welcome",
        messages=[
            Message(
                alice.pk,
                title="Welcome to Brume's notifications",
                body="Pairings, results to confirm, disputes and your turn in online games appear here. "
                "Choose what you are told, and what is emailed, on the choices page.",
                url="/me/notifications/preferences/",
            )
        ],
    )
    return written
