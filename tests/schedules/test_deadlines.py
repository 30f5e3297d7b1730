"""The deadline runner with an injected clock: ``run_deadlines(now)`` decides with the ``now`` it
is given, so these tests jump in time instead of sleeping."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from ranking.models import Forfeit
from tournament import signals
from tournament.models import Match, ResultEntry, SeriesGame, Stage
from tournament.services.deadlines import run_deadlines
from tournament.services.results import game_dispute, game_report

from .world import scheduled_round

AtDeadline = Stage.AtDeadline


@pytest.fixture
def heard():
    """Every schedule signal sent during the test, as (name, kwargs)."""
    received = []
    receivers = {}
    for name in ("deadline_approaching", "event_starting", "match_flagged", "result_confirmed"):

        def receiver(sender, name=name, **kwargs):
            kwargs.pop("signal", None)
            received.append((name, kwargs))

        receivers[name] = receiver
        getattr(signals, name).connect(receiver)
    yield received
    for name, receiver in receivers.items():
        getattr(signals, name).disconnect(receiver)


def _report_win(world, seat: int = 0):
    game = world.game
    return game_report(
        game=game, by=world.user(seat), ranks=[1 if pid == world.seat(seat).pk else 2 for pid in game.seat_order]
    )


# --- auto-confirm ---------------------------------------------------------------------------


def test_a_one_sided_report_is_confirmed_after_the_stages_hours():
    world = scheduled_round(auto_confirm_hours=6)
    _report_win(world)
    run = run_deadlines(timezone.now() + timedelta(hours=6, minutes=1))
    game = world.game
    assert game.status == SeriesGame.Status.CONFIRMED
    assert run.confirmed == [game.pk]
    last = game.ledger.order_by("-version").first()
    assert (last.action, last.role, last.author) == (ResultEntry.Action.AUTO_CONFIRM, ResultEntry.Role.SYSTEM, None)
    world.match.refresh_from_db()
    assert world.match.status == Match.Status.COMPLETED


def test_a_report_is_not_confirmed_before_its_hours_have_passed():
    world = scheduled_round(auto_confirm_hours=6)
    _report_win(world)
    run = run_deadlines(timezone.now() + timedelta(hours=5, minutes=50))
    assert run.confirmed == []
    assert world.game.status == SeriesGame.Status.REPORTED


def test_a_disputed_report_is_never_auto_confirmed():
    world = scheduled_round(auto_confirm_hours=1)
    _report_win(world)
    game_dispute(game=world.game, by=world.user(1), reason="I won")
    run_deadlines(timezone.now() + timedelta(days=3))
    assert world.game.status == SeriesGame.Status.DISPUTED
    assert not world.game.ledger.filter(action=ResultEntry.Action.AUTO_CONFIRM).exists()


def test_without_auto_confirm_hours_a_report_waits_for_the_opponent():
    world = scheduled_round(auto_confirm_hours=None)
    _report_win(world)
    run_deadlines(timezone.now() + timedelta(days=30))
    assert world.game.status == SeriesGame.Status.REPORTED


def test_auto_confirm_runs_once_and_announces_the_confirmation_once(heard, django_capture_on_commit_callbacks):
    world = scheduled_round(auto_confirm_hours=2)
    _report_win(world)
    later = timezone.now() + timedelta(hours=3)
    with django_capture_on_commit_callbacks(execute=True):
        run_deadlines(later)
        second = run_deadlines(later)
    assert second.confirmed == []
    assert world.game.ledger.filter(action=ResultEntry.Action.AUTO_CONFIRM).count() == 1
    assert [name for name, _ in heard].count("result_confirmed") == 1


def test_a_report_changed_after_the_runner_looked_is_not_confirmed():
    """The runner confirms the version it saw: a newer report restarts the wait."""
    from tournament.services.results import game_auto_confirm

    world = scheduled_round(auto_confirm_hours=1)
    game = _report_win(world)
    seen = game.version
    _report_win(world, seat=0)  # the reporter reports again (same player): version moves on
    assert game_auto_confirm(game=game, seen_version=seen, note="late") is None
    assert world.game.status == SeriesGame.Status.REPORTED


# --- at the deadline ------------------------------------------------------------------------


def test_flag_at_the_deadline_tells_the_organiser_once(heard, django_capture_on_commit_callbacks):
    world = scheduled_round(at_deadline=AtDeadline.FLAG)
    with django_capture_on_commit_callbacks(execute=True):
        before = run_deadlines(world.deadline - timedelta(minutes=1))
        at = run_deadlines(world.deadline)
        again = run_deadlines(world.deadline + timedelta(hours=2))
    assert before.flagged == [] and again.flagged == []
    assert world.match.pk in at.flagged
    world.match.refresh_from_db()
    assert world.match.flagged_at == world.deadline
    assert world.match.status == Match.Status.PENDING
    flags = [kwargs for name, kwargs in heard if name == "match_flagged"]
    assert flags.count({"match_id": world.match.pk}) == 1


def test_nothing_happens_at_the_deadline_when_the_stage_says_nothing():
    world = scheduled_round(at_deadline=AtDeadline.NOTHING)
    run = run_deadlines(world.deadline + timedelta(hours=1))
    assert run.flagged == [] and run.forfeited == []
    world.match.refresh_from_db()
    assert world.match.flagged_at is None


def test_the_absent_player_forfeits_and_the_checked_in_opponent_wins():
    world = scheduled_round(at_deadline=AtDeadline.FORFEIT_ABSENT)
    present, absent = world.seat(0), world.seat(1)
    present.checked_in = True
    present.save(update_fields=["checked_in"])
    run = run_deadlines(world.deadline + timedelta(minutes=1))
    assert run.forfeited == [world.match.pk]
    world.match.refresh_from_db()
    assert world.match.status == Match.Status.COMPLETED
    assert world.match.seats.get(participant=present).rank == 1
    assert world.match.seats.get(participant=absent).rank == 2
    entry = world.game.ledger.order_by("-version").first()
    assert (entry.action, entry.role) == (ResultEntry.Action.FORFEIT, ResultEntry.Role.SYSTEM)
    assert absent.name in entry.reason
    assert Forfeit.objects.get(match=world.match).absent == [absent.pk]
    assert run_deadlines(world.deadline + timedelta(hours=5)).forfeited == []
    assert world.game.ledger.filter(action=ResultEntry.Action.FORFEIT).count() == 1


def test_both_players_absent_is_flagged_not_forfeited():
    world = scheduled_round(at_deadline=AtDeadline.FORFEIT_ABSENT)
    run = run_deadlines(world.deadline)
    assert run.forfeited == [] and run.flagged == [world.match.pk]
    world.match.refresh_from_db()
    assert world.match.status == Match.Status.PENDING
    assert "neither" in world.match.flag_reason


def test_a_player_who_reported_is_not_absent_even_without_check_in():
    """The opponent reported and the reporter never checked in: nobody is absent, the report
    waits (auto-confirm off: flagged for the organiser)."""
    world = scheduled_round(at_deadline=AtDeadline.FORFEIT_ABSENT)
    _report_win(world, seat=1)
    run = run_deadlines(world.deadline)
    assert run.forfeited == [] and run.flagged == [world.match.pk]
    assert world.game.status == SeriesGame.Status.REPORTED


def test_a_disputed_match_is_left_to_the_organiser():
    world = scheduled_round(at_deadline=AtDeadline.FORFEIT_ABSENT)
    _report_win(world)
    game_dispute(game=world.game, by=world.user(1), reason="no")
    run = run_deadlines(world.deadline + timedelta(hours=1))
    assert run.flagged == [] and run.forfeited == []


def test_a_deadline_moved_later_unflags_and_the_match_waits_again(django_capture_on_commit_callbacks):
    from tournament.services.schedules import round_schedule

    world = scheduled_round(at_deadline=AtDeadline.FLAG)
    run_deadlines(world.deadline)
    new_deadline = timezone.now() + timedelta(days=1)
    round_schedule(round_=world.round, by=world.owner, starts_at=None, report_deadline=new_deadline)
    world.match.refresh_from_db()
    assert world.match.flagged_at is None
    assert run_deadlines(world.deadline + timedelta(minutes=5)).flagged == []
    assert run_deadlines(new_deadline).flagged == [world.match.pk]


def test_run_deadlines_refuses_a_naive_clock():
    with pytest.raises(ValueError):
        run_deadlines(timezone.now().replace(tzinfo=None))


# --- reminders ------------------------------------------------------------------------------


def test_deadline_approaching_is_sent_once_in_the_hour_before(heard, django_capture_on_commit_callbacks):
    world = scheduled_round()
    with django_capture_on_commit_callbacks(execute=True):
        early = run_deadlines(world.deadline - timedelta(hours=2))
        first = run_deadlines(world.deadline - timedelta(minutes=50))
        second = run_deadlines(world.deadline - timedelta(minutes=10))
    assert early.warned == [] and first.warned == [world.round.pk] and second.warned == []
    assert [kw for name, kw in heard if name == "deadline_approaching"] == [{"round_id": world.round.pk}]


def test_event_starting_is_sent_once_in_the_hour_before_the_start(heard, django_capture_on_commit_callbacks):
    from tournament.services.events import event_update

    world = scheduled_round()
    starts = timezone.now() + timedelta(hours=2)
    event_update(event=world.event, by=world.owner, starts_at=starts)
    with django_capture_on_commit_callbacks(execute=True):
        assert run_deadlines(starts - timedelta(hours=1, minutes=5)).starting == []
        assert run_deadlines(starts - timedelta(minutes=30)).starting == [world.event.pk]
        assert run_deadlines(starts - timedelta(minutes=20)).starting == []
    assert [kw for name, kw in heard if name == "event_starting"] == [{"event_id": world.event.pk}]
