"""Writes of the outbox: queue messages, send one, send again what waits.

``mail_queue`` is what the site's email backend (``outbox.backend``) does with every message:
store it in the caller's transaction and, once that commits, send the ``outbox.send_mail`` task.
``mail_send`` is one attempt: it claims the row with a conditional update (so the task, its
retries and the sweep never send a row twice), sends it with the real backend
(``BRUME_EMAIL_DELIVERY_BACKEND``), then marks it sent; a failure puts it back to pending with a
longer wait, and after ``BRUME_EMAIL_MAX_ATTEMPTS`` it is given up. The sweep (``brume.sweep``)
sends again what is still pending ``BRUME_SWEEP_AFTER`` seconds after its attempt was due, and
what is held by a claim that ran out (a worker killed mid-send: sent again, once, then).
"""

from __future__ import annotations

import logging
import smtplib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from outbox.models import OutgoingMail
from outbox.stored import StoredEmail

logger = logging.getLogger(__name__)
Status = OutgoingMail.Status

SUBJECT_LENGTH = 300
ERROR_LENGTH = 2000


def _row_of(message: EmailMessage, now) -> OutgoingMail:
    mime = message.message()  # header checks happen here, in the request, as before the outbox
    subject = " ".join(str(message.subject or "").split())
    return OutgoingMail(
        created_at=now,
        due_at=now,
        subject=subject[:SUBJECT_LENGTH],
        from_email=message.from_email or settings.DEFAULT_FROM_EMAIL,
        recipients=list(message.recipients()),
        message=mime.as_bytes(linesep="\r\n"),
    )


def mail_queue(*, messages: Iterable[EmailMessage]) -> list[int]:
    """Store ``messages`` in the caller's transaction; once it commits, send each. Returns the
    outbox rows' ids (a message with no recipient is not stored, as no backend would send it)."""
    now = timezone.now()
    rows = [_row_of(message, now) for message in messages if message.recipients()]
    if not rows:
        return []
    with transaction.atomic():
        for row in rows:
            row.save()
        ids = [row.pk for row in rows]
        # Registered inside the block: it runs after the outermost commit, never if rolled back.
        transaction.on_commit(lambda: _send_committed(ids), robust=True)
    return ids


def _send_committed(ids: list[int]) -> None:
    from games.tasks import publish_each
    from outbox.tasks import send_mail

    # With a broker, a failed publish (broker down) is logged and the sweep sends it later.
    # In-process, the task runs here: a mail server that is down is written on the row (never
    # raised into the request), which waits for the sweep.
    publish_each(send_mail, ids, what=lambda pk: f"outgoing email {pk}")


@dataclass(frozen=True)
class Attempt:
    """What one attempt did: ``sent``; or, when it failed, how long until the next (None: no
    next attempt, it was given up); ``claimed`` False when someone else held or sent it."""

    claimed: bool
    sent: bool = False
    retry_in: float | None = None


def retry_delay(attempts: int) -> float:
    """Seconds to wait after the ``attempts``-th failed attempt: doubling, at most the maximum."""
    first, most = settings.BRUME_EMAIL_RETRY_DELAY, settings.BRUME_EMAIL_RETRY_MAX_DELAY
    return float(min(first * 2 ** (attempts - 1), most))


def _claimable(now) -> Q:
    return Q(status=Status.PENDING) | Q(status=Status.SENDING, claimed_until__lte=now)


def _claim(mail_id: int, now) -> int | None:
    """Take the row for one attempt; returns the attempt's number (it identifies the claim), or
    None when the row is sent, given up, or being sent by someone else."""
    until = now + timedelta(seconds=settings.BRUME_EMAIL_CLAIM_SECONDS)
    claimed = OutgoingMail.objects.filter(_claimable(now), pk=mail_id).update(
        status=Status.SENDING, claimed_until=until, attempts=F("attempts") + 1
    )
    if not claimed:
        return None
    return OutgoingMail.objects.filter(pk=mail_id).values_list("attempts", flat=True).get()


