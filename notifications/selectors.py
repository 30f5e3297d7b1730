"""Reads: a person's notifications, their unread count and their choices."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from notifications.models import EMAIL_BY_DEFAULT, Kind, Notification, Preference


def notifications_of(user, *, unread_only: bool = False) -> QuerySet[Notification]:
    """What ``user`` sees in the list, newest first: only their own rows shown on the site."""
    if not user.is_authenticated:
        return Notification.objects.none()
    found = Notification.objects.filter(recipient=user, on_site=True)
    if unread_only:
        found = found.filter(read_at__isnull=True)
    return found


def unread_count(user) -> int:
    """The bell's number: one COUNT on an index."""
    return notifications_of(user, unread_only=True).count()


@dataclass(frozen=True)
class Choice:
    kind: str
    label: str
    site: bool
    email: bool


def default_choice(kind: str) -> tuple[bool, bool]:
    return True, kind in EMAIL_BY_DEFAULT


def choices_of(user) -> dict[str, Choice]:
    """Every kind with this person's choice (their row, else the default), in the kinds' order."""
    stored = {row.kind: row for row in Preference.objects.filter(user=user)} if user.is_authenticated else {}
    result = {}
    for kind in Kind:
        row = stored.get(kind.value)
        site, email = (row.site, row.email) if row else default_choice(kind.value)
        result[kind.value] = Choice(kind.value, kind.label, site, email)
    return result


def choices_for_people(user_ids, kind: str) -> dict[int, tuple[bool, bool]]:
    """(site, email) of ``kind`` for each of these people, in one query."""
    site, email = default_choice(kind)
    result = dict.fromkeys(user_ids, (site, email))
    for row in Preference.objects.filter(user_id__in=list(result), kind=kind):
        result[row.user_id] = (row.site, row.email)
    return result
