"""Schedules: an event's time zone and start, a round's start and report deadline.

Times are stored in UTC (aware datetimes) and shown in the event's time zone. A naive datetime
(what a form's ``datetime-local`` input gives) is read in the event's time zone by
:func:`in_event_zone`. Moving a deadline or a start time clears its "already announced" marker
so the reminder goes out again for the new time; a match flagged at the old deadline is unflagged
when the deadline moves to the future (the players have a new chance).
"""

from __future__ import annotations

import zoneinfo
from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.errors import ServiceError
from tournament.models import Event, Match, Round, validate_time_zone
from tournament.services.events import check_organiser


def event_zone(event: Event) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(event.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):  # a stored name the system no longer knows
        return zoneinfo.ZoneInfo("UTC")


def check_time_zone(name) -> str:
    try:
        validate_time_zone(name)
    except ValidationError as exc:
        raise ServiceError(exc.messages[0], code="time_zone") from None
    return name


def in_event_zone(event: Event, moment: datetime | None) -> datetime | None:
    """An aware datetime as it is; a naive one read as the event's local time."""
    if moment is None:
        return None
    if not isinstance(moment, datetime):
        raise ServiceError(_("give a date and time (ISO 8601, e.g. 2026-12-05T14:00+01:00)"), code="datetime")
    if timezone.is_naive(moment):
        return moment.replace(tzinfo=event_zone(event))
    return moment


def check_event_schedule(event: Event, fields: dict) -> None:
    """Validate (and normalise in place) the schedule fields of an event update."""
    if "time_zone" in fields:
        check_time_zone(fields["time_zone"])
    if "starts_at" in fields:
        probe = Event(time_zone=fields.get("time_zone", event.time_zone))
        fields["starts_at"] = in_event_zone(probe, fields["starts_at"])
        if fields["starts_at"] != event.starts_at:
            fields["starting_announced_at"] = None  # the "starting soon" reminder goes out for the new time


@transaction.atomic
def round_schedule(*, round_: Round, by, starts_at: datetime | None, report_deadline: datetime | None) -> Round:
    """The organiser sets (or clears, with None) a round's start time and report deadline."""
    round_ = Round.objects.select_for_update().select_related("stage__event").get(pk=round_.pk)
    event = round_.stage.event
    check_organiser(by, event)
    starts_at = in_event_zone(event, starts_at)
    report_deadline = in_event_zone(event, report_deadline)
    if starts_at and report_deadline and report_deadline <= starts_at:
        raise ServiceError(_("the report deadline must come after the round's start"), code="deadline_before_start")
    if report_deadline != round_.report_deadline:
        round_.deadline_warned_at = None
        if report_deadline is None or report_deadline > timezone.now():
            Match.objects.filter(round=round_, status=Match.Status.PENDING, flagged_at__isnull=False).update(
                flagged_at=None, flag_reason=""
            )
    round_.starts_at, round_.report_deadline = starts_at, report_deadline
    round_.save(update_fields=["starts_at", "report_deadline", "deadline_warned_at"])
    return round_
