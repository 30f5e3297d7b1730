"""The deadline runner: what happens when time passes, without anyone clicking.

``run_deadlines(now)`` is called every minute (Celery beat, or the embedded ticker in
``tournament.ticker``) and may run twice at once (two beats, two web processes in embedded mode,
a slow run overlapping the next). Every step is therefore idempotent and decided on a locked or
conditionally updated row: a report is auto-confirmed only at the version the runner saw, a
match is flagged by the one update that finds ``flagged_at`` empty, a round's warning and an
event's "starting soon" are sent by the one update that sets their marker. Results go through
the ledger (role SYSTEM) like every other result, so each change is audited and announced.

``now`` is passed in so that tests (and a re-run after an outage) decide with a known clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Max, Q

from tournament import signals
from tournament.errors import ServiceError
from tournament.models import Event, Match, Participant, ResultEntry, Round, SeriesGame, Stage
from tournament.services.results import game_auto_confirm, game_system_forfeit
from tournament.signals import announce

# How long before a deadline or an event's start the reminders go out.
WARN_BEFORE = timedelta(hours=1)

Status = SeriesGame.Status


@dataclass
class DeadlineRun:
    """What one run did (ids), for the task's result and the tests."""

    confirmed: list[int] = field(default_factory=list)  # series games
    flagged: list[int] = field(default_factory=list)  # matches
    forfeited: list[int] = field(default_factory=list)  # matches
    warned: list[int] = field(default_factory=list)  # rounds
    starting: list[int] = field(default_factory=list)  # events

    def as_dict(self) -> dict[str, list[int]]:
        return {key: list(value) for key, value in self.__dict__.items()}


def run_deadlines(now: datetime) -> DeadlineRun:
    """Auto-confirm due reports, handle matches past their deadline, send the reminders."""
    if now.tzinfo is None:
        raise ValueError("run_deadlines needs an aware datetime")
    run = DeadlineRun()
    run.confirmed = auto_confirm_reports(now)
    run.flagged, run.forfeited = handle_passed_deadlines(now)
    run.warned = warn_deadlines(now)
    run.starting = announce_starting_events(now)
    return run


# --- one-sided reports ----------------------------------------------------------------------


def auto_confirm_reports(now: datetime) -> list[int]:
    """Confirm each report left unanswered for its stage's ``auto_confirm_hours``."""
    waiting = (
        SeriesGame.objects.filter(
            status=Status.REPORTED, match__is_bye=False, match__round__stage__auto_confirm_hours__isnull=False
        )
        .annotate(reported_at=Max("ledger__created_at", filter=Q(ledger__action=ResultEntry.Action.REPORT)))
        .values_list("pk", "version", "reported_at", "match__round__stage__auto_confirm_hours")
    )
    confirmed = []
    for game_id, version, reported_at, hours in waiting:
        if reported_at is None or reported_at + timedelta(hours=hours) > now:
            continue
        note = f"nobody disputed the report within {hours} hour{'s' if hours != 1 else ''}"
        if game_auto_confirm(game=SeriesGame(pk=game_id), seen_version=version, note=note) is not None:
            confirmed.append(game_id)
    return confirmed


# --- matches past their round's deadline ------------------------------------------------------


def handle_passed_deadlines(now: datetime) -> tuple[list[int], list[int]]:
    """Flag or forfeit each unfinished match whose round's report deadline has passed."""
    due = (
        Match.objects.filter(
            status=Match.Status.PENDING,
            is_bye=False,
            flagged_at__isnull=True,
            round__report_deadline__lte=now,
        )
        .exclude(round__stage__at_deadline=Stage.AtDeadline.NOTHING)
        .exclude(round__stage__status=Stage.Status.CLOSED)
        .values_list("pk", flat=True)
    )
    flagged, forfeited = [], []
    for match_id in list(due):
        outcome = _handle_match(match_id, now)
        if outcome == "flagged":
            flagged.append(match_id)
        elif outcome == "forfeited":
            forfeited.append(match_id)
    return flagged, forfeited


