"""Creating events and moving them through draft → registration → running → finished."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.engines import EngineError, UnknownGame, get_engine
from tournament import bounds, signals
from tournament.errors import NotAllowed, ServiceError
from tournament.models import Event, Round, Stage
from tournament.permissions import can_create_event, is_organiser, why_not_organiser
from tournament.signals import announce

# Which status may follow which, and what the organiser's button says.
TRANSITIONS = {
    Event.Status.DRAFT: {Event.Status.REGISTRATION},
    Event.Status.REGISTRATION: {Event.Status.DRAFT, Event.Status.RUNNING},
    Event.Status.RUNNING: {Event.Status.FINISHED},
    Event.Status.FINISHED: set(),
}


def _unique_slug(name: str) -> str:
    base = slugify(name)[:120] or "event"
    slug, counter = base, 2
    while Event.objects.filter(slug=slug).exists():
        slug, counter = f"{base}-{counter}", counter + 1
    return slug


def normalized_game_options(game: str, options: dict | None) -> dict:
    try:
        return get_engine(game).normalize_options(options or {})
    except UnknownGame as exc:
        raise ServiceError(str(exc), code="unknown_game") from None
    except EngineError as exc:
        raise ServiceError(str(exc), code="invalid_options") from None


def _check_texts(fields: dict) -> None:
    """Names and descriptions within tournament.bounds: no hidden characters, bounded lengths."""
    limits = {
        "name": (120, False, _("the event's name")),
        "description": (20_000, True, _("the event's description")),
        "location": (200, False, _("the event's location")),
    }
    try:
        for key, (max_length, multiline, what) in limits.items():
            if fields.get(key) is not None:
                bounds.text(fields[key], what, max_length=max_length, multiline=multiline)
    except bounds.OutOfBounds as exc:
        raise ServiceError(exc.message) from None


def check_organiser(user, event: Event) -> None:
    if not is_organiser(user, event):
        raise NotAllowed(_("only the event's organisers may do this"))


@transaction.atomic
def event_create(
    *,
    owner,
    name: str,
    game: str,
    options: dict | None = None,
    description: str = "",
    location: str = "",
    starts_on=None,
    visibility: str = Event.Visibility.PUBLIC,
    stage: dict | None = None,
) -> Event:
    """A new event in draft, with a first stage (Swiss by default)."""
    from tournament.services.stages import stage_create

    if not can_create_event(owner):
        raise NotAllowed(why_not_organiser(owner))
    name = (name or "").strip()
    if not name:
        raise ServiceError(_("give the event a name"), code="name")
    _check_texts({"name": name, "description": description, "location": location})
    if visibility not in Event.Visibility.values:
        raise ServiceError(_("visibility must be one of %(value)s") % {"value": ", ".join(Event.Visibility.values)})
    normalized = normalized_game_options(game, options)
    for attempt in range(3):
        try:
            with transaction.atomic():
                event = Event.objects.create(
                    name=name,
                    slug=_unique_slug(name),
                    game=game,
                    options=normalized,
                    description=description,
                    location=location,
                    starts_on=starts_on,
                    visibility=visibility,
                    owner=owner,
                )
            break
        except IntegrityError:  # another request took the slug in between
            if attempt == 2:
                raise
    stage_create(event=event, by=owner, **(stage or {}))
    return event


def options_locked_reason(event: Event) -> str:
    """Why the game and its options can no longer change (empty while they can): a published
    round has been paired and set up with them."""
    if event.status == Event.Status.FINISHED:
        return "the event is finished"
    if Round.objects.filter(stage__event=event).exists():
        return "the game and its options are fixed once a round is published: its games are set up with them"
    return ""


@transaction.atomic
def event_update(*, event: Event, by, **fields) -> Event:
    check_organiser(by, event)
    event = Event.objects.select_for_update().get(pk=event.pk)
    locked = options_locked_reason(event)
    if ("game" in fields or "options" in fields) and locked:
        raise ServiceError(locked, code="options_locked")
    if "game" in fields or "options" in fields:
        fields["options"] = normalized_game_options(
            fields.get("game", event.game), fields.get("options", event.options)
        )
    allowed = {"name", "description", "location", "starts_on", "visibility", "game", "options"}
    allowed |= {"time_zone", "starts_at"}  # schedules (tournament.services.schedules)
    unknown = set(fields) - allowed
    if unknown:
        raise ServiceError(_("cannot change %(value)s") % {"value": ", ".join(sorted(unknown))})
    _check_texts(fields)
    if "time_zone" in fields or "starts_at" in fields:
        from tournament.services.schedules import check_event_schedule

        check_event_schedule(event, fields)
    for key, value in fields.items():
        setattr(event, key, value)
    event.full_clean(exclude=["slug", "owner"])
    event.save()
    return event


@transaction.atomic
def event_set_status(*, event: Event, by, status: str) -> Event:
    check_organiser(by, event)
    event = Event.objects.select_for_update().get(pk=event.pk)
    if status == event.status:
        return event
    if status not in TRANSITIONS.get(event.status, set()):
        raise ServiceError(
            _("an event that is %(value)s cannot become %(status)s")
            % {"value": event.get_status_display().lower(), "status": status}
        )
    if status == Event.Status.RUNNING:
        active = event.participants.filter(status="active").count()
        if active < 2:
            raise ServiceError(
                _("an event needs at least two participants to start (%(active)s registered)") % {"active": active}
            )
    if status == Event.Status.FINISHED and event.stages.exclude(status=Stage.Status.CLOSED).exists():
        open_stages = ", ".join(event.stages.exclude(status=Stage.Status.CLOSED).values_list("name", flat=True))
        raise ServiceError(_("close every stage first (still open: %(open_stages)s)") % {"open_stages": open_stages})
    event.status = status
    event.save(update_fields=["status", "updated_at"])
    if status == Event.Status.RUNNING:
        announce(signals.event_started, event_id=event.pk)
    elif status == Event.Status.FINISHED:
        announce(signals.event_finished, event_id=event.pk)
    return event


@transaction.atomic
def event_add_arbiter(*, event: Event, by, user) -> None:
    if not (by.is_authenticated and (by.pk == event.owner_id or by.is_superuser)):
        raise NotAllowed(_("only the event's owner may name arbiters"))
    event.arbiters.add(user)
