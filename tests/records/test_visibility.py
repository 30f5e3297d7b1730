"""A record or a live game of an event is visible only to those who may see the event: a private
event's games answer 404 to everyone else, on pages and in the API, and never appear in lists;
ids in URLs are random, so walking numbers finds nothing."""

import dataclasses
import random

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from games.gamelog import Seat
from games.live import live_play, live_view
from games.models import GameRecord, LiveGame
from games.selectors import live_games_visible_to, records_visible_to
from games.services import record_upload, record_validate
from tests.records.helpers import as_text, random_log
from tests.tournament.factories import make_event, make_user
from tournament.models import Event, SeriesGame
from tournament.services.logs import game_attach_record, game_play_online
from tournament.services.rounds import round_publish

pytestmark = pytest.mark.django_db


class Duel:
    """A two-player Carnac event with its one series game, a log attached to it and its online game."""

    def __init__(self, visibility: str, seed: int = 1):
        self.event, self.owner, _ = make_event(game="carnac", players=2)
        Event.objects.filter(pk=self.event.pk).update(visibility=visibility)
        match = round_publish(stage=self.event.stages.get(), by=self.owner).matches.get()
        self.game = match.games.get()
        self.first, self.second = (match.seats.get(seat=i).participant.user for i in (0, 1))
        seats = tuple(Seat(name=user.username, player=f"user:{user.pk}") for user in (self.first, self.second))
        self.log = dataclasses.replace(random_log(seed=seed), seats=seats)
        self.record = record_validate(record_id=record_upload(data=self.log, by=self.first).record.pk)
        game_attach_record(game=self.game, by=self.first, record=self.record)
        self.live = game_play_online(game=self.game, by=self.first)

    def urls(self) -> list[str]:
        return [
            self.record.get_absolute_url(),
            reverse("api-record-detail", args=[self.record.public_id]),
            self.live.get_absolute_url(),
            reverse("api-live-game", args=[self.live.public_id]),
        ]


@pytest.fixture
def private_duel():
    return Duel(Event.Visibility.PRIVATE)


def listed_ids(client, **params) -> set[str]:
    response = client.get(reverse("api-record-list"), params)
    assert response.status_code == 200
    return {row["id"] for row in response.json()["results"]}


@pytest.mark.parametrize("who", ["anonymous", "stranger"])
def test_outsiders_get_404_for_a_private_events_record_and_live_game_on_pages_and_api(client, private_duel, who):
    if who == "stranger":
        client.force_login(make_user())
    for url in private_duel.urls():
        assert client.get(url).status_code == 404, url
    assert private_duel.record.public_id not in listed_ids(client)


def test_outsiders_cannot_move_in_a_private_events_live_game(client, private_duel):
    client.force_login(make_user())
    api = reverse("api-live-move", args=[private_duel.live.public_id])
    assert client.post(api, {"move": "a1"}, content_type="application/json").status_code == 404
    assert client.post(private_duel.live.get_absolute_url(), {"move": "a1"}).status_code == 404


@pytest.mark.parametrize("who", ["first player", "second player", "owner", "arbiter", "superuser"])
def test_players_and_organisers_see_a_private_events_record_and_live_game(client, private_duel, who):
    user = {"first player": private_duel.first, "second player": private_duel.second, "owner": private_duel.owner}.get(
        who
    )
    if who == "arbiter":
        user = make_user()
        private_duel.event.arbiters.add(user)
    if who == "superuser":
        user = make_user()
        type(user).objects.filter(pk=user.pk).update(is_superuser=True)
    client.force_login(user)
    for url in private_duel.urls():
        assert client.get(url).status_code == 200, url
    assert private_duel.record.public_id in listed_ids(client)


def test_an_unlisted_events_record_opens_by_its_link_but_is_not_listed_to_outsiders(client):
    duel = Duel(Event.Visibility.UNLISTED)
    for url in duel.urls():
        assert client.get(url).status_code == 200, url
    assert duel.record.public_id not in listed_ids(client)
    client.force_login(duel.second)
    assert duel.record.public_id in listed_ids(client)  # a player sees their own event's games listed


def test_the_game_page_lists_only_the_records_its_visitor_may_see(client, private_duel):
    public = Duel(Event.Visibility.PUBLIC, seed=4)
    page = client.get(reverse("game-detail", args=["carnac"])).content.decode()
    assert public.record.get_absolute_url() in page
    assert private_duel.record.get_absolute_url() not in page
    client.force_login(private_duel.first)
    assert (
        private_duel.record.get_absolute_url() in client.get(reverse("game-detail", args=["carnac"])).content.decode()
    )


def test_a_public_events_record_is_listed_to_everyone(client):
    duel = Duel(Event.Visibility.PUBLIC)
    for url in duel.urls():
        assert client.get(url).status_code == 200, url
    assert duel.record.public_id in listed_ids(client)


