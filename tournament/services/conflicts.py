"""Declared conflicts: pairs an organiser says must never meet ("never pair these two")."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from ranking.cache import event_changed
from tournament import bounds
from tournament.errors import Conflict, ServiceError
from tournament.models import DeclaredConflict, Event, Participant
from tournament.services.events import check_organiser

MAX_CONFLICTS = 1000  # declared pairs per event


def forbidden_pairs(event: Event) -> dict[int, frozenset[int]]:
    """Each participant's declared conflicts, as the pairing's ``Entrant.forbidden`` takes them."""
    found: dict[int, set[int]] = {}
    for first, second in DeclaredConflict.objects.filter(event=event).values_list("first_id", "second_id"):
        found.setdefault(first, set()).add(second)
        found.setdefault(second, set()).add(first)
    return {pid: frozenset(others) for pid, others in found.items()}


@transaction.atomic
def conflict_declare(*, event: Event, by, first: int, second: int, reason: str = "") -> DeclaredConflict:
    """Declare that two participants of the event are never paired together."""
    check_organiser(by, event)
    try:
        reason = bounds.text(reason.strip(), _("a reason"), max_length=200)
    except bounds.OutOfBounds as exc:
        raise ServiceError(exc.message) from None
    if first == second:
        raise ServiceError(_("choose two different participants"))
    found = dict(Participant.objects.filter(event=event, pk__in=[first, second]).values_list("pk", "name"))
    if len(found) != 2:
        raise ServiceError(_("both participants must be registered for this event"))
    if DeclaredConflict.objects.filter(event=event).count() >= MAX_CONFLICTS:
        raise ServiceError(
            _("an event has at most %(MAX_CONFLICTS)s declared conflicts") % {"MAX_CONFLICTS": MAX_CONFLICTS}
        )
    low, high = sorted((first, second))
    try:
        with transaction.atomic():
            declared = DeclaredConflict.objects.create(
                event=event, first_id=low, second_id=high, reason=reason, declared_by=by
            )
    except IntegrityError:
        raise Conflict(
            _("%(found)s and %(found2)s are already declared a conflict")
            % {"found": found[low], "found2": found[high]},
            code="already_declared",
        ) from None
    event_changed(event.pk)
    return declared


@transaction.atomic
def conflict_remove(*, event: Event, by, conflict_id: int) -> None:
    check_organiser(by, event)
    deleted, __ = DeclaredConflict.objects.filter(event=event, pk=conflict_id).delete()
    if not deleted:
        raise ServiceError(_("no such declared conflict in this event"), code="not_found")
    event_changed(event.pk)
