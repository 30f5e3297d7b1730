"""The organiser's tools through the API: many participants at once, seeds, AI levels, declared
conflicts, and the event's PATCH. Organisers only; outsiders learn nothing and change nothing."""

import pytest
from django.urls import reverse

from tests.tournament.factories import make_event, make_user
from tournament.models import DeclaredConflict
from tournament.services.rounds import round_publish


def _url(name, event, **kwargs):
    return reverse(name, kwargs={"slug": event.slug, **kwargs})


def test_bulk_preview_then_add(api):
    event, owner, _ = make_event(players=0, start=False)
    make_user("morgane")
    api.force_login(owner)
    body = {"entries": "username,ai_level,seed\nmorgane,,1\nghost,,\n,random,\n,random,x\n"}
    preview = api.post(_url("api-participant-bulk-preview", event), body, format="json").json()
    assert [row["becomes"] for row in preview["rows"]] == ["account", "error", "ai", "error"]
    assert preview["addable"] == 2 and event.participants.count() == 0
    added = api.post(_url("api-participant-bulk", event), body, format="json")
    assert added.status_code == 201
    assert [(p["name"], p["seed"]) for p in added.json()] == [("morgane", 1), ("AI random", 2)]


@pytest.mark.parametrize(
    "method,name,kwargs,body",
    [
        ("post", "api-participant-bulk", {}, {"entries": "username\nalice\n"}),
        ("post", "api-participant-bulk-preview", {}, {"entries": "username\nalice\n"}),
        ("put", "api-seeds", {}, {"order": [1, 2]}),
        ("post", "api-seeds-by-rating", {}, {}),
        ("get", "api-conflict-list", {}, None),
        ("post", "api-conflict-list", {}, {"first": 1, "second": 2}),
    ],
)
def test_outsiders_are_refused_before_anything_is_read(api, method, name, kwargs, body):
    event, _, people = make_event(players=2, start=False)
    make_user("alice")
    for intruder in (people[0].user, make_user()):
        api.force_login(intruder)
        response = getattr(api, method)(_url(name, event, **kwargs), body, format="json")
        assert response.status_code == 403
    assert event.participants.count() == 2 and not DeclaredConflict.objects.exists()


def test_seeds_by_order_and_by_entered_rating(api):
    event, owner, people = make_event(players=3, start=False)
    api.force_login(owner)
    order = [p.pk for p in people[::-1]]
    response = api.put(_url("api-seeds", event), {"order": order}, format="json")
    assert [p["id"] for p in response.json()] == order
    assert api.put(_url("api-seeds", event), {"order": order[:2]}, format="json").status_code == 400
    people[1].rating = 1800
    people[1].save()
    response = api.post(_url("api-seeds-by-rating", event), {"source": "entered"}, format="json")
    assert response.json()[0]["id"] == people[1].pk


def test_seeds_are_refused_once_round_one_is_published(api):
    event, owner, people = make_event(players=2)
    round_publish(stage=event.stages.get(), by=owner)
    api.force_login(owner)
    response = api.put(_url("api-seeds", event), {"order": [p.pk for p in people]}, format="json")
    assert response.status_code == 400 and "fixed once the first round" in response.json()["detail"]


def test_ai_levels_are_listed_with_their_descriptions(api):
    event, _, _ = make_event(players=0, start=False)
    levels = api.get(_url("api-ai-levels", event)).json()
    assert levels[0] == {"level": "random", "description": "Plays a uniformly random legal move."}


def test_conflicts_are_declared_listed_and_removed(api):
    event, owner, people = make_event(players=3, start=False)
    api.force_login(owner)
    created = api.post(
        _url("api-conflict-list", event),
        {"first": people[2].pk, "second": people[0].pk, "reason": "twins"},
        format="json",
    )
    assert created.status_code == 201 and created.json()["first"]["id"] == people[0].pk
    again = api.post(_url("api-conflict-list", event), {"first": people[0].pk, "second": people[2].pk}, format="json")
    assert again.status_code == 409
    assert [c["reason"] for c in api.get(_url("api-conflict-list", event)).json()] == ["twins"]
    conflict_id = created.json()["id"]
    other, other_owner, _ = make_event(players=0, start=False)
    api.force_login(other_owner)  # another event's organiser cannot reach it through their own event
    assert api.delete(_url("api-conflict-detail", other, conflict_id=conflict_id)).status_code == 404
    api.force_login(owner)
    assert api.delete(_url("api-conflict-detail", event, conflict_id=conflict_id)).status_code == 204
    assert not DeclaredConflict.objects.exists()


def test_an_event_is_patched_and_a_forged_patch_is_refused(api):
    event, owner, people = make_event(players=2)
    api.force_login(people[0].user)
    assert api.patch(_url("api-event-detail", event), {"name": "Hijacked"}, format="json").status_code == 403
    api.force_login(owner)
    response = api.patch(
        _url("api-event-detail", event),
        {"name": "Renamed", "starts_on": "2027-01-02", "options": {"take_max": 2}},
        format="json",
    )
    assert response.status_code == 200 and response.json()["name"] == "Renamed"
