"""Small builders for tournament tests: users, an event with players, a running round."""

from __future__ import annotations

import itertools

from django.contrib.auth import get_user_model

from tournament.models import Event
from tournament.services.events import event_create, event_set_status
from tournament.services.registration import participant_add

_numbers = itertools.count(1)


def make_user(name: str | None = None, *, organiser: bool = False):
    name = name or f"user{next(_numbers)}"
    return get_user_model().objects.create_user(username=name, password="pw-" + name, is_staff=organiser)


def make_event(
    *,
    owner=None,
    game: str = "misty-nim",
    players: int = 4,
    ai: int = 0,
    stage: dict | None = None,
    start=True,
    options: dict | None = None,
):
    owner = owner or make_user(organiser=True)
    event = event_create(owner=owner, name=f"Event {next(_numbers)}", game=game, stage=stage, options=options)
    event_set_status(event=event, by=owner, status=Event.Status.REGISTRATION)
    people = [make_user() for _ in range(players)]
    participants = [participant_add(event=event, by=owner, user=user) for user in people]
    participants += [participant_add(event=event, by=owner, ai_level="random", name=f"Bot {i + 1}") for i in range(ai)]
    if start:
        event_set_status(event=event, by=owner, status=Event.Status.RUNNING)
    event.refresh_from_db()
    return event, owner, participants
