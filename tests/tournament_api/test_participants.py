"""Participants through the API: registration, organisers adding people and AI entrants,
withdrawals, check-in, and the list's filters."""

from __future__ import annotations

from tests.tournament.factories import make_event, make_user
from tournament.models import Participant


def url(event, tail: str = "") -> str:
    return f"/api/v1/events/{event.slug}/participants/{tail}"


def test_a_person_registers_once(api):
    event, _, _ = make_event(players=0, start=False)
    person = make_user("morgane")
    api.force_login(person)
    response = api.post(url(event, "register/"))
    assert response.status_code == 201
    assert response.json()["user"] == "morgane" and response.json()["status"] == "active"
    again = api.post(url(event, "register/"))
    assert again.status_code == 409 and again.json()["error"] == "already_registered"
    assert event.participants.count() == 1


def test_nobody_registers_once_the_event_runs(api):
    event, _, _ = make_event(players=2)
    api.force_login(make_user())
    response = api.post(url(event, "register/"))
    assert response.status_code == 400 and response.json()["detail"] == "registration is not open for this event"


def test_an_organiser_adds_a_person_by_username_and_an_ai_entrant(api):
    event, owner, _ = make_event(players=0, start=False)
    make_user("yann")
    api.force_login(owner)
    person = api.post(url(event), {"user": "yann", "seed": 4, "club": "Auray"}, format="json")
    assert person.status_code == 201
    assert (person.json()["name"], person.json()["seed"], person.json()["club"]) == ("yann", 4, "Auray")
    bot = api.post(url(event), {"ai_level": "random", "name": "Korrigan"}, format="json")
    assert bot.status_code == 201
    assert bot.json()["is_ai"] is True and bot.json()["user"] is None and bot.json()["name"] == "Korrigan"


def test_adding_someone_unknown_or_ambiguous_is_refused(api):
    event, owner, _ = make_event(players=0, start=False)
    api.force_login(owner)
    unknown = api.post(url(event), {"user": "nobody"}, format="json")
    assert unknown.status_code == 400 and unknown.json()["error"] == "unknown_user"
    both = api.post(url(event), {"user": "nobody", "ai_level": "random"}, format="json")
    assert both.status_code == 400 and "either user" in both.json()["detail"]
    level = api.post(url(event), {"ai_level": "grandmaster"}, format="json")
    assert level.status_code == 400 and "no AI level 'grandmaster'" in level.json()["detail"]
    assert not event.participants.exists()


def test_a_person_added_while_the_event_runs_is_a_late_entry_with_granted_points(api):
    event, owner, _ = make_event(players=2)
    make_user("latecomer")
    api.force_login(owner)
    response = api.post(url(event), {"user": "latecomer", "granted_points": "0.5"}, format="json")
    assert response.status_code == 201
    assert response.json()["late_entry_round"] == 1 and response.json()["granted_points"] == "0.50"


def test_a_withdrawal_before_any_match_removes_the_registration(api):
    event, _, [participant] = make_event(players=1, start=False)
    api.force_login(participant.user)
    response = api.post(url(event, f"{participant.pk}/withdraw/"))
    assert response.status_code == 200
    assert response.json()["removed"] is True and response.json()["id"] == participant.pk
    assert not Participant.objects.filter(pk=participant.pk).exists()


def test_a_withdrawal_after_playing_keeps_the_results(api, world):
    player = world.participant("player")
    api.force_login(world.users["owner"])
    response = api.post(world.event_url("api-participant-withdraw", participant_id=player.pk))
    assert response.status_code == 200
    assert response.json()["removed"] is False and response.json()["status"] == "withdrawn"
    assert response.json()["withdrawn_after_round"] == 1
    assert api.post(world.event_url("api-participant-withdraw", participant_id=player.pk)).status_code == 200


def test_check_in_and_out(api, world):
    player = world.participant("player")
    api.force_login(world.users["player"])
    check_in = world.event_url("api-participant-check-in", participant_id=player.pk)
    assert api.post(check_in).json()["checked_in"] is True
    assert api.post(check_in, {"checked_in": False}, format="json").json()["checked_in"] is False
    player.refresh_from_db()
    assert player.checked_in is False


def test_the_participant_list_filters_by_kind_status_and_check_in(api):
    event, _, people = make_event(players=3, ai=2, start=False)
    people[0].checked_in = True
    people[0].save()
    people[1].status = Participant.Status.WITHDRAWN
    people[1].save()

    def names(query: str) -> list[str]:
        return [p["name"] for p in api.get(url(event) + query).json()["results"]]

    assert names("?kind=ai") == ["Bot 1", "Bot 2"]
    assert len(names("?kind=person")) == 3
    assert names("?checked_in=true") == [people[0].name]
    assert names("?status=withdrawn") == [people[1].name]
    assert len(names("?status=active")) == 4


def test_the_participant_list_comes_in_pages_ordered_by_seed(api):
    event, _, _ = make_event(players=5, start=False)
    page = api.get(url(event) + "?page_size=2&page=2").json()
    assert page["count"] == 5
    assert [p["seed"] for p in page["results"]] == [3, 4]


def test_a_participant_of_another_event_is_not_found(api, world):
    _, _, [other] = make_event(players=1, start=False)
    response = api.get(world.event_url("api-participant-detail", participant_id=other.pk))
    assert response.status_code == 404 and response.json()["error"] == "not_found"
