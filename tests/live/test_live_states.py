"""The cache of replayed live-game states: one replay serves every reader, and a move that was
never stored (its transaction rolled back) is never served."""

from __future__ import annotations

import pytest
from django.db import transaction

from games import live_states
from games.live import live_create, live_play, live_state
from games.models import LiveGame
from tests.tournament.factories import make_user


@pytest.fixture(autouse=True)
def _empty_cache():
    live_states.forget_all()
    yield
    live_states.forget_all()


def counting_play(log):
    def play(state, text):
        log.append(text)
        return [*state, text]

    return play


def test_a_cached_game_is_not_replayed_and_one_move_more_replays_one_move():
    played = []
    start = list
    assert live_states.replayed("g1", ["a", "b"], start, counting_play(played)) == ["a", "b"]
    assert played == ["a", "b"]
    assert live_states.replayed("g1", ["a", "b"], start, counting_play(played)) == ["a", "b"]
    assert played == ["a", "b"]  # served from the cache
    assert live_states.replayed("g1", ["a", "b", "c"], start, counting_play(played)) == ["a", "b", "c"]
    assert played == ["a", "b", "c"]  # one move played on the cached state


def test_a_state_remembered_for_other_moves_is_never_served():
    live_states.remember("g1", ["a", "x"], ["poisoned"])  # a move whose transaction rolled back
    assert live_states.replayed("g1", ["a", "y"], list, counting_play([])) == ["a", "y"]
    assert live_states.replayed("g2", ["a", "x"], list, counting_play([])) == ["a", "x"]  # another game


def test_the_cache_keeps_at_most_its_size(monkeypatch):
    monkeypatch.setattr(live_states, "SIZE", 3)
    for n in range(5):
        live_states.remember(f"g{n}", [], [n])
    played = []
    assert live_states.replayed("g0", [], lambda: ["fresh"], counting_play(played)) == ["fresh"]  # evicted
    assert live_states.replayed("g4", [], lambda: ["fresh"], counting_play(played)) == [4]


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_move_leaves_the_stored_game_replaying_right():
    user = make_user("rita")
    live = live_create(
        game="carnac",
        seats=[{"name": "Rita", "player": f"user:{user.pk}"}, {"name": "Sam", "player": f"user:{make_user('sam').pk}"}],
        options={"board": "small"},
        seed=4,
    )
    from games.engines import get_engine

    engine = get_engine("carnac")
    first, second = engine.player_moves(engine.observe(live_state(live), 0))[:2]
    with pytest.raises(RuntimeError), transaction.atomic():
        live_play(live_id=live.pk, seat=0, text=first)
        raise RuntimeError("the request failed after the move")
    live.refresh_from_db()
    assert live.moves == []
    live_play(live_id=live.pk, seat=0, text=second)
    live = LiveGame.objects.get(pk=live.pk)
    fresh = engine.setup(live.options, seats=2, layout=live.layout)
    for text in live.moves:
        fresh = engine.play_text(fresh, text)
    assert engine.observe(live_state(live), 0) == engine.observe(fresh, 0)
