"""The game clock: time counted per seat on the server, an increment after each turn, days per
move for correspondence, and a flag that ends the game whoever is (or is not) looking."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.live import live_enforce_clock, live_games_requeue, live_play, live_view
from games.live_actions import live_flag
from games.live_clock import after_turn, describe, time_control_of, time_left
from games.models import GameRecord, LiveGame
from tests.live.conftest import age_turn, carnac_between

pytestmark = pytest.mark.django_db


def test_time_controls_from_stage_settings_and_in_words():
    assert time_control_of(base_minutes=5, increment_seconds=3, days_per_move=None) == {"base": 300, "increment": 3}
    assert time_control_of(base_minutes=None, increment_seconds=0, days_per_move=2) == {"per_move": 172800}
    assert time_control_of(base_minutes=None, increment_seconds=0, days_per_move=None) == {}
    assert describe({"base": 300, "increment": 3}) == "5+3"
    assert describe({"per_move": 86400}) == "1 day per move"


def test_a_turn_spends_the_movers_time_then_adds_the_increment():
    start = timezone.now()
    clocks = after_turn({"base": 60, "increment": 2}, [60.0, 60.0], 0, start, start + timedelta(seconds=10))
    assert clocks == [52.0, 60.0]
    assert time_left({"base": 60}, clocks, 1, 1, start, start + timedelta(seconds=15)) == 45.0
    assert time_left({"base": 60}, clocks, 0, 1, start, start + timedelta(seconds=15)) == 52.0  # not running
    fresh = after_turn({"per_move": 86400}, [100.0, 86400.0], 0, start, start + timedelta(hours=5))
    assert fresh == [86400.0, 86400.0]  # correspondence: a new turn, a new day count


def test_playing_a_move_charges_the_clock_of_the_seat_that_moved(people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people, time_control={"base": 120, "increment": 5})
    age_turn(live, 20)
    with django_capture_on_commit_callbacks(execute=True):
        live = live_play(live_id=live.pk, seat=0, text=live_view(live, people[0]).moves[0], expected_version=0)
    assert 104 <= live.clock_left[0] <= 106 and live.clock_left[1] == 120  # 120 - 20 + 5
    clocks = live_view(live, people[0]).clocks
    assert [c.running for c in clocks] == [False, True] and clocks[0].mine


def test_a_flag_ends_the_game_as_a_loss_for_the_seat_to_move(people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people, time_control={"base": 60, "increment": 0})
    assert live_flag(live_id=live.pk) is None  # time left
    age_turn(live, 61)
    assert live_flag(live_id=live.pk, turn_version=live.turn_version + 1) is None  # another turn's task
    with django_capture_on_commit_callbacks(execute=True):
        live = live_flag(live_id=live.pk, turn_version=live.turn_version)
    assert live.termination == "timeout"
    record = GameRecord.objects.get(pk=live.record_id)
    assert record.log["result"] == {"ranks": [2, 1], "termination": "timeout"}
    assert record.status == GameRecord.Status.VALID


def test_a_move_sent_after_the_flag_fell_is_not_played(people, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people, time_control={"per_move": 86400})
    move = live_view(live, people[0]).moves[0]
    age_turn(live, 86401)
    with django_capture_on_commit_callbacks(execute=True):
        live = live_play(live_id=live.pk, seat=0, text=move, expected_version=0)
    assert live.moves == [] and live.termination == "timeout"


def test_the_page_and_the_sweep_enforce_a_flag_nobody_claimed(people, client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people, time_control={"base": 60, "increment": 0})
        other = carnac_between(people, time_control={"base": 60, "increment": 0})
    for game in (live, other):
        age_turn(game, 90)
    LiveGame.objects.filter(pk=live.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    with django_capture_on_commit_callbacks(execute=True):
        assert live_games_requeue(older_than=60) == [live.pk]  # ``other`` was touched a moment ago
    live.refresh_from_db()
    assert live.termination == "timeout"
    client.force_login(people[1])
    with django_capture_on_commit_callbacks(execute=True):
        page = client.get(other.get_absolute_url()).content.decode()
    assert "ran out of time" in page
    assert live_enforce_clock(live_id=other.pk) is None  # over already: nothing more to do
