"""Adding many participants at once: a preview of what each row of a list becomes, then adding
the valid rows in one transaction. The confirmation reads the list again and checks every row
again: a request that skips the preview gets no further than one that went through it."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from games.ai.registry import levels
from tournament.bulk_entries import ListRefused, Row, parse_entries
from tournament.errors import ServiceError
from tournament.models import Event, Participant
from tournament.people import default_ai_name
from tournament.services.events import check_organiser
from tournament.services.registration import participant_add


@dataclass
class PlannedRow:
    row: Row
    becomes: str  # "account", "ai", "duplicate" or "error"
    detail: str
    user: object = None

    @property
    def addable(self) -> bool:
        return self.becomes in ("account", "ai")


def bulk_preview(*, event: Event, by, text: str) -> list[PlannedRow]:
    """What each row of the list would become; nothing is stored."""
    check_organiser(by, event)
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("the event is finished"))
    try:
        rows = parse_entries(text)
    except ListRefused as exc:
        raise ServiceError(str(exc), code="list_refused") from None
    names = {row.username for row in rows if row.username}
    users = {user.get_username(): user for user in get_user_model().objects.filter(username__in=names)}
    registered = set(event.participants.filter(user__in=users.values()).values_list("user_id", flat=True))
    available = levels(event.game)
    seen: set[str] = set()
    planned = []
    for row in rows:
        if not row.ok:
            planned.append(PlannedRow(row, "error", "; ".join(row.errors)))
        elif row.ai_level:
            if row.ai_level in available:
                planned.append(PlannedRow(row, "ai", default_ai_name(row.ai_level)))
            else:
                planned.append(
                    PlannedRow(
                        row,
                        "error",
                        _("no AI level %(level)s (levels: %(levels)s)")
                        % {"level": repr(row.ai_level), "levels": ", ".join(available)},
                    )
                )
        elif (user := users.get(row.username)) is None:
            planned.append(
                PlannedRow(
                    row,
                    "error",
                    _("nobody has the user name %(username)s (a participant needs an account)")
                    % {"username": repr(row.username)},
                )
            )
        elif user.pk in registered:
            planned.append(
                PlannedRow(row, "duplicate", _("%(username)s is already registered") % {"username": row.username}, user)
            )
        elif row.username in seen:
            planned.append(
                PlannedRow(
                    row, "duplicate", _("%(username)s is already on an earlier line") % {"username": row.username}, user
                )
            )
        else:
            seen.add(row.username)
            planned.append(PlannedRow(row, "account", _("the account %(username)s") % {"username": row.username}, user))
    return planned


@transaction.atomic
def bulk_add(*, event: Event, by, text: str) -> list[Participant]:
    """Add every valid row of the list (checked again now), all or none of them."""
    added = []
    for plan in bulk_preview(event=event, by=by, text=text):
        if not plan.addable:
            continue
        row = plan.row
        added.append(
            participant_add(
                event=event,
                by=by,
                user=plan.user,
                ai_level=row.ai_level,
                name=row.name,
                seed=row.seed,
                rating=row.rating or 0.0,
                club=row.club,
            )
        )
    if not added:
        raise ServiceError(_("no row of the list can be added"))
    return added
