"""Celery tasks of the outbox: send one stored email; safe to deliver twice."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError


@shared_task(
    name="outbox.send_mail",
    bind=True,
    ignore_result=True,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(OperationalError, InterfaceError),  # the database, not the mail, failed
    retry_backoff=True,
    retry_backoff_max=600,
    max_retries=5,
)
def send_mail(self, mail_id: int) -> bool:
    """One attempt; a failed one is tried again after its backoff (with a broker: in-process
    there is no one to wait, the row waits for the sweep). A repeat finds the row taken or sent."""
    from outbox.services import mail_send

    attempt = mail_send(mail_id=mail_id)
    if attempt.retry_in is not None and not self.request.is_eager:
        raise self.retry(countdown=attempt.retry_in, max_retries=settings.BRUME_EMAIL_MAX_ATTEMPTS)
    return attempt.sent
