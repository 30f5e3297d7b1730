"""Small worlds for the notification tests: an event with people (with email addresses), AI
entrants, an arbiter, and a published round."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from notifications.models import Notification
from tests.tournament.factories import make_event, make_user
from tournament.models import Event, Match, Round
from tournament.services.events import event_add_arbiter
from tournament.services.rounds import round_publish


def with_email(user):
    user.email = f"{user.username}@example.org"
    user.save(update_fields=["email"])
    return user


@dataclass
class World:
    event: Event
    owner: object
    arbiter: object
    players: list  # the people, in seed order
    round_: Round | None = None

    def match_of(self, user) -> Match:
        return self.round_.matches.get(seats__participant__user=user)

    def opponent_of(self, user):
        match = self.match_of(user)
        seat = match.seats.exclude(participant__user=user).select_related("participant__user").get()
        return seat.participant.user


def build(*, players: int = 2, ai: int = 0, private: bool = False, publish: bool = True) -> World:
    """Build the event; ``publish`` publishes round 1 (its signal runs only once the caller's
    transaction commits: wrap in django_capture_on_commit_callbacks to hear it)."""
    event, owner, participants = make_event(players=players, ai=ai)
    if private:
        Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PRIVATE)
        event.refresh_from_db()
    with_email(owner)
    arbiter = with_email(make_user())
    event_add_arbiter(event=event, by=owner, user=arbiter)
    people = [with_email(p.user) for p in participants if p.user_id]
    world = World(event, owner, arbiter, people)
    if publish:
        world.round_ = round_publish(stage=event.stages.get(), by=owner)
    return world


def rows(user=None, kind: str | None = None):
    found = Notification.objects.all()
    if user is not None:
        found = found.filter(recipient=user)
    if kind is not None:
        found = found.filter(kind=kind)
    return found


def recipients(kind: str) -> set[str]:
    return set(get_user_model().objects.filter(notifications__kind=kind).values_list("username", flat=True).distinct())
