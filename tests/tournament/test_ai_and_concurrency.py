"""AI entrants' games are played by Brume; two writes at once end consistent."""

import threading

import pytest
from django.db import connection

from tournament.models import Match, ResultEntry, SeriesGame
from tournament.selectors import organiser_actions, player_tasks
from tournament.services.results import game_report
from tournament.services.rounds import round_publish

from .factories import make_event


def test_a_match_between_ai_entrants_is_played_and_confirmed_by_brume(django_capture_on_commit_callbacks):
    event, owner, _ = make_event(players=0, ai=2, stage={"series_length": 3})
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
    match = round_.matches.get()
    assert match.status == Match.Status.COMPLETED
    assert all(game.status == SeriesGame.Status.CONFIRMED for game in match.games.all())
    entry = ResultEntry.objects.filter(game__match=match).first()
    assert entry.role == ResultEntry.Role.SYSTEM and "played by Brume" in entry.reason
    assert sorted(seat.rank for seat in match.seats.all()) in ([1, 2], [1, 1])


def test_the_records_of_an_ai_match_name_its_seats_after_the_entrants(client, django_capture_on_commit_callbacks):
    event, owner, _ = make_event(players=0, ai=2)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
    game = round_.matches.get().games.get()
    names = [seat["name"] for seat in game.record.log["seats"]]
    assert sorted(names) == ["Bot 1", "Bot 2"]
    assert {seat["player"] for seat in game.record.log["seats"]} == {f"ai:{event.game}/random"}
    page = client.get(game.record.get_absolute_url()).content.decode()
    assert f"Seat 1: {names[0]} · Seat 2: {names[1]}" in page and "random (1)" not in page


def test_the_organiser_dashboard_says_what_to_do_next():
    event, owner, _ = make_event(players=4)
    assert [a.label for a in organiser_actions(event)] == ["Pair round 1"]
    round_publish(stage=event.stages.get(), by=owner)
    assert [a.label for a in organiser_actions(event)] == ["2 results missing"]
    match = Match.objects.filter(round__stage__event=event).first()
    a, b = (seat.participant.user for seat in match.seats.order_by("seat"))
    game = match.games.get()
    game_report(game=game, by=a, ranks=[1, 2])
    game_report(game=game, by=b, ranks=[2, 1])
    labels = [a.label for a in organiser_actions(event)]
    assert labels == ["Rule on 1 dispute", "2 results missing"]


def test_a_player_sees_what_each_match_expects_of_them():
    event, owner, _ = make_event(players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    a, b = (seat.participant.user for seat in match.seats.order_by("seat"))
    assert player_tasks(a)[0].text == "play game 1 and report its result"
    game_report(game=match.games.get(), by=a, ranks=[1, 2])
    assert player_tasks(a)[0].text == "waiting for your opponent to confirm game 1"
    assert player_tasks(b)[0].text == "confirm or dispute the reported result of game 1"
    assert player_tasks(b)[0].needs_me


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("same_result", [True, False])
def test_two_reports_at_once_give_one_result_or_an_explicit_dispute(same_result):
    """Both players report in the same instant from two connections (threads)."""
    event, owner, _ = make_event(players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    a, b = (seat.participant.user for seat in match.seats.order_by("seat"))
    reports = {a: [1, 2], b: [1, 2] if same_result else [2, 1]}
    barrier = threading.Barrier(2)
    errors = []

    def report(user):
        try:
            barrier.wait(timeout=10)
            game_report(game=game, by=user, ranks=reports[user])
        except Exception as exc:  # the test asserts there are none
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=report, args=(user,)) for user in (a, b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    game.refresh_from_db()
    assert list(game.ledger.values_list("version", flat=True)) == [1, 2]
    expected = SeriesGame.Status.CONFIRMED if same_result else SeriesGame.Status.DISPUTED
    assert game.status == expected
    assert game.version == 2
