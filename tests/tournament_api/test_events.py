"""Events through the API: listing with filters, search and pages; creating, changing and moving
an event through its statuses."""

from __future__ import annotations

import datetime

import pytest

from tests.tournament.factories import make_event, make_user
from tournament.models import Event, Stage
from tournament.services.events import event_create

from .world import build_world

EVENTS = "/api/v1/events/"


def organiser(api):
    user = make_user(organiser=True)
    api.force_login(user)
    return user


def listed(api, query: str = "") -> list[str]:
    response = api.get(EVENTS + query)
    assert response.status_code == 200, response.json()
    return [item["name"] for item in response.json()["results"]]


@pytest.fixture
def three_events():
    owner = make_user(organiser=True)
    draft = event_create(owner=owner, name="Winter Carnac", game="misty-nim", location="Vannes")
    spring = event_create(owner=owner, name="Spring Fog", game="misty-nim", starts_on=datetime.date(2025, 4, 1))
    summer = event_create(owner=owner, name="Summer Menhirs", game="misty-nim", description="on the beach")
    Event.objects.filter(pk=spring.pk).update(status=Event.Status.RUNNING)
    Event.objects.filter(pk=summer.pk).update(status=Event.Status.FINISHED, starts_on=datetime.date(2025, 7, 1))
    return draft, spring, summer


def test_events_filter_by_status_and_several_statuses_at_once(api, three_events):
    assert listed(api, "?status=running") == ["Spring Fog"]
    assert sorted(listed(api, "?status=running&status=finished")) == ["Spring Fog", "Summer Menhirs"]


def test_events_filter_by_game_and_start_date(api, three_events):
    assert len(listed(api, "?game=misty-nim")) == 3
    assert listed(api, "?game=carnac") == []
    assert listed(api, "?starts_after=2025-05-01") == ["Summer Menhirs"]
    assert listed(api, "?starts_before=2025-05-01") == ["Spring Fog"]


def test_events_search_looks_at_name_description_and_location(api, three_events):
    assert listed(api, "?search=fog") == ["Spring Fog"]
    assert listed(api, "?search=beach") == ["Summer Menhirs"]
    assert listed(api, "?search=vannes") == ["Winter Carnac"]


def test_an_unknown_filter_value_is_a_clear_400(api, three_events):
    response = api.get(EVENTS + "?status=paused")
    assert response.status_code == 400
    assert response.json()["error"] == "invalid"
    assert "status" in response.json()["fields"]


def test_events_come_in_pages_with_links(api):
    owner = make_user(organiser=True)
    for number in range(5):
        event_create(owner=owner, name=f"Cup {number}", game="misty-nim")
    first = api.get(EVENTS + "?page_size=2").json()
    assert first["count"] == 5 and len(first["results"]) == 2
    assert "page=2" in first["next"] and first["previous"] is None
    last = api.get(EVENTS + "?page_size=2&page=3").json()
    assert len(last["results"]) == 1 and last["next"] is None
    assert api.get(EVENTS + "?page_size=2&page=4").status_code == 404


def test_the_page_size_has_a_ceiling(api):
    owner = make_user(organiser=True)
    event_create(owner=owner, name="Only", game="misty-nim")
    response = api.get(EVENTS + "?page_size=100000")
    assert response.status_code == 200 and response.json()["count"] == 1


def test_unlisted_events_are_not_listed_but_open_by_slug(api):
    owner = make_user(organiser=True)
    event = event_create(owner=owner, name="Secret-ish", game="misty-nim", visibility="unlisted")
    assert listed(api) == []
    assert api.get(f"{EVENTS}{event.slug}/").json()["name"] == "Secret-ish"
    api.force_login(owner)
    assert listed(api) == ["Secret-ish"]  # organisers see their own events listed


def test_private_events_are_listed_only_for_their_people(api):
    world = build_world(visibility=Event.Visibility.PRIVATE)
    assert listed(api) == []
    api.force_login(world.users["stranger"])
    assert listed(api) == []
    api.force_login(world.users["opponent"])
    assert listed(api) == [world.event.name]
    assert listed(api, "?visibility=private") == [world.event.name]


def test_an_organiser_creates_an_event_with_its_first_stage(api):
    user = organiser(api)
    body = {
        "name": "Fog Open",
        "game": "misty-nim",
        "options": {"take_max": 2},
        "starts_on": "2025-06-14",
        "stage": {"format": "round_robin", "series_length": 3, "points_win": "3", "settings": {"double": True}},
    }
    response = api.post(EVENTS, body, format="json")
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["slug"] == "fog-open" and data["status"] == "draft" and data["owner"] == user.username
    assert response["Location"] == "/api/v1/events/fog-open/"
    assert data["options"] == {"take_max": 2, "pile": "random"}  # normalized, defaults filled in
    [stage] = data["stages"]
    assert (stage["format"], stage["series_length"], stage["points_win"]) == ("round_robin", 3, "3.00")
    assert data["you"] == {"organiser": True, "participant_id": None}