def test_a_record_uploaded_on_its_own_stays_public_and_listed(client):
    record = record_validate(record_id=record_upload(data=random_log(seed=7), by=make_user()).record.pk)
    assert client.get(record.get_absolute_url()).status_code == 200
    assert client.get(reverse("api-record-detail", args=[record.public_id])).status_code == 200
    assert record.public_id in listed_ids(client, game="carnac")
    assert record.public_id not in listed_ids(client, game="brouillard")
    assert record.public_id not in listed_ids(client, source="ai")
    assert client.get(reverse("api-record-list"), {"game": "chess\x00"}).status_code == 400
    assert client.get(reverse("api-record-list"), {"source": "stolen"}).status_code == 400


def test_a_record_in_two_events_is_visible_only_to_those_who_may_see_both(client):
    one, other = Duel(Event.Visibility.PRIVATE, seed=1), Duel(Event.Visibility.PRIVATE, seed=2)
    SeriesGame.objects.filter(pk=other.game.pk).update(record=one.record)  # the same log in both
    url = one.record.get_absolute_url()
    client.force_login(one.first)  # plays in the first event only
    assert client.get(url).status_code == 404
    assert one.record.public_id not in listed_ids(client)
    other.event.participants.filter(user=other.first).update(user=one.first)  # now in both
    assert client.get(url).status_code == 200


def test_the_record_of_a_private_events_online_game_is_hidden_like_the_game(client, django_capture_on_commit_callbacks):
    duel = Duel(Event.Visibility.PRIVATE)
    SeriesGame.objects.filter(pk=duel.game.pk).update(record=None)  # only the online game links it
    live, rng = duel.live, random.Random(3)
    for _ in range(400):
        live.refresh_from_db()
        if live.status == LiveGame.Status.FINISHED:
            break
        mover = next(user for user in (duel.first, duel.second) if live_view(live, user).my_turn)
        state = live_view(live, mover)
        with django_capture_on_commit_callbacks(execute=True):
            live_play(live_id=live.pk, seat=state.seat, text=rng.choice(state.moves))
    record = GameRecord.objects.get(pk=live.record_id)
    assert record.log["meta"]["live_game"] == live.public_id  # the log names the game by its public id
    assert client.get(record.get_absolute_url()).status_code == 404
    client.force_login(duel.second)
    assert client.get(record.get_absolute_url()).status_code == 200
    assert client.get(reverse("api-live-game", args=[live.public_id])).json()["record"] == record.public_id


def test_ai_entrants_games_of_a_private_event_are_hidden(client, django_capture_on_commit_callbacks):
    event, owner, _ = make_event(game="carnac", players=0, ai=2)
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PRIVATE)
    with django_capture_on_commit_callbacks(execute=True):
        match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    record = match.games.get().record
    assert record is not None and record.source == GameRecord.Source.AI
    assert client.get(record.get_absolute_url()).status_code == 404
    assert record not in records_visible_to(AnonymousUser(), listing=True)
    client.force_login(owner)
    assert client.get(record.get_absolute_url()).status_code == 200


def test_uploading_a_private_events_log_again_tells_an_outsider_without_showing_the_record(client, private_duel):
    client.force_login(make_user())
    text = as_text(private_duel.log)  # the log attached to the private event's game
    response = client.post(reverse("api-record-list"), text, content_type="text/plain")
    assert response.status_code == 409 and private_duel.record.public_id not in response.content.decode()
    page = client.post(reverse("record-upload"), {"text": text}).content.decode()
    assert "cannot see" in page and private_duel.record.public_id not in page
    client.force_login(private_duel.second)  # a player of that event is shown the record
    response = client.post(reverse("api-record-list"), text, content_type="text/plain")
    assert response.status_code == 200 and response.json()["id"] == private_duel.record.public_id


def test_walking_sequential_ids_finds_nothing(client, private_duel):
    public = Duel(Event.Visibility.PUBLIC, seed=3)
    pks = {*GameRecord.objects.values_list("pk", flat=True), *LiveGame.objects.values_list("pk", flat=True)}
    assert len(pks) >= 2  # rows exist under these numbers
    for pk in sorted(pks | {1, 2, 3}):
        for url in (f"/records/{pk}/", f"/play/{pk}/", f"/api/v1/records/{pk}/", f"/api/v1/live/{pk}/"):
            assert client.get(url).status_code == 404, url
    assert client.get(public.record.get_absolute_url()).status_code == 200  # the public id does open it


def test_the_api_names_records_and_live_games_by_public_id_never_database_id(client):
    duel = Duel(Event.Visibility.PUBLIC)
    record = client.get(reverse("api-record-detail", args=[duel.record.public_id])).json()
    assert record["id"] == duel.record.public_id and record["url"] == f"/records/{duel.record.public_id}/"
    client.force_login(duel.first)
    live = client.get(reverse("api-live-game", args=[duel.live.public_id])).json()
    assert live["id"] == duel.live.public_id and live["record"] is None
    assert len({duel.record.public_id, duel.live.public_id}) == 2 and len(duel.record.public_id) == 16


def test_the_selectors_hide_a_private_events_live_game_from_outsiders_only(private_duel):
    stranger = make_user()
    assert private_duel.live not in live_games_visible_to(stranger)
    assert private_duel.live not in live_games_visible_to(AnonymousUser())
    assert private_duel.live in live_games_visible_to(private_duel.second)
    assert private_duel.record in records_visible_to(private_duel.owner, listing=True)
