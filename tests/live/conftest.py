"""Helpers for the live-play tests: two people at a table, with or without a clock."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.live import live_create
from games.models import LiveGame
from tests.tournament.factories import make_user


@pytest.fixture
def people(db):
    return make_user(), make_user()


def carnac_between(users, *, time_control=None) -> LiveGame:
    seats = [{"name": f"Player {i + 1}", "player": f"user:{user.pk}"} for i, user in enumerate(users)]
    return live_create(game="carnac", seats=seats, options={"board": "small"}, seed=3, time_control=time_control)


def age_turn(live: LiveGame, seconds: float) -> LiveGame:
    """Pretend the current turn began ``seconds`` ago (the clock runs on the server's time)."""
    LiveGame.objects.filter(pk=live.pk).update(turn_started_at=timezone.now() - timedelta(seconds=seconds))
    live.refresh_from_db()
    return live
