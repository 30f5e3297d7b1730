"""A player's records page, downloading a log as its reader may see it, and head-to-head on a
player page."""

import dataclasses
import json

import pytest
from django.urls import reverse

from games.gamelog import Seat
from games.services import record_upload, record_validate
from tests.ranking.events import play_round
from tests.records.helpers import random_log, with_bad_move
from tests.tournament.factories import make_event, make_user
from tests.tournament.test_duplicate_secrets import CHALLENGE, mists_log
from tournament.models import Event, SeriesGame
from tournament.services.logs import game_attach_log
from tournament.services.results import game_decide
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.ranking.urls")]


def seated(log, *users):
    return dataclasses.replace(log, seats=tuple(Seat(u.username, f"user:{u.pk}") for u in users))


def upload(log, by=None):
    return record_validate(record_id=record_upload(data=log, by=by).record.pk)


# --- my records -----------------------------------------------------------------------------------


def test_my_records_lists_what_i_uploaded_and_what_i_played_and_nothing_else(client):
    me, friend, stranger = make_user(), make_user(), make_user()
    mine = upload(random_log(seed=1), by=me)
    played = upload(seated(random_log(seed=2), friend, me), by=friend)
    other = upload(seated(random_log(seed=3), friend, stranger), by=friend)
    client.force_login(me)
    html = client.get(reverse("my-records")).content.decode()
    assert f'href="{mine.get_absolute_url()}"' in html and f'href="{played.get_absolute_url()}"' in html
    assert other.public_id not in html


def test_my_records_are_paginated(client):
    me = make_user()
    records = [upload(random_log(seed=seed), by=me) for seed in range(27)]
    client.force_login(me)
    first = client.get(reverse("my-records")).content.decode()
    second = client.get(reverse("my-records") + "?page=2").content.decode()
    assert records[-1].public_id in first and records[0].public_id not in first
    assert records[0].public_id in second and "Records 26–27 of 27." in second


def test_my_records_asks_anonymous_visitors_to_sign_in(client):
    assert client.get(reverse("my-records")).status_code == 302


# --- downloading a log ------------------------------------------------------------------------------


def test_a_finished_valid_log_downloads_as_text_and_json(client):
    record = upload(random_log(seed=4))
    text = client.get(reverse("record-log", args=[record.public_id]))
    assert text.status_code == 200 and text["Content-Disposition"].startswith("attachment;")
    assert text.content.decode().startswith("Brume log 1") and "Game: carnac" in text.content.decode()
    as_json = json.loads(client.get(reverse("record-log", args=[record.public_id]) + "?format=json").content)
    assert as_json["game"] == "carnac" and as_json["moves"] == record.log["moves"]
    assert (
        f'href="{reverse("record-log", args=[record.public_id])}"'
        in client.get(record.get_absolute_url()).content.decode()
    )


def test_an_unfinished_hidden_information_log_downloads_only_for_its_uploader(client):
    uploader = make_user()
    record = upload(with_bad_move(random_log("brouillard", seed=1), 3), by=uploader)
    url = reverse("record-log", args=[record.public_id])
    assert client.get(url).status_code == 403
    client.force_login(make_user())
    refused = client.get(url)
    assert refused.status_code == 403 and b"once the game is over" in refused.content
    assert "record-log" not in client.get(record.get_absolute_url()).content.decode()
    client.force_login(uploader)
    assert client.get(url).status_code == 200


def test_a_private_events_log_is_a_404_for_strangers(client, django_capture_on_commit_callbacks):
    event, owner, _ = make_event(game="carnac", players=2)
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PRIVATE)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    a, b = (match.seats.get(seat=i).participant.user for i in (0, 1))
    with django_capture_on_commit_callbacks(execute=True):
        game = game_attach_log(game=match.games.get(), by=owner, data=seated(random_log(seed=5), a, b))
    url = reverse("record-log", args=[game.record.public_id])
    client.force_login(make_user())
    assert client.get(url).status_code == 404
    client.force_login(a)
    assert client.get(url).status_code == 200


def test_a_running_duplicate_rounds_log_stays_embargoed_even_for_its_player(client, django_capture_on_commit_callbacks):
    event, owner, _ = make_event(game="mists", players=2, stage=CHALLENGE)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    one, other = round_.matches.order_by("table")
    player, rival = one.seats.get().participant.user, other.seats.get().participant.user
    with django_capture_on_commit_callbacks(execute=True):
        game = game_attach_log(game=one.games.get(), by=owner, data=mists_log(player, one.setup_seed))
    url = reverse("record-log", args=[game.record.public_id])
    expected = {rival: 404, player: 403, owner: 200}
    for viewer, status in expected.items():
        client.force_login(viewer)
        assert client.get(url).status_code == status, viewer
    for series_game in SeriesGame.objects.filter(match__round=round_):
        game_decide(game=series_game, by=owner, ranks=[1], scores=[3], reason="played at the club")
    for viewer in (rival, player):
        client.force_login(viewer)
        assert client.get(url).status_code == 200


# --- head-to-head -----------------------------------------------------------------------------------


def _rated_event(capture, players=2):
    event, owner, participants = make_event(players=players)
    with capture(execute=True):
        play_round(event.stages.get(), owner, lambda order: ([1, 2], None))  # the first seat wins
    return event, [p.user for p in participants]


def test_head_to_head_counts_two_players_games_per_game(client, misty_nim, django_capture_on_commit_callbacks):
    event, (a, b) = _rated_event(django_capture_on_commit_callbacks)
    match = event.stages.get().rounds.get().matches.get()
    winner = match.seats.get(seat=0).participant.user
    loser = b if winner == a else a
    html = client.get(reverse("ranking-player", args=[winner.username]) + f"?against={loser.username}").content.decode()
    assert "<td>1</td><td>1</td><td>0</td><td>0</td>" in html  # one game, won, none drawn or lost
    assert f'href="{event.get_absolute_url()}"' in html.split('id="head-to-head"')[1]
    html = client.get(reverse("ranking-player", args=[loser.username]) + f"?against={winner.username}").content.decode()
    assert "<td>1</td><td>0</td><td>0</td><td>1</td>" in html
    assert f'<option value="{winner.username}">' in html  # the choice offers the people met
    assert html.count('id="head-to-head"') == 1  # once, in the page (not also inside the <title>)
    title = html.split("<title>")[1].split("</title>")[0]
    assert "<" not in title  # a plain title: the player's name


def test_head_to_head_leaves_out_games_of_events_the_viewer_may_not_see(
    client, misty_nim, django_capture_on_commit_callbacks
):
    event, (a, b) = _rated_event(django_capture_on_commit_callbacks)
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PRIVATE)
    client.force_login(make_user())
    html = client.get(reverse("ranking-player", args=[a.username]) + f"?against={b.username}").content.decode()
    assert "no rated game against each other that you can see" in html
    client.force_login(a)
    html = client.get(reverse("ranking-player", args=[a.username]) + f"?against={b.username}").content.decode()
    assert "no rated game against each other" not in html and "<caption>" in html


def test_head_to_head_with_an_unknown_name_says_so(client, misty_nim, django_capture_on_commit_callbacks):
    _, (a, _b) = _rated_event(django_capture_on_commit_callbacks)
    html = client.get(reverse("ranking-player", args=[a.username]) + "?against=nobody-here").content.decode()
    assert "No player by that name." in html
