"""Demo data: one webhook of the demo Swiss with a delivery log (delivered, retrying, given up).

The endpoint points at example.org (a name kept for examples) and is disabled, so that the demo
site never sends anything anywhere; the log is written as it would have been.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.utils import timezone

from tournament.models import Event
from webhooks import payloads
from webhooks.models import SUBSCRIBABLE, Delivery, DeliveryAttempt, Endpoint
from webhooks.services import new_secret, retry_delay


def load_webhooks_demo(event: Event) -> Endpoint | None:
    """The demo event's webhook and its log; nothing when it exists already."""
    if Endpoint.objects.filter(event=event).exists():
        return None
    endpoint = Endpoint.objects.create(
        owner=event.owner,
        event=event,
        name="Club site (demo)",
        url="https://club.example.org/brume-hook",
        style=Endpoint.Style.JSON,
        kinds=list(SUBSCRIBABLE),
        secret=new_secret(),
        active=False,
        disabled_reason="a demo: register a URL of yours to try webhooks",
    )
    now = timezone.now()
    stage = event.stages.order_by("number").first()
    rounds = list(stage.rounds.order_by("number")) if stage else []
    news = [("pairings_published", payloads.pairings_data(r)) for r in rounds]
    if stage is not None:
        news.append(("standings_changed", payloads.standings_data(stage)))
    plans = [[200], [500, 502, 200], [None] * 6, [500, 500]]  # None: no answer (timed out)
    if not news:
        news = [("ping", {"message": "A test ping from Brume: this webhook works.", "endpoint": endpoint.name})]
    for index, plan in enumerate(plans):
        kind, data = news[index % len(news)]
        # The one still retrying started a moment ago: its next attempt is ahead.
        start = now - (timedelta(minutes=2) if index == len(plans) - 1 else timedelta(hours=30 - 6 * index))
        _logged(endpoint, event, kind, data, plan, start=start)
    return endpoint


def _logged(endpoint: Endpoint, event: Event, kind: str, data: dict, plan: list, *, start) -> Delivery:
    delivery_id = uuid.uuid4()
    delivery = Delivery.objects.create(
        uuid=delivery_id,
        endpoint=endpoint,
        kind=kind,
        event=event,
        payload=payloads.json_payload(str(delivery_id), kind, event, data),
    )
    at = start
    for number, code in enumerate(plan, start=1):
        DeliveryAttempt.objects.create(
            delivery=delivery,
            number=number,
            at=at,
            response_code=code,
            response_excerpt="ok" if code == 200 else ("Internal Server Error" if code else ""),
            error="" if code == 200 else (f"the receiver answered {code}" if code else "TimeoutError: timed out"),
            duration_ms=5000 if code is None else 120,
        )
        delay = retry_delay(number)
        if code != 200 and delay is not None:
            at += delay
    last = plan[-1]
    delivered = last == 200
    gave_up = not delivered and retry_delay(len(plan)) is None
    status = Delivery.Status.DELIVERED if delivered else Delivery.Status.GAVE_UP if gave_up else Delivery.Status.FAILED
    Delivery.objects.filter(pk=delivery.pk).update(
        status=status,
        attempts=len(plan),
        last_response_code=last,
        response_excerpt="ok" if delivered else ("Internal Server Error" if last else ""),
        error="" if delivered else (f"the receiver answered {last}" if last else "TimeoutError: timed out"),
        next_attempt_at=at if status == Delivery.Status.FAILED else None,
        delivered_at=at if delivered else None,
        created_at=start,
    )
    return delivery
