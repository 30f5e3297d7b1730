"""What a live game or an AI-only series waits for is never lost: a task that could not be sent
(the broker was down) is sent again by the sweep, and a turn clock restarts with every turn."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from games.live import live_create, live_games_requeue, live_play, live_view
from games.models import LiveGame
from games.tasks import play_live_ai_move
from tests.records.test_live import fog_with_hourglass, reach_phase_two_turn
from tests.tournament.factories import make_event, make_user
from tournament.models import Match
from tournament.services.ai_games import ai_matches_requeue
from tournament.services.rounds import round_publish
from tournament.tasks import play_ai_series_game

pytestmark = pytest.mark.django_db


def broker_refuses(monkeypatch, task):
    def refuse(*args, **kwargs):
        raise ConnectionError("the broker is down")

    monkeypatch.setattr(task, "apply_async", refuse)


def test_a_turn_clock_restarts_when_the_turn_passes_to_the_next_seat(django_capture_on_commit_callbacks):
    user = make_user()
    live = reach_phase_two_turn(
        fog_with_hourglass(user, django_capture_on_commit_callbacks), user, django_capture_on_commit_callbacks
    )
    LiveGame.objects.filter(pk=live.pk).update(turn_started_at=timezone.now() - timedelta(seconds=25))
    live.refresh_from_db()
    assert live_view(live, user).seconds_left <= 5
    played = live_play(live_id=live.pk, seat=live_view(live, user).seat, text="end")
    assert played.turn_version == played.version  # the bot's turn began with this move
    assert live_view(played, user).seconds_left >= 29  # its hourglass is full


def test_the_sweep_sends_an_ai_move_that_could_not_be_sent(monkeypatch, django_capture_on_commit_callbacks):
    user = make_user()
    broker_refuses(monkeypatch, play_live_ai_move)
    with django_capture_on_commit_callbacks(execute=True):
        live = live_create(
            game="carnac",
            seats=[{"name": "Bot", "player": "ai:carnac/random"}, {"name": "Human", "player": f"user:{user.pk}"}],
            seed=3,
        )
    assert LiveGame.objects.get(pk=live.pk).version == 0  # the AI's first move was never sent
    monkeypatch.undo()
    assert live_games_requeue(older_than=3600) == []  # not stale yet: nothing is sent
    with django_capture_on_commit_callbacks(execute=True):
        assert live_games_requeue(older_than=0) == [live.pk]
    assert LiveGame.objects.get(pk=live.pk).version == 1
    assert live_view(LiveGame.objects.get(pk=live.pk), user).my_turn


def test_the_sweep_ends_a_turn_whose_clock_ran_out_with_no_page_open(django_capture_on_commit_callbacks):
    user = make_user()
    live = reach_phase_two_turn(
        fog_with_hourglass(user, django_capture_on_commit_callbacks), user, django_capture_on_commit_callbacks
    )
    LiveGame.objects.filter(pk=live.pk).update(turn_started_at=timezone.now() - timedelta(seconds=31))
    with django_capture_on_commit_callbacks(execute=True):
        assert live_games_requeue(older_than=0) == [live.pk]
    assert LiveGame.objects.get(pk=live.pk).moves[live.version] == "end"


def test_the_sweep_plays_an_ai_series_whose_send_failed(monkeypatch, django_capture_on_commit_callbacks):
    cache.clear()  # leases of other tests' matches (database ids are reused between tests)
    event, owner, _ = make_event(game="carnac", players=0, ai=2)
    broker_refuses(monkeypatch, play_ai_series_game)
    with django_capture_on_commit_callbacks(execute=True):
        match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    assert Match.objects.get(pk=match.pk).status == Match.Status.PENDING
    monkeypatch.undo()
    assert ai_matches_requeue(older_than=3600) == []  # published just now: not yet
    with django_capture_on_commit_callbacks(execute=True):
        assert ai_matches_requeue(older_than=0) == [match.pk]
    assert Match.objects.get(pk=match.pk).status == Match.Status.COMPLETED
    assert ai_matches_requeue(older_than=0) == []  # done: nothing more to send
