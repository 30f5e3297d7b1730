"""Every change a page must show is pushed: a draw offered or declined and the end of a game tell
the other seat's stream as a move does (each bumps the game's revision, which events carry)."""

from __future__ import annotations

import pytest

from games import push
from games.live_actions import live_abort, live_answer_draw, live_offer_draw, live_resign
from games.models import LiveGame
from tests.live.conftest import carnac_between


@pytest.fixture
def sent(monkeypatch):
    """The events handed to the transport, in the order they were sent (after commit)."""
    events = []
    monkeypatch.setattr(push.publish, "send", events.append)
    return events


def test_a_draw_offer_a_decline_and_a_resignation_are_each_pushed_after_commit(
    people, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people)
    start = LiveGame.objects.get(pk=live.pk).revision
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        live_offer_draw(live_id=live.pk, seat=0)
        assert sent == []  # nothing leaves before the transaction commits
    assert callbacks
    with django_capture_on_commit_callbacks(execute=True):
        live_answer_draw(live_id=live.pk, seat=1, accept=False)
    with django_capture_on_commit_callbacks(execute=True):
        live_resign(live_id=live.pk, seat=1)
    assert [event.version for event in sent] == [start + 1, start + 2, start + 3]
    assert [event.status for event in sent] == ["playing", "playing", "finished"]
    assert {event.game for event in sent} == {live.public_id}
    assert LiveGame.objects.get(pk=live.pk).version == 0  # no move was played: the ply count is unchanged


def test_an_abort_is_pushed_as_the_end_of_the_game(people, sent, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        live = carnac_between(people)
    with django_capture_on_commit_callbacks(execute=True):
        live_abort(live_id=live.pk, seat=0)
    assert [(event.version, event.status) for event in sent] == [(1, "aborted")]
