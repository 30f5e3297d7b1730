"""The Next panel's counts lead to the matches concerned, where an organiser confirms every
result one side reported in one click; nobody else may list or confirm them."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.tournament.factories import make_event, make_user
from tournament.models import Event, SeriesGame
from tournament.services.results import game_dispute, game_report
from tournament.services.rounds import round_publish


def _reported(players=6):
    """A running round where the first seat of every match reported a win."""
    event, owner, _ = make_event(players=players)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    games = []
    for match in round_.matches.filter(is_bye=False).order_by("table"):
        game = match.games.get()
        first = match.seats.get(seat=0).participant.user
        games.append(
            game_report(game=game, by=first, ranks=[1 if pid == game.seat_order[0] else 2 for pid in game.seat_order])
        )
    return event, owner, games


def _dispute(game):
    other = game.match.seats.get(seat=1).participant.user
    return game_dispute(game=game, by=other, reason="I won", expected_version=game.version)


def matches_url(event, needs=None):
    return reverse("event-matches", args=[event.slug]) + (f"?needs={needs}" if needs else "")


def test_the_next_panel_links_each_count_to_the_matches_concerned(client):
    event, owner, games = _reported()
    _dispute(games[0])
    client.force_login(owner)
    html = client.get(event.get_absolute_url()).content.decode()
    assert f'href="{matches_url(event, "dispute")}">Rule on 1 dispute</a>' in html
    assert f'href="{matches_url(event, "confirmation")}">Confirm 2 reported results</a>' in html
    assert f'href="{matches_url(event, "result")}">3 results missing</a>' in html


def test_the_disputes_list_shows_only_the_disputed_matches(client):
    event, owner, games = _reported()
    _dispute(games[0])
    client.force_login(owner)
    html = client.get(matches_url(event, "dispute")).content.decode()
    assert f'href="{games[0].match.get_absolute_url()}"' in html
    assert f'href="{games[1].match.get_absolute_url()}"' not in html
    html = client.get(matches_url(event, "confirmation")).content.decode()
    assert f'href="{games[1].match.get_absolute_url()}"' in html and f'value="{games[1].pk}:{games[1].version}"' in html
    assert f'value="{games[0].pk}:' not in html  # a disputed result is never offered for confirmation


def test_bulk_confirm_confirms_the_agreed_results_and_lists_those_that_changed(client):
    event, owner, games = _reported()
    seen = [f"{game.pk}:{game.version}" for game in games]
    _dispute(games[2])  # changes after the organiser opened the page
    client.force_login(owner)
    response = client.post(reverse("event-games-confirm", args=[event.slug]), {"game": seen}, follow=True)
    html = response.content.decode()
    statuses = [SeriesGame.objects.get(pk=game.pk).status for game in games]
    assert statuses == ["confirmed", "confirmed", "disputed"]
    assert "2 results confirmed." in html
    assert f"Not confirmed: round 1, table {games[2].match.table}, game 1" in html
    assert all(game.match.__class__.objects.get(pk=game.match_id).status == "completed" for game in games[:2])


def test_bulk_confirm_refuses_another_events_games_without_touching_them(client):
    event, owner, _ = _reported(players=2)
    _other, _, other_games = _reported(players=2)
    client.force_login(owner)
    response = client.post(
        reverse("event-games-confirm", args=[event.slug]),
        {"game": [f"{other_games[0].pk}:{other_games[0].version}"]},
        follow=True,
    )
    assert "no such game in this event" in response.content.decode()
    assert SeriesGame.objects.get(pk=other_games[0].pk).status == "reported"


@pytest.mark.parametrize("who", ["player", "stranger", "anonymous"])
def test_only_organisers_list_and_bulk_confirm(client, who):
    event, _, games = _reported(players=2)
    if who == "player":
        client.force_login(games[0].match.seats.get(seat=1).participant.user)
    elif who == "stranger":
        client.force_login(make_user())
    listing = client.get(matches_url(event, "confirmation"))
    posted = client.post(
        reverse("event-games-confirm", args=[event.slug]), {"game": [f"{games[0].pk}:{games[0].version}"]}
    )
    if who == "anonymous":
        assert listing.status_code == 302 and posted.status_code == 302  # to the sign-in page
    else:
        assert listing.status_code == 403 and posted.status_code == 403
    assert SeriesGame.objects.get(pk=games[0].pk).status == "reported"


def test_a_private_events_list_is_a_404_for_strangers(client):
    event, _, games = _reported(players=2)
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PRIVATE)
    client.force_login(make_user())
    assert client.get(matches_url(event)).status_code == 404
    assert (
        client.post(reverse("event-games-confirm", args=[event.slug]), {"game": [f"{games[0].pk}:0"]}).status_code
        == 404
    )


@pytest.mark.parametrize("value", ["12", "x:1", "1:-1", "1:2:3", "١:1", "99999999999999999999:1"])
def test_a_malformed_bulk_confirm_is_a_400_and_confirms_nothing(client, value):
    event, owner, games = _reported(players=2)
    client.force_login(owner)
    response = client.post(
        reverse("event-games-confirm", args=[event.slug]), {"game": [f"{games[0].pk}:{games[0].version}", value]}
    )
    assert response.status_code == 400
    assert SeriesGame.objects.get(pk=games[0].pk).status == "reported"


def test_the_list_costs_the_same_queries_for_a_large_round_as_for_a_small_one(client):
    def count(players):
        event, owner, _ = _reported(players)
        client.force_login(owner)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(matches_url(event, "confirmation")).status_code == 200
        return len(queries)

    assert count(4) == count(12)


# --- the API ---------------------------------------------------------------------------------


def test_the_api_lists_and_bulk_confirms_with_refusals(client):
    event, owner, games = _reported()
    _other, _, other_games = _reported(players=2)
    client.force_login(owner)
    listed = client.get(reverse("api-open-matches", args=[event.slug]) + "?needs=confirmation").json()
    assert sorted(row["games"][0]["id"] for row in listed) == sorted(game.pk for game in games)
    body = {"games": [{"id": games[0].pk, "version": games[0].version}, {"id": games[1].pk, "version": 0},
                      {"id": other_games[0].pk, "version": other_games[0].version}]}  # fmt: skip
    answer = client.post(reverse("api-confirm-reported", args=[event.slug]), body, content_type="application/json")
    assert answer.status_code == 200
    data = answer.json()
    assert [row["id"] for row in data["confirmed"]] == [games[0].pk]
    assert {row["id"] for row in data["refused"]} == {games[1].pk, other_games[0].pk}
    assert SeriesGame.objects.get(pk=other_games[0].pk).status == "reported"


@pytest.mark.parametrize(("who", "status"), [("player", 403), ("anonymous", 401)])
def test_the_api_refuses_players_and_anonymous_callers(client, who, status):
    event, _, games = _reported(players=2)
    if who == "player":
        client.force_login(games[0].match.seats.get(seat=1).participant.user)
    body = {"games": [{"id": games[0].pk, "version": games[0].version}]}
    url = reverse("api-confirm-reported", args=[event.slug])
    assert client.post(url, body, content_type="application/json").status_code == status
    assert client.get(reverse("api-open-matches", args=[event.slug])).status_code == status
    assert SeriesGame.objects.get(pk=games[0].pk).status == "reported"
