"""Each kind reaches the people it concerns, and nobody else: not AI seats, not the one who
acted, organiser kinds only to organisers, a private event's outsiders never."""

import pytest
from django.contrib.auth import get_user_model

from games.live import live_create, live_play
from games.services import record_upload
from notifications.models import Kind, Notification
from tests.records.helpers import as_text, random_log, with_bad_move
from tests.tournament.factories import make_user
from tournament import signals
from tournament.models import Match
from tournament.services.results import game_decide, game_report

from .world import build, recipients, rows, with_email

pytestmark = pytest.mark.django_db


def names(users) -> set[str]:
    return {u.username for u in users}


def test_pairings_reach_each_player_with_opponent_and_table_and_no_ai_seat(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        world = build(players=3, ai=1)
    assert recipients(Kind.PAIRINGS_PUBLISHED) == names(world.players)
    for person in world.players:
        note = rows(person, Kind.PAIRINGS_PUBLISHED).get()
        match = world.match_of(person)
        others = [
            s.participant.name for s in match.seats.select_related("participant") if s.participant.user_id != person.pk
        ]
        assert note.body == f"You play {' and '.join(others)} at table {match.table}."
        assert note.url == match.get_absolute_url()
        assert note.title == f"{world.event.name}: pairings of round 1"
    # The organisers are not players: they are told nothing of pairings they published.
    assert not rows(world.owner).exists() and not rows(world.arbiter).exists()


def test_pairings_give_the_round_start_in_the_event_time_zone_when_there_is_one():
    import datetime as dt

    from notifications import compose
    from tournament.models import Event, Round

    world = build(players=2)
    start = dt.datetime(2026, 12, 5, 9, 30, tzinfo=dt.UTC)
    Round.objects.filter(pk=world.round_.pk).update(starts_at=start)
    Event.objects.filter(pk=world.round_.stage.event_id).update(time_zone="Europe/Paris")
    batch = compose.pairings_published(round_id=world.round_.pk)
    assert {m.body.split(" It starts ")[1] for m in batch.messages} == {"Sat 05 Dec 2026, 10:30 (CET)."}


def test_a_signal_heard_twice_writes_one_row_per_person(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        world = build(players=2)
    signals.pairings_published.send(sender=None, round_id=world.round_.pk)
    signals.pairings_published.send(sender=None, round_id=world.round_.pk)
    assert rows(kind=Kind.PAIRINGS_PUBLISHED).count() == 2


def test_a_report_is_told_to_the_opponent_only(django_capture_on_commit_callbacks):
    world = build(players=2)
    first = world.players[0]
    second = world.opponent_of(first)
    game = world.match_of(first).games.get()
    with django_capture_on_commit_callbacks(execute=True):
        game_report(game=game, by=first, ranks=[1, 2])
    assert recipients(Kind.RESULT_REPORTED) == {second.username}
    note = rows(second, Kind.RESULT_REPORTED).get()
    assert "confirm or dispute" in note.title and note.url == world.match_of(first).get_absolute_url()
    first_name = game.match.seats.get(participant__user=first).participant.name
    assert note.title.startswith(first_name)


def test_a_confirmation_is_told_to_the_reporter_not_to_the_one_who_confirmed(django_capture_on_commit_callbacks):
    from tournament.services.results import game_confirm

    world = build(players=2)
    first = world.players[0]
    second = world.opponent_of(first)
    game = world.match_of(first).games.get()
    with django_capture_on_commit_callbacks(execute=True):
        game_report(game=game, by=first, ranks=[1, 2])
        game_confirm(game=game, by=second)
    assert recipients(Kind.RESULT_CONFIRMED) == {first.username}
    second_name = game.match.seats.get(participant__user=second).participant.name
    assert rows(first, Kind.RESULT_CONFIRMED).get().body.endswith(f"was confirmed by {second_name}.")


def test_a_ruling_is_not_also_told_as_a_confirmation(django_capture_on_commit_callbacks):
    world = build(players=2)
    first = world.players[0]
    game = world.match_of(first).games.get()
    with django_capture_on_commit_callbacks(execute=True):
        game_decide(game=game, by=world.owner, ranks=[1, 2], reason="seen at the table")
    assert recipients(Kind.DISPUTE_RULED) == names(world.players)
    assert not rows(kind=Kind.RESULT_CONFIRMED).exists()


def test_a_dispute_reaches_the_organisers_and_the_other_seat_not_the_disputer(django_capture_on_commit_callbacks):
    world = build(players=2)
    first = world.players[0]
    second = world.opponent_of(first)
    game = world.match_of(first).games.get()
    with django_capture_on_commit_callbacks(execute=True):
        game_report(game=game, by=first, ranks=[1, 2])
        game_report(game=game, by=second, ranks=[2, 1])  # a different result: a dispute
    assert recipients(Kind.DISPUTE_OPENED) == {first.username, world.owner.username, world.arbiter.username}
    assert "rule on" in rows(world.owner, Kind.DISPUTE_OPENED).get().title
    assert "disputed game 1" in rows(first, Kind.DISPUTE_OPENED).get().title


def test_a_ruling_is_told_to_the_players_not_to_the_organiser_who_ruled(django_capture_on_commit_callbacks):
    world = build(players=2)
    first = world.players[0]
    second = world.opponent_of(first)
    game = world.match_of(first).games.get()
    with django_capture_on_commit_callbacks(execute=True):
        game_report(game=game, by=first, ranks=[1, 2])
        game_report(game=game, by=second, ranks=[2, 1])
        game_decide(game=game, by=world.arbiter, ranks=[1, 2], reason="the log shows it")
    assert recipients(Kind.DISPUTE_RULED) == {first.username, second.username}


def test_deadline_reaches_players_of_open_matches_only(django_capture_on_commit_callbacks):
    world = build(players=4)
    done_match = world.match_of(world.players[0])
    Match.objects.filter(pk=done_match.pk).update(status=Match.Status.COMPLETED)
    signals.deadline_approaching.send(sender=None, round_id=world.round_.pk)
    done_people = {s.participant.user.username for s in done_match.seats.select_related("participant__user")}
    assert recipients(Kind.DEADLINE_SOON) == names(world.players) - done_people
    assert len(recipients(Kind.DEADLINE_SOON)) == 2


def test_event_starting_reaches_active_people_not_withdrawn_ones():
    world = build(players=3, publish=False)
    world.event.participants.filter(user=world.players[0]).update(status="withdrawn")
    signals.event_starting.send(sender=None, event_id=world.event.pk)
    assert recipients(Kind.EVENT_STARTING) == names(world.players[1:])


def test_a_flagged_match_is_told_to_the_organisers_only():
    world = build(players=2)
    signals.match_flagged.send(sender=None, match_id=world.round_.matches.get().pk)
    assert recipients(Kind.MATCH_FLAGGED) == {world.owner.username, world.arbiter.username}


def test_a_private_event_tells_its_people_and_nobody_who_may_not_see_it(django_capture_on_commit_callbacks):
    from notifications import compose

    with django_capture_on_commit_callbacks(execute=True):
        world = build(players=2, private=True)
    assert recipients(Kind.PAIRINGS_PUBLISHED) == names(world.players)
    outsider = with_email(make_user())
    people = {outsider.pk, world.players[0].pk, world.arbiter.pk}
    assert compose._users_who_may_see(world.event, people) == {world.players[0].pk, world.arbiter.pk}
    # An arbiter removed from the event is no longer an organiser: a flag does not reach them.
    world.event.arbiters.remove(world.arbiter)
    signals.match_flagged.send(sender=None, match_id=world.round_.matches.get().pk)
    assert recipients(Kind.MATCH_FLAGGED) == {world.owner.username}


def test_log_verdict_reaches_the_uploader_with_the_reason(django_capture_on_commit_callbacks):
    uploader = with_email(make_user())
    bad = with_bad_move(random_log("carnac", seed=3), ply=2)
    with django_capture_on_commit_callbacks(execute=True):
        record = record_upload(data=as_text(bad), by=uploader).record
    record.refresh_from_db()
    assert record.status == "invalid"
    note = rows(uploader, Kind.LOG_VERDICT).get()
    assert note.title.endswith("log is invalid") and "zz99" in note.body and note.url == record.get_absolute_url()
    assert Notification.objects.filter(kind=Kind.LOG_VERDICT).count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        good = record_upload(data=as_text(random_log("carnac", seed=4)), by=uploader).record
    assert rows(uploader, Kind.LOG_VERDICT).filter(url=good.get_absolute_url()).get().title.endswith("log is valid")


def test_your_turn_goes_to_the_human_seat_never_to_an_ai_and_tells_no_move(django_capture_on_commit_callbacks):
    ann, ben = with_email(make_user("ann")), with_email(make_user("ben"))
    with django_capture_on_commit_callbacks(execute=True):
        live = live_create(
            game="misty-nim",
            seats=[{"name": "Ann", "player": f"user:{ann.pk}"}, {"name": "Ben", "player": f"user:{ben.pk}"}],
            seed=7,
        )
    assert recipients(Kind.YOUR_TURN) == {"ann"}  # the first turn is Ann's
    with django_capture_on_commit_callbacks(execute=True):
        live_play(live_id=live.pk, seat=0, text="t2", expected_version=0)
    note = rows(ben, Kind.YOUR_TURN).get()
    # Exactly this and nothing more: not the move taken, not the pile, not a secret.
    assert note.title == "Your turn in Misty Nim (test game)"
    assert note.body == "It is your turn in your online game of Misty Nim (test game) against Ann."
    assert note.url == live.get_absolute_url()


def test_an_ai_seat_is_never_notified_and_a_game_against_ai_tells_the_person(django_capture_on_commit_callbacks):
    ann = with_email(make_user("ann2"))
    with django_capture_on_commit_callbacks(execute=True):
        live_create(
            game="misty-nim",
            seats=[{"name": "Bot", "player": "ai:misty-nim/random"}, {"name": "Ann", "player": f"user:{ann.pk}"}],
            seed=7,
        )
    # Seat 0 (the AI) moves first: nobody is told; the AI moves in-process and the turn is Ann's.
    assert list(Notification.objects.values_list("recipient__username", "kind")) == [("ann2", Kind.YOUR_TURN)]
    assert get_user_model().objects.filter(notifications__isnull=False).exclude(pk=ann.pk).count() == 0


def test_pairings_of_a_big_round_cost_a_few_queries_whatever_its_size(django_assert_max_num_queries):
    from notifications import compose

    world = build(players=16)
    with django_assert_max_num_queries(4):
        batch = compose.pairings_published(round_id=world.round_.pk)
    assert len(batch.messages) == 16
