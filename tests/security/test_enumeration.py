"""Player pages, their API and their calendar do not tell which accounts exist."""

from __future__ import annotations

import datetime

import pytest
from rest_framework.test import APIClient

from ranking.models import Player, Rating, RatingPool
from tests.tournament.factories import make_event, make_user
from tournament.models import Event, Participant

pytestmark = pytest.mark.django_db


def player_urls(username: str) -> list[str]:
    return [
        f"/ratings/players/{username}/",
        f"/api/v1/ratings/players/{username}/",
        f"/api/v1/players/{username}/calendar.ics",
    ]


def statuses(client, username: str) -> list[int]:
    return [client.get(url).status_code for url in player_urls(username)]


def test_an_account_that_never_played_answers_like_one_that_does_not_exist(client):
    make_user("quiet")
    assert statuses(client, "quiet") == statuses(client, "nobody-at-all") == [404, 404, 404]


def test_a_player_of_a_public_event_has_public_pages(client, misty_nim):
    _event, _, participants = make_event(players=2)
    assert statuses(client, participants[0].user.username) == [200, 200, 200]


def test_a_player_only_in_a_private_event_is_hidden_from_outsiders_not_from_the_event(client, misty_nim):
    event, _owner, participants = make_event(players=2)
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PRIVATE)
    username = participants[0].user.username
    assert statuses(client, username) == [404, 404, 404]
    client.force_login(participants[1].user)  # a fellow participant may see the event
    assert statuses(client, username) == [200, 200, 200]


def test_a_rated_player_has_public_pages(client):
    user = make_user("rated")
    pool = RatingPool.objects.create(slug="carnac-open", name="Carnac", game="carnac", system="glicko2")
    player = Player.objects.create(user=user, name="rated")
    Rating.objects.create(player=player, pool=pool, rating=1500, last_period=1, last_played=datetime.date(2025, 6, 1))
    assert statuses(client, "rated")[:2] == [200, 200]


def test_a_person_sees_their_own_page(client):
    user = make_user("newcomer")
    client.force_login(user)
    assert statuses(client, "newcomer") == [200, 200, 200]


def test_an_outsider_adding_a_participant_learns_nothing_about_the_name(client, misty_nim):
    event, _owner, _participants = make_event(players=2, start=False)
    make_user("exists")
    client.force_login(make_user("outsider"))
    url = f"/events/{event.slug}/participants/add/"
    known = client.post(url, {"username": "exists"})
    unknown = client.post(url, {"username": "no-such-person"})
    assert known.status_code == unknown.status_code == 403
    assert known.content == unknown.content
    assert not Participant.objects.filter(event=event, user__username="exists").exists()


def test_an_organiser_still_hears_that_a_name_is_unknown(client, misty_nim):
    event, owner, _participants = make_event(players=2, start=False)
    client.force_login(owner)
    response = client.post(f"/events/{event.slug}/participants/add/", {"username": "no-such-person"}, follow=True)
    assert "nobody is called &#x27;no-such-person&#x27;" in response.content.decode()


def test_the_api_answers_an_unknown_and_a_hidden_player_the_same(misty_nim):
    make_user("quiet")
    api = APIClient()
    hidden = api.get("/api/v1/ratings/players/quiet/").json()
    unknown = api.get("/api/v1/ratings/players/nobody/").json()
    assert hidden["error"] == unknown["error"] == "not_found"
    assert hidden["detail"].replace("quiet", "X") == unknown["detail"].replace("nobody", "X")
