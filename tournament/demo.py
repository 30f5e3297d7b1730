"""Demo events for the embedded site, built through the services like real ones.

- a running Swiss event, best of three, with two AI entrants, round 1 played and round 2 under way,
  every game reported with its log, which Brume replayed to confirm the result;
- a finished single-elimination bracket;
- a finished groups-to-playoffs event of AI entrants;
- an event open for registration;
- a silent Swiss (results hidden until each round is over) whose entrants were added as one
  list, with a declared conflict and seeds by rating, round 1 under way.
"""

from __future__ import annotations

import dataclasses
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from games.ai import RandomPlayer
from games.ai.match import PlayedGame, play_game
from games.ai.registry import get_player
from games.engines import get_engine
from games.gamelog import Seat
from games.services import record_upload, record_validate
from tournament.models import Event, Match, Participant, SeriesGame
from tournament.services.events import event_create, event_set_status
from tournament.services.logs import apply_record, game_attach_record
from tournament.services.registration import participant_add
from tournament.services.results import game_report
from tournament.services.rounds import round_publish
from tournament.services.stages import stage_advance, stage_close, stage_create
from tournament.tasks import play_ai_series_game

DEMO_EVENTS = (
    "carnac-autumn-swiss",
    "menhirs-spring-knockout",
    "brouillard-mist-cup",
    "brouillard-winter-open",
    "the-fog-island-league",
    "mists-duplicate-challenge",
    "menhirs-silent-swiss",
)


def _play_logged_game(game: SeriesGame, rng: random.Random) -> PlayedGame:
    """The game as it was played: the AI entrant at its level, a person as a random mover."""
    event = game.match.round.stage.event
    participants = Participant.objects.in_bulk(game.seat_order)
    players = [
        get_player(event.game, participants[pid].ai_level) if participants[pid].is_ai else RandomPlayer()
        for pid in game.seat_order
    ]
    played = play_game(
        get_engine(event.game),
        players,
        options=event.options,
        seed=rng.randrange(2**62),
        meta={"event": event.name, "round": str(game.match.round.number), "table": str(game.match.table)},
    )
    seats = tuple(
        Seat(name=p.name, player=f"ai:{event.game}/{p.ai_level}" if p.is_ai else f"user:{p.user_id}")
        for p in (participants[pid] for pid in game.seat_order)
    )  # the log names the game's players, as a log must to be attached to it
    return dataclasses.replace(played, log=dataclasses.replace(played.log, seats=seats))


def _play_human_games(match: Match, rng: random.Random, *, stop_after: int | None = None) -> None:
    """Play the open games of a match with people in it: a player reports the result and the
    organiser attaches the table's log, which, once replayed and found valid, confirms the report
    (so the standings get the engine's tie-breaks too). A log a player uploads would only be
    their report (docs/records.md); an organiser's confirms."""
    played = 0
    while (game := match.games.exclude(status=SeriesGame.Status.CONFIRMED).order_by("number").first()) is not None:
        if stop_after is not None and played >= stop_after:
            return
        reporter = next(seat.participant.user for seat in match.seats.all() if not seat.participant.is_ai)
        result = _play_logged_game(game, rng)
        game = game_report(game=game, by=reporter, ranks=list(result.outcome.ranks))
        record = record_upload(data=result.log, by=reporter, enqueue=False).record
        game_attach_record(game=game, by=match.round.stage.event.owner, record=record)
        # What the worker does once the upload commits, done here so the next round can be paired.
        apply_record(record=record_validate(record_id=record.pk))
        match.refresh_from_db()
        played += 1


def _finish_round(round_, rng, *, partial: bool = False) -> None:
    for index, match in enumerate(round_.matches.filter(is_bye=False).order_by("table")):
        if partial and index % 2:
            continue
        _play_human_games(match, rng, stop_after=1 if partial else None)


def _leave_for_the_organiser(round_) -> None:
    """Of the open matches between two people, one has a reported result waiting for
    confirmation and one a disputed report: the Next panel then has something to link to."""
    from tournament.services.results import game_dispute

    waiting = []
    for match in round_.matches.filter(is_bye=False, status=Match.Status.PENDING).order_by("table"):
        game = match.games.exclude(status=SeriesGame.Status.CONFIRMED).order_by("number").first()
        people = not any(seat.participant.is_ai for seat in match.seats.all())
        if people and game is not None and game.status == SeriesGame.Status.AWAITING:
            waiting.append((match, game))
    for index, (match, game) in enumerate(waiting[:2]):
        first, second = (seat.participant.user for seat in match.seats.order_by("seat"))
        game = game_report(game=game, by=first, ranks=[1, 2])
        if index == 1:
            game_dispute(game=game, by=second, reason="I won this one: the last megalith was mine.")


