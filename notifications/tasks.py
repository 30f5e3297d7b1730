"""Celery tasks of notifications: the email digest, and the sweep that resends lost digests."""

from __future__ import annotations

import smtplib

from celery import shared_task
from django.db import InterfaceError, OperationalError


@shared_task(
    name="notifications.send_digest",
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    # The mail server or the database failed, not the notifications: try again later. A retry
    # sends what is still waiting then, so nothing is sent twice.
    autoretry_for=(OperationalError, InterfaceError, smtplib.SMTPException, OSError),
    retry_backoff=True,
    retry_backoff_max=600,
    max_retries=6,
)
def send_digest(user_id: int) -> int:
    from notifications.services import digest_send

    return digest_send(user_id=user_id)


@shared_task(name="notifications.sweep_digests", ignore_result=True)
def sweep_digests() -> int:
    """Queue the digest again for everyone whose email waited far longer than the delay."""
    from notifications.services import digest_delay, pending_digests, queue_digest

    people = pending_digests(older_than=max(60.0, digest_delay() * 5))
    for person in people:
        queue_digest(person)
    return len(people)
