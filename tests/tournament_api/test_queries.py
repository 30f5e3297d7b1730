"""Lists cost a fixed number of queries, however long they are (no N+1)."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.tournament.factories import make_event, make_user
from tournament.services.events import event_create
from tournament.services.rounds import round_publish


def queries(api, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert api.get(url).status_code == 200
    return len(captured.captured_queries)


def test_the_event_list_does_not_grow_with_the_events(api):
    owner = make_user(organiser=True)
    event_create(owner=owner, name="First", game="misty-nim")
    few = queries(api, "/api/v1/events/")
    for number in range(8):
        event_create(owner=owner, name=f"More {number}", game="misty-nim")
    assert queries(api, "/api/v1/events/") == few


def test_the_round_list_does_not_grow_with_the_matches(api):
    small, owner, _ = make_event(players=2)
    round_publish(stage=small.stages.get(), by=owner, number=1)
    large, owner, _ = make_event(players=12)
    round_publish(stage=large.stages.get(), by=owner, number=1)
    assert queries(api, f"/api/v1/events/{large.slug}/stages/1/rounds/") == queries(
        api, f"/api/v1/events/{small.slug}/stages/1/rounds/"
    )


def test_the_participant_list_does_not_grow_with_the_field(api):
    small, _, _ = make_event(players=2, start=False)
    large, _, _ = make_event(players=12, start=False)
    assert queries(api, f"/api/v1/events/{large.slug}/participants/") == queries(
        api, f"/api/v1/events/{small.slug}/participants/"
    )


def test_a_round_is_serialized_once_per_change_of_its_event(api):
    """A repeated read of a round answers from the cache (no match is read again); a result
    committed since is in the next answer."""
    from tournament.services.results import game_decide

    event, owner, _ = make_event(players=12)
    round_ = round_publish(stage=event.stages.get(), by=owner, number=1)
    url = f"/api/v1/events/{event.slug}/stages/1/rounds/1/"
    first = queries(api, url)
    again = queries(api, url)
    assert again < first
    match = round_.matches.filter(is_bye=False).order_by("table").first()
    assert api.get(url).json()["matches"][0]["status"] != "completed"
    game_decide(game=match.games.get(), by=owner, ranks=[1, 2], reason="played")
    after = api.get(url).json()["matches"][0]
    assert after["status"] == "completed" and [seat["rank"] for seat in after["seats"]] == [1, 2]
