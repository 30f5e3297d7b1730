"""A running two-player round with a report deadline, for the schedule tests."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from tests.tournament.factories import make_event
from tournament.models import Event, Match, Participant, Round, Stage
from tournament.services.rounds import round_publish
from tournament.services.schedules import round_schedule
from tournament.services.stages import stage_update


@dataclass
class Scheduled:
    event: Event
    owner: object
    round: Round
    match: Match
    deadline: datetime

    def seat(self, number: int) -> Participant:
        return self.match.seats.get(seat=number).participant

    def user(self, number: int):
        return self.seat(number).user

    @property
    def game(self):
        return self.match.games.order_by("number").first()


def scheduled_round(*, at_deadline=Stage.AtDeadline.NOTHING, auto_confirm_hours=None, players=2, stage=None):
    event, owner, _ = make_event(players=players, stage=stage)
    stage_update(stage=event.stages.get(), by=owner, at_deadline=at_deadline, auto_confirm_hours=auto_confirm_hours)
    round_ = round_publish(stage=event.stages.get(), by=owner, number=1)
    deadline = timezone.now() + timedelta(hours=3)
    round_ = round_schedule(round_=round_, by=owner, starts_at=timezone.now(), report_deadline=deadline)
    match = round_.matches.filter(is_bye=False).order_by("table").first()
    return Scheduled(event=event, owner=owner, round=round_, match=match, deadline=deadline)
