"""Who may do what in an event. Services call these checks; views and the API share them."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from accounts.verification import has_verified_email
from tournament.models import Event, Match, Participant

User = AbstractBaseUser | AnonymousUser


def is_organiser(user: User, event: Event) -> bool:
    """The owner and the arbiters manage an event; staff may manage every event."""
    if not user.is_authenticated:
        return False
    if user.is_superuser or event.owner_id == user.pk:
        return True
    return event.arbiters.filter(pk=user.pk).exists()


def is_participant(user: User, event: Event) -> bool:
    return user.is_authenticated and event.participants.filter(user=user).exists()


def can_view_event(user: User, event: Event) -> bool:
    if event.visibility != Event.Visibility.PRIVATE:
        return True
    return is_organiser(user, event) or is_participant(user, event)


def can_create_event(user: User) -> bool:
    """Staff create events; with ``BRUME_ORGANISERS = "verified"``, so does anyone signed in
    with a verified email address."""
    if not user.is_authenticated:
        return False
    if user.is_staff or user.is_superuser:
        return True
    return settings.BRUME_ORGANISERS == "verified" and has_verified_email(user)


def why_not_organiser(user: User) -> str:
    """Why this person may not create events, in words that say what to do about it."""
    if not user.is_authenticated:
        return "sign in to create an event"
    if settings.BRUME_ORGANISERS == "verified":
        return "confirm your email address first (see your profile): people with a verified email create events"
    return "only organisers may create events: ask the site's staff"


def seat_participant(user: User, match: Match) -> Participant | None:
    """The participant this user plays as in the match, if any (AI entrants are played by Brume)."""
    if not user.is_authenticated:
        return None
    seat = match.seats.select_related("participant").filter(participant__user=user).first()
    return seat.participant if seat else None


def closed_to_outsiders(games, user):
    """Of these series games, those ``user`` may not open: all of them for a visitor, none for a
    superuser, else all but those of events they organise or arbitrate and matches they play."""
    if not user.is_authenticated:
        return games
    if user.is_superuser:
        return games.none()
    return (
        games.exclude(match__round__stage__event__owner=user)
        .exclude(match__round__stage__event__arbiters=user)
        .exclude(match__seats__participant__user=user)
    )
