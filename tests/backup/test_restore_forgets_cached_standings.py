"""After a restore, no standings or leaderboard kept in the cache is served: they were computed from
rows the restore replaced. Every event's and pool's version moves on."""

import pytest

from config.backup import _forget_derived_data
from ranking import cache
from ranking.models import RatingPool
from tests.tournament.factories import make_event

pytestmark = pytest.mark.django_db


def test_a_restore_moves_every_event_and_pool_version_on(misty_nim):
    event, _, _ = make_event(players=2)
    pool = RatingPool.objects.create(slug="misty-nim", name="Misty Nim", game=misty_nim.info.slug, system="glicko2")
    before = (cache.event_version(event.pk), cache.event_version(event.pk, cache.PEOPLE), cache.pool_version(pool.pk))

    _forget_derived_data("default")

    after = (cache.event_version(event.pk), cache.event_version(event.pk, cache.PEOPLE), cache.pool_version(pool.pk))
    assert all(old != new for old, new in zip(before, after, strict=True)), (before, after)
