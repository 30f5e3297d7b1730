"""The permission matrix of the API: who gets which status code from every endpoint and action.

Each row is one request against a running public event (see world.py) whose round 1 is
published; ``prepare`` brings the event into the state the action needs first. Every actor
sends the same request from the same state: the database is rolled back between actors.

Columns (abbreviated in the tables): anonymous, stranger (signed in, not in the event), player and opponent (the two
seats of match 1), other (a player of match 2), owner, arbiter, superuser. In the "confirm" and
"dispute" rows the opponent has reported, so the player is the one who may answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.db import transaction

from tournament.models import Event, Stage
from tournament.services.results import game_confirm, game_report
from tournament.services.stages import stage_create

from .world import ACTORS, World, build_world, client_for


@dataclass(frozen=True)
class Row:
    name: str
    method: str
    url: Callable[[World], str]
    expected: dict[str, int]
    body: Callable[[World], dict] | None = None
    prepare: Callable[[World], None] | None = None

    def __str__(self) -> str:
        return self.name


def row(name, method, url, *statuses, body=None, prepare=None) -> Row:
    assert len(statuses) == len(ACTORS), name
    return Row(name, method, url, dict(zip(ACTORS, statuses, strict=True)), body, prepare)


# Where each request goes (names are the URL names without their "api-" prefix).


def event(name, **kw):
    return lambda w: w.event_url(f"api-{name}", **kw)


def game(action="detail"):
    return lambda w: w.game_url(f"api-series-game-{action}")


def participant(action="detail"):
    return lambda w: w.event_url(f"api-participant-{action}", participant_id=w.participant("player").pk)


EVENTS = lambda w: w.url("api-event-list")  # noqa: E731
MATCH = lambda w: w.event_url("api-match-detail", match_id=w.match.pk)  # noqa: E731
PLAYER_FEED = lambda w: w.url("api-player-calendar", username=w.users["player"].username)  # noqa: E731
MY_TASKS = lambda w: w.url("api-my-tasks")  # noqa: E731
ROUND_1 = {"number": 1, "round_number": 1}
PAIRINGS = event("round-pairings-csv", **ROUND_1)
STANDINGS = event("stage-standings-csv", number=1)


def player_wins(w):
    return {"winner": w.participant("player").pk}


# States an action needs.


def set_status(status):
    def prepare(w):
        Event.objects.filter(pk=w.event.pk).update(status=status)

    return prepare


def second_stage(w):
    stage_create(event=w.event, by=w.users["owner"], name="Playoff", format="single_elimination")


def all_stages_closed(w):
    Stage.objects.filter(event=w.event).update(status=Stage.Status.CLOSED)


def round_one_played(w):
    for match in (w.match, w.other_match):
        first, second = (seat.participant.user for seat in match.seats.order_by("seat"))
        reported = game_report(game=match.games.get(), by=first, ranks=[1, 2])
        game_confirm(game=reported, by=second)


def opponent_reported(w):
    game_report(game=w.game, by=w.users["opponent"], ranks=[2, 1])


# fmt: off
PUBLIC_READS = [
    #   what                        method   url                               anon strg plyr oppn othr ownr arbt supr
    row("list events",              "get",   EVENTS,                           200, 200, 200, 200, 200, 200, 200, 200),
    row("read an event",            "get",   event("event-detail"),            200, 200, 200, 200, 200, 200, 200, 200),
    row("list participants",        "get",   event("participant-list"),        200, 200, 200, 200, 200, 200, 200, 200),
    row("read a participant",       "get",   participant(),                    200, 200, 200, 200, 200, 200, 200, 200),
    row("list stages",              "get",   event("stage-list"),              200, 200, 200, 200, 200, 200, 200, 200),
    row("read a stage",             "get",   event("stage-detail", number=1),  200, 200, 200, 200, 200, 200, 200, 200),
    row("list rounds",              "get",   event("round-list", number=1),    200, 200, 200, 200, 200, 200, 200, 200),
    row("read a round",             "get",   event("round-detail", **ROUND_1), 200, 200, 200, 200, 200, 200, 200, 200),
    row("read a match",             "get",   MATCH,                            200, 200, 200, 200, 200, 200, 200, 200),
    row("read a series game",       "get",   game(),                           200, 200, 200, 200, 200, 200, 200, 200),
    row("pairings CSV",             "get",   PAIRINGS,                         200, 200, 200, 200, 200, 200, 200, 200),
    row("results CSV",              "get",   event("event-results-csv"),       200, 200, 200, 200, 200, 200, 200, 200),
    row("standings CSV",            "get",   STANDINGS,                        200, 200, 200, 200, 200, 200, 200, 200),
    row("event calendar",           "get",   event("event-calendar"),          200, 200, 200, 200, 200, 200, 200, 200),
    row("player calendar",          "get",   PLAYER_FEED,                      200, 200, 200, 200, 200, 200, 200, 200),
    row("organiser's next actions", "get",   event("event-next-actions"),      401, 403, 403, 403, 403, 200, 200, 200),
    row("my tasks",                 "get",   MY_TASKS,                         401, 200, 200, 200, 200, 200, 200, 200),
]

PRIVATE_READS = [
    #   what                        method   url                               anon strg plyr oppn othr ownr arbt supr
    row("read a private event",     "get",   event("event-detail"),            404, 404, 200, 200, 200, 200, 200, 200),
    row("its participants",         "get",   event("participant-list"),        404, 404, 200, 200, 200, 200, 200, 200),
    row("its rounds",               "get",   event("round-list", number=1),    404, 404, 200, 200, 200, 200, 200, 200),
    row("its matches",              "get",   MATCH,                            404, 404, 200, 200, 200, 200, 200, 200),
    row("its series games",         "get",   game(),                           404, 404, 200, 200, 200, 200, 200, 200),
    row("its results CSV",          "get",   event("event-results-csv"),       404, 404, 200, 200, 200, 200, 200, 200),
    row("its calendar",             "get",   event("event-calendar"),          404, 404, 200, 200, 200, 200, 200, 200),
    row("report in it",             "post",  game("report"),                   401, 404, 200, 200, 403, 403, 403, 403,
        body=player_wins),
]

WRITES = [
    #   what                        method   url                               anon strg plyr oppn othr ownr arbt supr
    row("create an event",          "post",  EVENTS,                           401, 403, 403, 403, 403, 201, 403, 201,
        body=lambda w: {"name": "Spring Cup", "game": "misty-nim"}),
    row("change an event",          "patch", event("event-detail"),            401, 403, 403, 403, 403, 200, 200, 200,
        body=lambda w: {"description": "bring your own pebbles"}),
    row("open registration",        "post",  event("event-open-registration"), 401, 403, 403, 403, 403, 200, 200, 200,
        prepare=set_status(Event.Status.DRAFT)),
    row("start the event",          "post",  event("event-start"),             401, 403, 403, 403, 403, 200, 200, 200,
        prepare=set_status(Event.Status.REGISTRATION)),
    row("finish the event",         "post",  event("event-finish"),            401, 403, 403, 403, 403, 200, 200, 200,
        prepare=all_stages_closed),
    row("add an AI entrant",        "post",  event("participant-list"),        401, 403, 403, 403, 403, 201, 201, 201,
        body=lambda w: {"ai_level": "random"}),
    row("register oneself",         "post",  event("participant-register"),    401, 201, 409, 409, 409, 201, 201, 201,
        prepare=set_status(Event.Status.REGISTRATION)),
    # The player may withdraw themself only while registration is open (issue 17): here it runs.
    row("withdraw the player",      "post",  participant("withdraw"),          401, 403, 400, 403, 403, 200, 200, 200),
    row("check the player in",      "post",  participant("check-in"),          401, 403, 200, 403, 403, 200, 200, 200),
    row("add a stage",              "post",  event("stage-list"),              401, 403, 403, 403, 403, 201, 201, 201,
        body=lambda w: {"name": "Playoff", "format": "single_elimination"}),
    row("change a stage",           "patch", event("stage-detail", number=2),  401, 403, 403, 403, 403, 200, 200, 200,
        body=lambda w: {"series_length": 3}, prepare=second_stage),
    row("close a stage",            "post",  event("stage-close", number=2),   401, 403, 403, 403, 403, 200, 200, 200,
        prepare=second_stage),
    row("preview a round",          "post",  event("round-preview", number=1), 401, 403, 403, 403, 403, 200, 200, 200,
        prepare=round_one_played),
    row("publish a round",          "post",  event("round-list", number=1),    401, 403, 403, 403, 403, 201, 201, 201,
        body=lambda w: {"number": 2}, prepare=round_one_played),
    row("report a game",            "post",  game("report"),                   401, 403, 200, 200, 403, 403, 403, 403,
        body=player_wins),
    row("confirm the other report", "post",  game("confirm"),                  401, 403, 200, 403, 403, 200, 200, 200,
        prepare=opponent_reported),
    row("dispute the other report", "post",  game("dispute"),                  401, 403, 200, 403, 403, 403, 403, 403,
        body=lambda w: {"reason": "I took the last pebble"}, prepare=opponent_reported),
    row("decide a result",          "post",  game("decide"),                   401, 403, 403, 403, 403, 200, 200, 200,
        body=lambda w: {"winner": w.participant("player").pk, "reason": "seen by the arbiter"}),
]
# fmt: on


def statuses(api, world: World, spec: Row) -> dict[str, int]:
    """The status each actor gets, each from the same starting state."""
    got = {}
    for actor in ACTORS:
        with transaction.atomic():
            if spec.prepare:
                spec.prepare(world)
            client = client_for(api, world, actor)
            if spec.method == "get":
                response = client.get(spec.url(world))
            else:
                body = spec.body(world) if spec.body else {}
                response = getattr(client, spec.method)(spec.url(world), body, format="json")
            got[actor] = response.status_code
            transaction.set_rollback(True)
    return got


@pytest.mark.parametrize("spec", PUBLIC_READS + WRITES, ids=str)
def test_permission_matrix_of_a_public_event(api, world, spec):
    assert statuses(api, world, spec) == spec.expected


@pytest.mark.parametrize("spec", PRIVATE_READS, ids=str)
def test_a_private_event_is_invisible_to_outsiders(api, spec):
    world = build_world(visibility=Event.Visibility.PRIVATE)
    assert statuses(api, world, spec) == spec.expected
