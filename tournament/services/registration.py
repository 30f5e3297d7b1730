"""Registration: people sign up, organisers add people and AI entrants, check-in, withdrawals."""

from __future__ import annotations

from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.ai.registry import levels
from ranking.cache import event_changed
from tournament import bounds
from tournament.errors import Conflict, NotAllowed, ServiceError
from tournament.models import Event, Participant
from tournament.people import default_ai_name
from tournament.permissions import is_organiser
from tournament.services.events import check_organiser


def _display_name(user) -> str:
    return (user.get_full_name() or user.get_username()).strip()


def _next_seed(event: Event) -> int:
    return (event.participants.order_by("-seed").values_list("seed", flat=True).first() or 0) + 1


def _create(event: Event, **fields) -> Participant:
    try:
        with transaction.atomic():
            return Participant.objects.create(event=event, seed=fields.pop("seed", None) or _next_seed(event), **fields)
    except IntegrityError:
        raise Conflict(_("this person is already registered for the event"), code="already_registered") from None


def _locked_event(event: Event) -> Event:
    """The event as it is now, locked: a registration never races a status change."""
    return Event.objects.select_for_update().get(pk=event.pk)


@transaction.atomic
def participant_register(*, event: Event, user) -> Participant:
    """A signed-in person registers themself while registration is open."""
    if not user.is_authenticated:
        raise NotAllowed(_("sign in to register"))
    event = _locked_event(event)
    if event.status != Event.Status.REGISTRATION:
        raise ServiceError(_("registration is not open for this event"))
    if event.visibility == Event.Visibility.PRIVATE and not is_organiser(user, event):
        raise NotAllowed(_("this event is private: an organiser registers its participants"))
    return _create(event, user=user, name=_display_name(user))


@transaction.atomic
def participant_add(
    *,
    event: Event,
    by,
    user=None,
    ai_level: str = "",
    name: str = "",
    seed: int | None = None,
    rating: float = 0.0,
    club: str = "",
    granted_points=0,
) -> Participant:
    """An organiser adds a person or an AI entrant; during a running event, as a late entry."""
    check_organiser(by, event)
    try:
        bounds.text(name, _("a participant's name"), max_length=120)
        bounds.text(club, _("a club"), max_length=120)
        seed = bounds.participant_seed(seed)
        rating = bounds.participant_rating(rating)
        granted_points = bounds.points(granted_points, _("granted points"), bounds.GRANTED_POINTS_LIMIT)
    except bounds.OutOfBounds as exc:
        raise ServiceError(exc.message) from None
    event = _locked_event(event)
    if event.status == Event.Status.FINISHED:
        raise ServiceError(_("the event is finished"))
    if (user is None) == (not ai_level):
        raise ServiceError(_("add either a person or an AI level"))
    if ai_level and ai_level not in levels(event.game):
        raise ServiceError(
            _("%(game)s has no AI level %(ai_level)s (levels: %(value)s)")
            % {"game": event.game, "ai_level": repr(ai_level), "value": ", ".join(levels(event.game))}
        )
    late_round = None
    if event.status == Event.Status.RUNNING:
        from tournament.selectors import current_round_number

        late_round = current_round_number(event) + 1
    name = name.strip() or (_display_name(user) if user else default_ai_name(ai_level))
    return _create(
        event,
        user=user,
        ai_level=ai_level,
        name=name,
        seed=seed,
        rating=rating,
        club=club,
        late_entry_round=late_round,
        granted_points=Decimal(str(granted_points)),
    )


SELF_WITHDRAWAL_CLOSED = (
    "registration is closed, so you can no longer withdraw yourself: ask an organiser of the event to withdraw you"
)


@transaction.atomic
def participant_withdraw(*, participant: Participant, by) -> Participant:
    """An organiser withdraws a participant at any time; a player withdraws themself only while
    registration is open (after that, pairings depend on them: an organiser decides). Past
    results stay."""
    event = _locked_event(participant.event)
    if not is_organiser(by, event):
        if not (by.is_authenticated and participant.user_id == by.pk):
            raise NotAllowed(_("only the participant or an organiser may withdraw a registration"))
        if event.status != Event.Status.REGISTRATION:
            raise ServiceError(SELF_WITHDRAWAL_CLOSED, code="registration_closed")
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    if participant.status == Participant.Status.WITHDRAWN:
        return participant
    if event.status in (Event.Status.DRAFT, Event.Status.REGISTRATION) and not participant.match_seats.exists():
        participant.delete()
        participant.status = Participant.Status.WITHDRAWN
        return participant
    from tournament.selectors import current_round_number

    participant.status = Participant.Status.WITHDRAWN
    participant.withdrawn_after_round = current_round_number(event)
    participant.save(update_fields=["status", "withdrawn_after_round"])
    if is_organiser(by, event):
        _forfeit_open_matches(participant, by)
    return participant


def participant_withdraw_self(*, event: Event, user) -> Participant:
    """The signed-in person withdraws their own registration while registration is open."""
    if not user.is_authenticated:
        raise NotAllowed(_("sign in to withdraw"))
    participant = event.participants.filter(user=user).first()
    if participant is None:
        raise ServiceError(_("you are not registered for this event"), code="not_registered")
    return participant_withdraw(participant=participant, by=user)


def _forfeit_open_matches(participant: Participant, by) -> None:
    """An organiser withdrew someone already paired: their open two-player matches are forfeits,
    unless a result there is reported or disputed (that stays for the organiser to rule on)."""
    from tournament.models import Match, SeriesGame
    from tournament.services.walkovers import match_forfeit

    open_matches = Match.objects.filter(seats__participant=participant, status=Match.Status.PENDING, is_bye=False)
    for match in open_matches:
        if match.seats.count() != 2:
            continue
        unsettled = match.games.exclude(status__in=[SeriesGame.Status.CONFIRMED, SeriesGame.Status.AWAITING])
        if not unsettled.exists():
            match_forfeit(match=match, by=by, absent=participant.pk, reason="withdrew")


@transaction.atomic
def participant_check_in(*, participant: Participant, by, checked_in: bool = True) -> Participant:
    event = participant.event
    if not (is_organiser(by, event) or (by.is_authenticated and participant.user_id == by.pk)):
        raise NotAllowed(_("only the participant or an organiser may check in"))
    Participant.objects.filter(pk=participant.pk).update(checked_in=checked_in)
    event_changed(participant.event_id)
    participant.checked_in = checked_in
    return participant