def _ai_games(round_) -> None:
    for game in SeriesGame.objects.filter(match__round=round_, status=SeriesGame.Status.AWAITING):
        play_ai_series_game.apply(args=(game.pk,))


def _ai_event(orga, *, name, game, description, stage, levels, entrant, options=None) -> Event:
    """A running event of AI entrants whose first round Brume has played."""
    event = event_create(owner=orga, name=name, game=game, options=options, description=description, stage=stage)
    event_set_status(event=event, by=orga, status=Event.Status.REGISTRATION)
    for index, level in enumerate(levels):
        participant_add(event=event, by=orga, ai_level=level, name=f"{entrant} {index + 1}")
    event_set_status(event=event, by=orga, status=Event.Status.RUNNING)
    _ai_games(round_publish(stage=event.stages.get(), by=orga))
    return event


def _groups_to_playoffs(orga) -> Event:
    """A finished event of AI entrants: two round-robin groups, then the top two of each in a
    single-elimination playoff, every game played by Brume."""
    event = event_create(
        owner=orga,
        name="Brouillard Mist Cup",
        game="brouillard",
        options={"turns": 20},
        description="Two round-robin groups of four; the top two of each go to the playoff.",
        stage={"format": "round_robin", "settings": {"groups": 2}, "advance_count": 2, "name": "Groups"},
    )
    playoff = stage_create(event=event, by=orga, name="Playoff", format="single_elimination")
    event_set_status(event=event, by=orga, status=Event.Status.REGISTRATION)
    for index, level in enumerate(["intermediate", "intermediate", "beginner", "beginner"] * 2):
        participant_add(event=event, by=orga, ai_level=level, name=f"Watcher {index + 1}")
    event_set_status(event=event, by=orga, status=Event.Status.RUNNING)
    groups = event.stages.get(number=1)
    for _ in range(3):
        _ai_games(round_publish(stage=groups, by=orga))
    stage_close(stage=groups, by=orga)
    stage_advance(stage=groups, by=orga)
    for _ in range(2):
        _ai_games(round_publish(stage=playoff, by=orga))
    stage_close(stage=playoff, by=orga)
    event_set_status(event=event, by=orga, status=Event.Status.FINISHED)
    return event


@transaction.atomic
def _demo_schedule(event: Event, orga) -> None:
    """Schedules (docs/schedules.md): the event runs on Paris time, its latest round has a start
    and a deadline, and a report nobody answers is confirmed after a day."""
    from datetime import timedelta

    from django.utils import timezone

    from tournament.models import Stage
    from tournament.services.events import event_update
    from tournament.services.schedules import round_schedule
    from tournament.services.stages import stage_update

    event_update(event=event, by=orga, time_zone="Europe/Paris")
    stage = event.stages.get()
    stage_update(stage=stage, by=orga, auto_confirm_hours=24, at_deadline=Stage.AtDeadline.FLAG)
    latest = stage.rounds.order_by("-number").first()
    if latest is not None:
        now = timezone.now().replace(minute=0, second=0, microsecond=0)
        round_schedule(
            round_=latest, by=orga, starts_at=now - timedelta(hours=2), report_deadline=now + timedelta(days=2)
        )


