"""The rating outbox: a result change writes down its rating update in its own transaction, so
neither a broker outage nor a failing task loses it; updates of one game at once take turns
and doing one twice changes nothing."""

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.sweep import sweep
from ranking.models import RatedGame, Rating, RatingUpdate
from ranking.services import rating_update_process, rating_update_request, rating_updates_requeue, ratings_recompute_all
from tests.broker import broker_down  # noqa: F401  (a fixture)
from tests.ranking.events import confirm, correct, make_event, play_round
from tournament.models import SeriesGame
from tournament.services.rounds import round_publish


@pytest.fixture(autouse=True)
def _game(misty_nim):
    """Rating tests run on the test game."""


def ratings():
    return {r.player_id: (round(r.rating, 6), round(r.deviation, 6), r.games, r.wins) for r in Rating.objects.all()}


def one_game_event():
    event, owner, _ = make_event(players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    return owner, match.games.get()


@pytest.mark.django_db
@pytest.mark.usefixtures("broker_down")
def test_a_result_confirmed_with_the_broker_down_answers_fast_and_keeps_its_rating_update(
    django_capture_on_commit_callbacks,
):
    _, game = one_game_event()
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        confirm(game, [1, 2])
    assert time.monotonic() - started < 3
    assert SeriesGame.objects.get(pk=game.pk).status == SeriesGame.Status.CONFIRMED
    assert RatingUpdate.objects.filter(game_id=game.pk).exists()  # waiting for the broker
    assert not RatedGame.objects.exists()


@pytest.mark.django_db
def test_the_sweep_makes_a_rating_update_the_broker_outage_left_waiting():
    _, game = one_game_event()
    confirm(game, [1, 2])  # its after-commit send never ran: the test's transaction is open
    assert RatingUpdate.objects.filter(game_id=game.pk).exists() and not RatedGame.objects.exists()
    assert rating_updates_requeue() == []  # not due yet: its own task may still be on the way
    RatingUpdate.objects.update(due_at=timezone.now() - timedelta(seconds=1))
    assert sweep() == {
        "records": 0,
        "AI batches": 0,
        "live games": 0,
        "AI series": 0,
        "attached logs": 0,
        "organiser jobs": 0,
        "rating updates": 1,
        "webhooks": 0,
        "outgoing mail": 0,
    }
    assert RatedGame.objects.filter(series_game=game).exists() and Rating.objects.count() == 2
    assert not RatingUpdate.objects.exists()


@pytest.mark.django_db
def test_a_failed_rating_update_keeps_its_row_and_waits_longer_before_the_next_try(monkeypatch):
    import ranking.services

    _, game = one_game_event()
    confirm(game, [1, 2])
    real = ranking.services.rated_game_sync
    monkeypatch.setattr(ranking.services, "rated_game_sync", lambda **kw: (_ for _ in ()).throw(RuntimeError("boom")))
    with pytest.raises(RuntimeError):
        rating_update_process(game_id=game.pk)
    row = RatingUpdate.objects.get(game_id=game.pk)
    assert row.attempts == 1 and "boom" in row.last_error
    assert row.due_at > timezone.now() + timedelta(seconds=100)  # 60 s doubled
    monkeypatch.setattr(ranking.services, "rated_game_sync", real)
    assert rating_updates_requeue() == []
    assert rating_updates_requeue(older_than=0) == [game.pk]
    assert not RatingUpdate.objects.exists() and RatedGame.objects.filter(series_game=game).exists()


@pytest.mark.django_db
def test_a_change_arriving_while_the_update_runs_keeps_its_row(monkeypatch):
    import ranking.services

    _, game = one_game_event()
    confirm(game, [1, 2])
    real = ranking.services.rated_game_sync

    def with_a_change_meanwhile(**kwargs):
        rating_update_request(game_id=game.pk)  # e.g. an organiser's correction commits now
        return real(**kwargs)

    monkeypatch.setattr(ranking.services, "rated_game_sync", with_a_change_meanwhile)
    before = RatingUpdate.objects.get(game_id=game.pk).version
    rating_update_process(game_id=game.pk)
    assert RatingUpdate.objects.get(game_id=game.pk).version == before + 1


@pytest.mark.django_db
def test_doing_a_rating_update_twice_gives_the_same_ratings(django_capture_on_commit_callbacks):
    owner, game = one_game_event()
    with django_capture_on_commit_callbacks(execute=True):
        confirm(game, [1, 2])
        correct(SeriesGame.objects.get(pk=game.pk), owner, [2, 1])
    once = ratings()
    rating_update_request(game_id=game.pk)
    rating_update_process(game_id=game.pk)
    rating_update_process(game_id=game.pk)
    assert ratings() == once and not RatingUpdate.objects.exists()


def run_together(calls):
    """Run the calls in threads released at the same moment; return what each raised."""
    barrier = threading.Barrier(len(calls))
    errors = []

    def run(call):
        try:
            barrier.wait(timeout=30)
            call()
        except Exception as exc:
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return errors


@pytest.mark.django_db(transaction=True)
def test_rating_updates_of_one_pool_at_once_take_turns_and_end_as_a_full_recompute(monkeypatch):
    """Every game of a round updated by two workers at once (a duplicate delivery and the
    sweep): no duplicate key, no lost update, and the ratings a recompute from scratch gives."""
    import ranking.signals

    monkeypatch.setattr(ranking.signals, "_enqueue", lambda game_id: None)  # only the outbox rows
    event, owner, _ = make_event(players=6, stage={"settings": {"rounds": 2}})
    stage = event.stages.get()
    for _ in range(2):
        play_round(stage, owner, lambda order: ([1, 2], None))
    game_ids = list(RatingUpdate.objects.values_list("game_id", flat=True))
    assert len(game_ids) == 6 and not RatedGame.objects.exists()
    errors = run_together([lambda g=g: rating_update_process(game_id=g) for g in game_ids for _ in range(2)])
    assert errors == []
    assert not RatingUpdate.objects.exists()
    assert RatedGame.objects.count() == 6
    concurrent = ratings()
    ratings_recompute_all()
    assert ratings() == concurrent


@pytest.mark.django_db
def test_the_rating_sweep_stops_at_the_first_send_that_fails(monkeypatch):
    from ranking import tasks

    for game_id in (101, 102, 103):
        rating_update_request(game_id=game_id)
    attempts = []

    def refused(game_id):
        attempts.append(game_id)
        raise ConnectionError("the broker is down")

    monkeypatch.setattr(tasks.update_ratings_for_game, "delay", refused)
    assert rating_updates_requeue(older_than=0) == []
    assert len(attempts) == 1 and RatingUpdate.objects.count() == 3
