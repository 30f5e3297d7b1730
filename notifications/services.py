"""Writes: notifying people, reading, choosing, and the email digest.

``notify`` is the one door in: it writes each person's row (or none, when they turned the kind
off everywhere) and, once those rows are committed, queues that person's email digest. The
digest task takes every notification of the person still waiting for an email, under a row lock
that another worker skips, sends one message and marks them sent: a second run finds nothing.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from accounts.language import speaking_to
from notifications.models import Kind, Notification, Preference
from notifications.selectors import choices_for_people, choices_of

logger = logging.getLogger(__name__)

TITLE_LENGTH = 200
BODY_LENGTH = 1000


@dataclass(frozen=True)
class Message:
    """What one person is told: composed for that person only."""

    recipient_id: int
    title: str
    body: str = ""
    url: str = ""


class UnknownKind(ValueError):
    """A kind that does not exist (a preference change naming one, say)."""


# Line breaks, tabs and runs of spaces, but not the no-break spaces French puts before ":".
_BREAKABLE_SPACE = re.compile(r"[^\S\u00a0\u202f]+")


def _clip(text: str, length: int, *, one_line: bool = False) -> str:
    text = _BREAKABLE_SPACE.sub(" ", text).strip() if one_line else text.strip()
    return text if len(text) <= length else text[: length - 1] + "…"


def _site_path(url: str) -> bool:
    """A link inside the site: a path, not another host (``//host``, ``/\\host``)."""
    return url.startswith("/") and not url.startswith(("//", "/\\")) and "\n" not in url


def notify(*, kind: str, key: str, messages: Iterable[Message]) -> int:
    """Write ``messages`` (one per person) as notifications of ``kind``; ``key`` names what
    happened, so that hearing of it twice writes nothing more. Returns the rows written.

    A person who turned the kind off on the site and by email gets nothing; off on the site
    only, a hidden row waits for the email. Inactive accounts get nothing.
    """
    if kind not in Kind.values:
        raise UnknownKind(kind)
    by_person = {message.recipient_id: message for message in messages}
    if not by_person:
        return 0
    active = dict(get_user_model().objects.filter(pk__in=list(by_person), is_active=True).values_list("pk", "email"))
    choices = choices_for_people(active, kind)
    rows = []
    for person, email_address in active.items():
        site, email = choices[person]
        email = email and bool(email_address)
        if not (site or email):
            continue
        message = by_person[person]
        rows.append(
            Notification(
                recipient_id=person,
                kind=kind,
                title=_clip(message.title, TITLE_LENGTH, one_line=True),
                body=_clip(message.body, BODY_LENGTH),
                url=message.url if _site_path(message.url) else "",
                dedupe_key=key[:200],
                on_site=site,
                by_email=email,
            )
        )
    if not rows:
        return 0
    with transaction.atomic():
        existing = set(
            Notification.objects.filter(
                recipient_id__in=[row.recipient_id for row in rows], dedupe_key=key[:200]
            ).values_list("recipient_id", flat=True)
        )
        fresh = [row for row in rows if row.recipient_id not in existing]
        # A delivery racing this one may still insert first: the constraint then keeps one row.
        Notification.objects.bulk_create(fresh, ignore_conflicts=True)
        for row in fresh:
            if row.by_email:
                # Registered inside the block: it runs once the rows are committed, never before
                # (and never, if they are rolled back).
                transaction.on_commit(lambda person=row.recipient_id: queue_digest(person), robust=True)
    return len(fresh)


def queue_digest(user_id: int) -> bool:
    """Send the digest task for this person, a short while from now so that a burst gathers."""
    from games.tasks import publish
    from notifications.tasks import send_digest

    # In-process (no broker) the task runs at once whatever the countdown: a burst gathers only
    # within one transaction there.
    countdown = None if send_digest.app.conf.task_always_eager else digest_delay()
    return publish(send_digest, user_id, what=f"the notification digest of user {user_id}", countdown=countdown)


def digest_delay() -> float:
    return float(getattr(settings, "BRUME_NOTIFY_EMAIL_DELAY", 20))


def notification_mark_read(*, user, notification_id: int) -> Notification:
    """Mark one of ``user``'s notifications read; anyone else's is ``Notification.DoesNotExist``."""
    notification = Notification.objects.get(pk=notification_id, recipient=user, on_site=True)
    if notification.read_at is None:
        now = timezone.now()
        Notification.objects.filter(pk=notification.pk, read_at__isnull=True).update(read_at=now)
        notification.read_at = now
    return notification


def notifications_mark_all_read(*, user) -> int:
    return Notification.objects.filter(recipient=user, on_site=True, read_at__isnull=True).update(
        read_at=timezone.now()
    )


def preferences_set(*, user, changes: Mapping[str, Mapping[str, bool]]):
    """Change some of ``user``'s choices: ``{kind: {"site": bool, "email": bool}}`` (either key
    may be left out). An unknown kind or channel changes nothing and raises ``UnknownKind``."""
    for kind, channels in changes.items():
        if kind not in Kind.values:
            raise UnknownKind(f"there is no notification kind {kind!r}")
        unknown = set(channels) - {"site", "email"}
        if unknown:
            raise UnknownKind(f"{kind}: there is no channel {', '.join(sorted(unknown))} (site, email)")
    current = choices_of(user)
    with transaction.atomic():
        for kind, channels in changes.items():
            site = bool(channels.get("site", current[kind].site))
            email = bool(channels.get("email", current[kind].email))
            Preference.objects.update_or_create(user=user, kind=kind, defaults={"site": site, "email": email})
    return choices_of(user)


# --- the email digest ------------------------------------------------------------------------------


def absolute(url: str) -> str:
    base = getattr(settings, "BRUME_SITE_URL", "").rstrip("/")
    return f"{base}{url}" if url else base + "/"


def digest_send(*, user_id: int) -> int:
    """Email ``user_id`` every notification still waiting for an email, in one message; returns
    how many it listed (0: nothing was sent).

    The rows are locked while the message is written; a concurrent run skips them rather than
    waits, and finds nothing left. The message goes to the outbox in this transaction and leaves
    after its commit (a mail server that is down delays it there); a failure here rolls back:
    the rows wait for the next run.
    Rows read on the site meanwhile, or whose kind the person has since turned off for email,
    are not sent.
    """
    user = get_user_model().objects.filter(pk=user_id).first()
    with transaction.atomic():
        waiting = list(
            Notification.objects.select_for_update(skip_locked=True)
            .filter(recipient_id=user_id, by_email=True, emailed_at__isnull=True)
            .order_by("created_at", "id")
        )
        if not waiting:
            return 0
        wanted_kinds = {kind for kind, choice in choices_of(user).items() if choice.email} if user else set()
        can_mail = user is not None and user.is_active and bool(user.email)
        to_send = [n for n in waiting if can_mail and n.kind in wanted_kinds and n.read_at is None]
        dropped = [n.pk for n in waiting if n not in to_send]
        if dropped:
            Notification.objects.filter(pk__in=dropped).update(by_email=False)
        if not to_send:
            return 0
        _digest_message(user, to_send).send()
        Notification.objects.filter(pk__in=[n.pk for n in to_send]).update(emailed_at=timezone.now())
    return len(to_send)


def digest_subject(notifications: list[Notification]) -> str:
    if len(notifications) == 1:
        return gettext("Brume: %(title)s") % {"title": notifications[0].title}
    return ngettext("Brume: %(count)d new notification", "Brume: %(count)d new notifications", len(notifications)) % {
        "count": len(notifications)
    }


def _digest_message(user, notifications: list[Notification]) -> EmailMultiAlternatives:
    """The digest in the person's language (their profile's), whatever the language of the
    request or task that sends it; the notifications' own texts were composed in it already."""
    with speaking_to(user):
        return _digest_message_composed(user, notifications)


def _digest_message_composed(user, notifications: list[Notification]) -> EmailMultiAlternatives:
    items = [{"n": n, "link": absolute(n.url) if n.url else ""} for n in notifications]
    context = {
        "user": user,
        "items": items,
        "preferences_link": absolute("/me/notifications/preferences/"),
        "site_link": absolute(""),
    }
    message = EmailMultiAlternatives(
        subject=digest_subject(notifications),
        body=render_to_string("notifications/email_digest.txt", context),
        to=[user.email],
    )
    message.attach_alternative(render_to_string("notifications/email_digest.html", context), "text/html")
    return message


def pending_digests(*, older_than: float) -> list[int]:
    """People with a notification waiting for its email longer than ``older_than`` seconds (its
    task was lost: the broker was down, a worker died)."""
    cutoff = timezone.now() - timedelta(seconds=older_than)
    return list(
        Notification.objects.filter(by_email=True, emailed_at__isnull=True, created_at__lt=cutoff)
        .values_list("recipient_id", flat=True)
        .distinct()[:500]
    )