def _permanent(error: Exception) -> bool:
    """The mail server refused the message itself (every recipient refused, a 5xx after the
    data): sending it again would get the same answer."""
    if isinstance(error, smtplib.SMTPRecipientsRefused):
        return True
    return isinstance(error, smtplib.SMTPDataError) and 500 <= error.smtp_code < 600


def mail_send(*, mail_id: int) -> Attempt:
    """One attempt to send an outbox row with the real backend (see the module's docstring)."""
    now = timezone.now()
    number = _claim(mail_id, now)
    if number is None:
        return Attempt(claimed=False)
    row = OutgoingMail.objects.get(pk=mail_id)
    this_claim = OutgoingMail.objects.filter(pk=mail_id, status=Status.SENDING, attempts=number)
    message = StoredEmail(raw=bytes(row.message), from_email=row.from_email, recipients=row.recipients)
    try:
        connection = get_connection(settings.BRUME_EMAIL_DELIVERY_BACKEND, fail_silently=False)
        connection.send_messages([message])
    except Exception as error:
        give_up = _permanent(error) or number >= settings.BRUME_EMAIL_MAX_ATTEMPTS
        wait = None if give_up else retry_delay(number)
        logger.warning("outgoing email %s: attempt %d failed (%s: %s)", mail_id, number, type(error).__name__, error)
        this_claim.update(
            status=Status.FAILED if give_up else Status.PENDING,
            claimed_until=None,
            due_at=timezone.now() + timedelta(seconds=wait or 0),
            last_error=f"{type(error).__name__}: {error}"[:ERROR_LENGTH],
        )
        return Attempt(claimed=True, retry_in=wait)
    # Once sent, the message is not kept: it may hold a password reset link.
    if not this_claim.update(
        status=Status.SENT, sent_at=timezone.now(), claimed_until=None, last_error="", message=b""
    ):
        logger.error("outgoing email %s was sent after its claim ran out: raise BRUME_EMAIL_CLAIM_SECONDS", mail_id)
    return Attempt(claimed=True, sent=True)


def mails_requeue(*, older_than: float | None = None, limit: int = 500) -> list[int]:
    """Send again the rows still pending ``BRUME_SWEEP_AFTER`` seconds after their attempt was
    due (its task was never sent, or lost), or, with ``older_than``, every row pending that long
    after it was written (``manage.py requeue_records --older-than 0``: all of them, now); and
    the rows whose claim ran out. Returns the ids sent."""
    from games.tasks import publish_each
    from outbox.tasks import send_mail

    now = timezone.now()
    if older_than is None:
        waiting = Q(status=Status.PENDING, due_at__lte=now - timedelta(seconds=settings.BRUME_SWEEP_AFTER))
    else:
        waiting = Q(status=Status.PENDING, created_at__lte=now - timedelta(seconds=older_than))
    stuck = Q(status=Status.SENDING, claimed_until__lte=now)
    ids = list(
        OutgoingMail.objects.filter(waiting | stuck).order_by("due_at", "pk").values_list("pk", flat=True)[:limit]
    )
    if ids:
        logger.info("sending again %d outgoing emails", len(ids))
    return publish_each(send_mail, ids, what=lambda pk: f"outgoing email {pk}")


def mail_send_again(*, mail_ids: Iterable[int]) -> list[int]:
    """An operator's "send again": rows given up (or pending) become due now, with a fresh count
    of attempts, and are sent. Rows sent or being sent are left alone."""
    ids = list(
        OutgoingMail.objects.filter(pk__in=list(mail_ids), status__in=[Status.FAILED, Status.PENDING]).values_list(
            "pk", flat=True
        )
    )
    OutgoingMail.objects.filter(pk__in=ids, status__in=[Status.FAILED, Status.PENDING]).update(
        status=Status.PENDING, attempts=0, due_at=timezone.now()
    )
    transaction.on_commit(lambda: _send_committed(ids), robust=True)
    return ids


def sent_mails_forget(*, now=None) -> int:
    """Delete the rows sent over ``BRUME_EMAIL_KEEP_DAYS`` ago (the sweep calls this)."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.BRUME_EMAIL_KEEP_DAYS)
    deleted, _ = OutgoingMail.objects.filter(status=Status.SENT, sent_at__lt=cutoff).delete()
    return deleted