def load_tournament_demo(stdout=None) -> list[str]:
    User = get_user_model()
    if Event.objects.filter(slug__in=DEMO_EVENTS).exists():
        return []
    orga = User.objects.get(username="orga")
    players = list(User.objects.filter(username__in=["alice", "bob", "chloe", "dmitri"]).order_by("username"))
    extra = []
    for name in ("emma", "felix"):
        user, created = User.objects.get_or_create(username=name, defaults={"email": f"{name}@example.org"})
        if created:
            user.set_password("brume-demo")
            user.save()
        extra.append(user)
    rng = random.Random(2026)
    created = []

    swiss = event_create(
        owner=orga,
        name="Carnac Autumn Swiss",
        game="carnac",
        options={"board": "small"},
        description="Four rounds of Swiss, best of three. Two AI entrants take part.",
        location="Vannes",
        stage={"format": "swiss", "series_length": 3, "settings": {"rounds": 4}},
    )
    event_set_status(event=swiss, by=orga, status=Event.Status.REGISTRATION)
    for user in players + extra:
        participant_add(event=swiss, by=orga, user=user)
    participant_add(event=swiss, by=orga, ai_level="random", name="Menhir Bot")
    participant_add(event=swiss, by=orga, ai_level="random", name="Dolmen Bot")
    event_set_status(event=swiss, by=orga, status=Event.Status.RUNNING)
    stage = swiss.stages.get()
    first = round_publish(stage=stage, by=orga)
    _ai_games(first)
    _finish_round(first, rng)
    if not first.matches.filter(status=Match.Status.PENDING).exists():
        second = round_publish(stage=stage, by=orga)
        _ai_games(second)
        _finish_round(second, rng, partial=True)
        _leave_for_the_organiser(second)
    created.append(swiss.slug)
    _demo_schedule(swiss, orga)
    # Outbound webhooks (webhooks/demo.py): one endpoint of this event with a delivery log.
    from webhooks.demo import load_webhooks_demo

    load_webhooks_demo(swiss)

    knockout = event_create(
        owner=orga,
        name="Menhirs Spring Knockout",
        game="menhirs",
        description="Single elimination with a third-place match.",
        location="Carnac",
        stage={"format": "single_elimination", "settings": {"third_place": True}},
    )
    event_set_status(event=knockout, by=orga, status=Event.Status.REGISTRATION)
    for user in players:
        participant_add(event=knockout, by=orga, user=user)
    event_set_status(event=knockout, by=orga, status=Event.Status.RUNNING)
    stage = knockout.stages.get()
    for _ in range(3):
        round_ = round_publish(stage=stage, by=orga)
        _finish_round(round_, rng)
        stage.refresh_from_db()
        from tournament.services.brackets import stage_bracket_state

        if stage_bracket_state(stage).champion is not None:
            break
    stage_close(stage=stage, by=orga)
    event_set_status(event=knockout, by=orga, status=Event.Status.FINISHED)
    created.append(knockout.slug)

    league = _ai_event(
        orga,
        name="The FOG Island League",
        game="fog",
        description="Tables of four AI crews; placement points, then rescue points.",
        stage={"format": "tables", "settings": {"rounds": 2, "min_size": 4, "max_size": 4, "preferred_size": 4}},
        levels=["search", "greedy", "greedy", "random", "random", "random", "search", "greedy"],
        entrant="Crew",
    )
    created.append(league.slug)
    challenge = _ai_event(
        orga,
        name="Mists Duplicate Challenge",
        game="mists",
        options={"level": 1},
        description="Every team plays the same tile order; ranked by win, then points, then fewest ghosts.",
        stage={"format": "score_challenge", "settings": {"rounds": 1}},
        levels=["greedy", "greedy", "random"],
        entrant="Team",
    )
    created.append(challenge.slug)

    created.append(_groups_to_playoffs(orga).slug)

    open_event = event_create(
        owner=orga,
        name="Brouillard Winter Open",
        game="brouillard",
        description="Registration is open: sign in and register.",
        stage={"format": "swiss", "settings": {"rounds": 5}},
    )
    event_set_status(event=open_event, by=orga, status=Event.Status.REGISTRATION)
    participant_add(event=open_event, by=orga, user=players[0])
    created.append(open_event.slug)
    created.append(_silent_swiss(orga, rng).slug)
    return created


def _silent_swiss(orga, rng) -> Event:
    """The organiser's tools at work: a list pasted at once (people, an AI level, clubs and
    ratings), a declared conflict, seeds by rating, and a silent round under way."""
    from tournament.services.bulk_registration import bulk_add
    from tournament.services.conflicts import conflict_declare
    from tournament.services.seeds import seeds_by_rating

    event = event_create(
        owner=orga,
        name="Menhirs Silent Swiss",
        game="menhirs",
        description="Three rounds of Swiss; each round's results stay hidden until the round is over.",
        location="Auray",
        stage={"format": "swiss", "settings": {"rounds": 3, "silent": True}},
    )
    event_set_status(event=event, by=orga, status=Event.Status.REGISTRATION)
    entries = (
        "username,name,club,rating,ai_level\n"
        "alice,,Vannes,1620,\nbob,,Vannes,1580,\nchloe,,Auray,1710,\ndmitri,,,1490,\n"
        ",Menhir Bot,,,greedy\n"
    )
    added = {p.user.username if p.user else p.name: p for p in bulk_add(event=event, by=orga, text=entries)}
    conflict_declare(event=event, by=orga, first=added["alice"].pk, second=added["chloe"].pk, reason="coach and pupil")
    seeds_by_rating(event=event, by=orga, source="entered")
    event_set_status(event=event, by=orga, status=Event.Status.RUNNING)
    round_ = round_publish(stage=event.stages.get(), by=orga)
    _ai_games(round_)
    _finish_round(round_, rng, partial=True)
    return event