@transaction.atomic
def _handle_match(match_id: int, now: datetime) -> str | None:
    match = Match.objects.select_for_update().select_related("round__stage").get(pk=match_id)
    stage = match.round.stage
    deadline = match.round.report_deadline
    if match.status != Match.Status.PENDING or match.flagged_at is not None or deadline is None or deadline > now:
        return None  # another run got here first, or the organiser moved the deadline meanwhile
    open_games = [game for game in match.games.order_by("number") if game.status != Status.CONFIRMED]
    if any(game.status == Status.DISPUTED for game in open_games):
        return None  # a dispute is already on the organisers' desk
    if any(game.status == Status.REPORTED for game in open_games):
        if stage.auto_confirm_hours is not None:
            return None  # the report confirms itself in time
        return _flag(match, now, "a reported result is still unconfirmed at the deadline")
    if stage.at_deadline == Stage.AtDeadline.FLAG:
        return _flag(match, now, "no result by the deadline")
    seats = list(match.seats.select_related("participant"))
    absent = [seat.participant for seat in seats if _is_absent(seat.participant, match)]
    if len(seats) != 2:
        return _flag(match, now, "no result by the deadline (a forfeit needs a match of two)")
    if len(absent) == 2:
        return _flag(match, now, "no result by the deadline; neither player checked in")
    if not absent:
        return _flag(match, now, "no result by the deadline; both players checked in")
    _forfeit(match, absent[0])
    return "forfeited"


def _is_absent(participant: Participant, match: Match) -> bool:
    """Never checked in and reported nothing in this match (an AI entrant is always there)."""
    if participant.is_ai or participant.checked_in:
        return False
    return not ResultEntry.objects.filter(game__match=match, participant=participant).exists()


def _flag(match: Match, now: datetime, reason: str) -> str | None:
    flagged = Match.objects.filter(pk=match.pk, flagged_at__isnull=True).update(flagged_at=now, flag_reason=reason)
    if not flagged:
        return None
    announce(signals.match_flagged, match_id=match.pk)
    return "flagged"


def _forfeit(match: Match, absent: Participant) -> None:
    """The absent player loses every game the series still needs, in the ledger as Brume's entries."""
    from ranking.models import Forfeit

    reason = f"forfeit: {absent.name} never checked in and reported nothing by the deadline"
    for _ in range(match.round.stage.series_length * 2 + 1):  # a series never needs more games than this
        game = match.games.exclude(status=Status.CONFIRMED).order_by("number").first()
        if game is None:
            break
        game_system_forfeit(game=game, absent=absent.pk, reason=reason)
        match.refresh_from_db(fields=["status"])
        if match.status == Match.Status.COMPLETED:
            break
    else:
        raise ServiceError(_("the forfeit of %(match)s did not settle the match") % {"match": match})
    # Tie-breaks treat a forfeit as unplayed (ranking.models.Forfeit), as for an organiser's forfeit;
    # nobody recorded it, Brume did.
    Forfeit.objects.update_or_create(
        match=match, defaults={"absent": [absent.pk], "reason": "absent at the deadline", "recorded_by": None}
    )


# --- reminders ------------------------------------------------------------------------------


def warn_deadlines(now: datetime) -> list[int]:
    """``deadline_approaching`` once per round, within the hour before its deadline."""
    rounds = (
        Round.objects.filter(
            deadline_warned_at__isnull=True,
            report_deadline__gt=now,
            report_deadline__lte=now + WARN_BEFORE,
            status=Round.Status.PUBLISHED,
            matches__status=Match.Status.PENDING,
            matches__is_bye=False,
        )
        .values_list("pk", flat=True)
        .distinct()
    )
    warned = []
    for round_id in list(rounds):
        with transaction.atomic():
            if Round.objects.filter(pk=round_id, deadline_warned_at__isnull=True).update(deadline_warned_at=now):
                announce(signals.deadline_approaching, round_id=round_id)
                warned.append(round_id)
    return warned


def announce_starting_events(now: datetime) -> list[int]:
    """``event_starting`` once per event, within the hour before ``Event.starts_at``."""
    events = (
        Event.objects.filter(starting_announced_at__isnull=True, starts_at__gt=now, starts_at__lte=now + WARN_BEFORE)
        .exclude(status__in=[Event.Status.DRAFT, Event.Status.FINISHED])
        .values_list("pk", flat=True)
    )
    started = []
    for event_id in list(events):
        with transaction.atomic():
            if Event.objects.filter(pk=event_id, starting_announced_at__isnull=True).update(starting_announced_at=now):
                announce(signals.event_starting, event_id=event_id)
                started.append(event_id)
    return started
