"""What the services announce (tournament/signals.py) is heard after commit, and not at all when
the transaction rolls back. Real transactions: captured callbacks would hide the order."""

from __future__ import annotations

import pytest
from django.db import transaction

from tournament import signals
from tournament.signals import announce

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def heard():
    got = []

    def listen(sender, signal, **kwargs):
        got.append(kwargs)

    signals.standings_changed.connect(listen, dispatch_uid="test-heard")
    yield got
    signals.standings_changed.disconnect(dispatch_uid="test-heard")


def test_news_is_heard_after_the_commit_in_the_order_it_was_announced(heard):
    with transaction.atomic():
        announce(signals.standings_changed, stage_id=7)
        announce(signals.standings_changed, stage_id=8)
        assert heard == []  # nothing before the commit
    assert heard == [{"stage_id": 7}, {"stage_id": 8}]


def test_a_rolled_back_announcement_is_never_heard(heard):
    with pytest.raises(RuntimeError), transaction.atomic():
        announce(signals.standings_changed, stage_id=7)
        raise RuntimeError("the change failed")
    assert heard == []
    with transaction.atomic():
        announce(signals.standings_changed, stage_id=7)
    assert heard == [{"stage_id": 7}]
    announce(signals.standings_changed, stage_id=7)  # outside a transaction: at once, every time
    assert len(heard) == 2