def test_creating_an_event_without_a_stage_gives_a_swiss_stage(api):
    organiser(api)
    data = api.post(EVENTS, {"name": "Plain", "game": "misty-nim"}, format="json").json()
    assert [stage["format"] for stage in data["stages"]] == ["swiss"]


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"name": "X", "game": "chess"}, "unknown_game", "chess"),
        ({"name": "X", "game": "misty-nim", "options": {"take_max": 9}}, "invalid_options", "take_max"),
        ({"name": "X", "game": "misty-nim", "stage": {"series_length": 2}}, "invalid", "odd number"),
        ({"name": "X", "game": "misty-nim", "stage": {"format": "bingo"}}, "invalid", "bingo"),
        ({"game": "misty-nim"}, "invalid", "name"),
    ],
)
def test_a_bad_event_is_refused_with_the_reason(api, body, code, words):
    organiser(api)
    response = api.post(EVENTS, body, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == code
    assert words in response.json()["detail"]
    assert not Event.objects.exists()


def test_an_organiser_changes_an_event(api):
    event, owner, _ = make_event(start=False)
    api.force_login(owner)
    response = api.patch(f"{EVENTS}{event.slug}/", {"location": "Carnac", "visibility": "unlisted"}, format="json")
    assert response.status_code == 200
    event.refresh_from_db()
    assert (event.location, event.visibility) == ("Carnac", "unlisted")


def test_the_game_cannot_change_once_a_round_is_published(api):
    from tournament.services.rounds import round_publish

    event, owner, _ = make_event()
    round_publish(stage=event.stages.get(), by=owner)
    api.force_login(owner)
    response = api.patch(f"{EVENTS}{event.slug}/", {"options": {"take_max": 1}}, format="json")
    assert response.status_code == 400
    assert "fixed once a round is published" in response.json()["detail"]


def test_an_event_goes_from_draft_to_finished(api):
    owner = organiser(api)
    slug = api.post(EVENTS, {"name": "Short", "game": "misty-nim"}, format="json").json()["slug"]
    assert api.post(f"{EVENTS}{slug}/open-registration/").json()["status"] == "registration"
    for _ in range(2):
        player = make_user()
        api.force_login(player)
        assert api.post(f"{EVENTS}{slug}/participants/register/").status_code == 201
    api.force_login(owner)
    assert api.post(f"{EVENTS}{slug}/start/").json()["status"] == "running"
    Stage.objects.filter(event__slug=slug).update(status=Stage.Status.CLOSED)
    assert api.post(f"{EVENTS}{slug}/finish/").json()["status"] == "finished"


def test_an_event_needs_two_participants_to_start(api):
    owner = organiser(api)
    event = event_create(owner=owner, name="Lonely", game="misty-nim")
    api.post(f"{EVENTS}{event.slug}/open-registration/")
    response = api.post(f"{EVENTS}{event.slug}/start/")
    assert response.status_code == 400
    assert response.json() == {
        "error": "invalid",
        "detail": "an event needs at least two participants to start (0 registered)",
    }


def test_an_event_with_an_open_stage_cannot_finish(api):
    event, owner, _ = make_event()
    api.force_login(owner)
    response = api.post(f"{EVENTS}{event.slug}/finish/")
    assert response.status_code == 400 and "close every stage first" in response.json()["detail"]


def test_a_draft_event_cannot_jump_to_finished(api):
    owner = organiser(api)
    event = event_create(owner=owner, name="Jumpy", game="misty-nim")
    response = api.post(f"{EVENTS}{event.slug}/finish/")
    assert response.status_code == 400 and "cannot become finished" in response.json()["detail"]


def test_the_event_detail_says_what_the_caller_is(api, world):
    api.force_login(world.users["player"])
    you = api.get(world.event_url("api-event-detail")).json()["you"]
    assert you == {"organiser": False, "participant_id": world.participant("player").pk}
    api.force_login(world.users["arbiter"])
    assert api.get(world.event_url("api-event-detail")).json()["you"]["organiser"] is True


def test_the_organisers_next_actions_follow_the_event(api, world):
    api.force_login(world.users["owner"])
    actions = api.get(world.event_url("api-event-next-actions")).json()
    assert actions == [
        {"label": "2 results missing", "detail": "", "action": "results", "urgent": False, "needs": "result"}
    ]


def test_an_unknown_event_is_a_404_with_the_error_body(api):
    response = api.get(f"{EVENTS}no-such-event/")
    assert response.status_code == 404
    assert response.json() == {"error": "not_found", "detail": "event 'no-such-event' not found, or not visible to you"}
