"""A small running event and the people around it, for API tests.

Actors: ``anonymous``; ``stranger`` (signed in, nothing to do with the event); ``player`` and
``opponent`` (the two seats of match 1); ``other`` (a player of match 2); ``owner`` and
``arbiter`` (the organisers); ``superuser``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse

from tests.tournament.factories import make_event, make_user
from tournament.models import Event, Match, SeriesGame
from tournament.services.events import event_add_arbiter
from tournament.services.rounds import round_publish

ACTORS = ["anonymous", "stranger", "player", "opponent", "other", "owner", "arbiter", "superuser"]


@dataclass
class World:
    event: Event
    match: Match
    other_match: Match
    users: dict = field(default_factory=dict)

    @property
    def game(self) -> SeriesGame:
        return self.match.games.get(number=1)

    @property
    def stage_number(self) -> int:
        return self.match.round.stage.number

    def url(self, name: str, **kwargs) -> str:
        return reverse(name, kwargs=kwargs)

    def event_url(self, name: str, **kwargs) -> str:
        return reverse(name, kwargs={"slug": self.event.slug, **kwargs})

    def game_url(self, name: str = "api-series-game-detail", match: Match | None = None) -> str:
        match = match or self.match
        return self.event_url(name, match_id=match.pk, game_number=1)

    def participant(self, actor: str):
        return self.event.participants.get(user=self.users[actor])


def make_superuser():
    user = make_user()
    user.is_superuser = user.is_staff = True
    user.save(update_fields=["is_superuser", "is_staff"])
    return user


def build_world(*, visibility: str = Event.Visibility.PUBLIC, **event_options) -> World:
    event, owner, _ = make_event(players=4, **event_options)
    if visibility != event.visibility:
        event.visibility = visibility
        event.save(update_fields=["visibility"])
    arbiter = make_user()
    event_add_arbiter(event=event, by=owner, user=arbiter)
    round_ = round_publish(stage=event.stages.get(), by=owner, number=1)
    first, second = round_.matches.order_by("table")
    seats = [seat.participant.user for seat in first.seats.order_by("seat")]
    users = {
        "anonymous": None,
        "stranger": make_user(),
        "player": seats[0],
        "opponent": seats[1],
        "other": second.seats.get(seat=0).participant.user,
        "owner": owner,
        "arbiter": arbiter,
        "superuser": make_superuser(),
    }
    return World(event=event, match=first, other_match=second, users=users)


def client_for(api, world: World, actor: str):
    """The API client signed in as the actor (by session), or anonymous."""
    api.logout()
    user = world.users[actor]
    if user is not None:
        api.force_login(user)
    return api
