"""Celery tasks of the webhooks app: thin wrappers around services, safe to run twice."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="webhooks.fan_out", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def fan_out(kind: str, ids: dict) -> int:
    """Write down one delivery per listening endpoint for this news, and queue them."""
    from webhooks.services import news_fan_out

    return len(news_fan_out(kind=kind, **ids))


@shared_task(name="webhooks.send_delivery", acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def send_delivery(delivery_id: int) -> str | None:
    """One attempt of a delivery, if it is due (a repeat of this task finds it claimed or done)."""
    from webhooks.services import delivery_attempt

    delivery = delivery_attempt(delivery_id=delivery_id)
    return delivery.status if delivery else None
