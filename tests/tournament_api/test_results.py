"""Result reports through the API: report, confirm, dispute and decide on the ledger, with
optimistic concurrency (the ETag of a game is its version; If-Match guards a write)."""

from __future__ import annotations

import pytest

from tests.tournament.factories import make_event
from tournament.models import Match, ResultEntry, SeriesGame
from tournament.services.rounds import round_publish

from .world import World


def as_(api, world: World, actor: str):
    api.force_login(world.users[actor])
    return api


def act(api, world: World, action: str, body=None, **headers):
    return api.post(world.game_url(f"api-series-game-{action}"), body or {}, format="json", **headers)


def etag(world: World, version: int) -> str:
    return f'"game-{world.game.pk}-v{version}"'


def test_a_reported_game_confirmed_by_the_opponent_completes_the_match(api, world):
    player = world.participant("player")
    reported = act(as_(api, world, "player"), world, "report", {"winner": player.pk, "scores": [3, 0]})
    assert reported.status_code == 200
    assert reported.json()["status"] == "reported" and reported.json()["reported_by"]["id"] == player.pk
    confirmed = act(as_(api, world, "opponent"), world, "confirm")
    assert confirmed.status_code == 200
    body = confirmed.json()
    assert body["status"] == "confirmed" and body["version"] == 2
    assert [(e["version"], e["action"], e["author"]) for e in body["ledger"]] == [
        (1, "report", world.users["player"].username),
        (2, "confirm", world.users["opponent"].username),
    ]
    match = api.get(world.event_url("api-match-detail", match_id=world.match.pk)).json()
    assert match["status"] == "completed"
    assert [seat["match_points"] for seat in match["seats"]] == ["1.00", "0.00"]


def test_a_result_is_given_as_ranks_a_winner_or_a_draw(api, world):
    as_(api, world, "player")
    assert act(api, world, "report", {"ranks": [2, 1]}).json()["ranks"] == [2, 1]
    assert act(api, world, "report", {"draw": True}).json()["ranks"] == [1, 1]
    opponent = world.participant("opponent")
    assert act(api, world, "report", {"winner": opponent.pk}).json()["ranks"] == [2, 1]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({}, "exactly one of ranks, winner or draw"),
        ({"ranks": [1, 2], "draw": True}, "exactly one of ranks, winner or draw"),
        ({"ranks": [1, 3]}, "are not a ranking"),
        ({"ranks": [1, 2, 3]}, "one rank per player (2)"),
        ({"winner": 999999}, "the winner must be one of the players"),
        ({"ranks": [1, 2], "scores": [1]}, "one score per player"),
    ],
)
def test_a_malformed_result_is_refused_with_the_reason(api, world, body, words):
    response = act(as_(api, world, "player"), world, "report", body)
    assert response.status_code == 400
    assert words in response.json()["detail"]
    assert world.game.version == 0


def test_different_reports_open_a_dispute_that_an_organiser_rules_on(api, world):
    act(as_(api, world, "player"), world, "report", {"ranks": [1, 2]})
    disputed = act(as_(api, world, "opponent"), world, "report", {"ranks": [2, 1]})
    assert disputed.json()["status"] == "disputed"
    no_reason = act(as_(api, world, "arbiter"), world, "decide", {"ranks": [1, 2], "reason": ""})
    assert no_reason.status_code == 400 and "reason" in no_reason.json()["fields"]
    ruled = act(api, world, "decide", {"ranks": [1, 2], "reason": "the arbiter watched the game"})
    assert ruled.status_code == 200
    last = ruled.json()["ledger"][-1]
    assert (last["action"], last["role"], last["reason"]) == ("rule", "organiser", "the arbiter watched the game")
    assert ruled.json()["status"] == "confirmed"


def test_the_opponent_disputes_with_a_reason(api, world):
    act(as_(api, world, "opponent"), world, "report", {"ranks": [2, 1]})
    as_(api, world, "player")
    assert act(api, world, "dispute", {"reason": "  "}).status_code == 400
    disputed = act(api, world, "dispute", {"reason": "I never resigned"})
    assert disputed.status_code == 200 and disputed.json()["status"] == "disputed"
    assert disputed.json()["ledger"][-1]["reason"] == "I never resigned"
    again = act(api, world, "report", {"ranks": [1, 2]})
    assert (
        again.status_code == 400 and again.json()["detail"] == "this result is disputed: an organiser will rule on it"
    )


def test_nothing_to_confirm_before_a_report(api, world):
    response = act(as_(api, world, "opponent"), world, "confirm")
    assert response.status_code == 400
    assert "there is no reported result to confirm" in response.json()["detail"]


def test_an_organiser_corrects_a_confirmed_result_and_the_ledger_keeps_both(api, world):
    act(as_(api, world, "player"), world, "report", {"ranks": [1, 2]})
    act(as_(api, world, "opponent"), world, "confirm")
    corrected = act(as_(api, world, "owner"), world, "decide", {"ranks": [2, 1], "reason": "scoresheet was swapped"})
    ledger = corrected.json()["ledger"]
    assert [e["action"] for e in ledger] == ["report", "confirm", "correct"]
    assert [e["ranks"] for e in ledger] == [[1, 2], [1, 2], [2, 1]]
    assert ResultEntry.objects.filter(game=world.game).count() == 3


# Optimistic concurrency


def test_reading_a_game_gives_its_etag(api, world):
    response = api.get(world.game_url())
    assert response.status_code == 200 and response["ETag"] == etag(world, 0)
    assert response.json()["version"] == 0


def test_a_write_with_the_current_etag_goes_through_and_returns_the_next(api, world):
    response = act(as_(api, world, "player"), world, "report", {"ranks": [1, 2]}, HTTP_IF_MATCH=etag(world, 0))
    assert response.status_code == 200 and response["ETag"] == etag(world, 1)


def test_a_write_with_a_stale_etag_is_refused_with_the_current_version(api, world):
    act(as_(api, world, "player"), world, "report", {"ranks": [1, 2]})
    stale = act(as_(api, world, "opponent"), world, "confirm", HTTP_IF_MATCH=etag(world, 0))
    assert stale.status_code == 412
    assert stale.json()["error"] == "stale" and stale.json()["current_version"] == 1
    assert stale["ETag"] == etag(world, 1)
    assert world.game.status == SeriesGame.Status.REPORTED  # nothing was written
    assert act(api, world, "confirm", HTTP_IF_MATCH=stale["ETag"]).status_code == 200


def test_two_clients_that_read_the_same_version_cannot_both_write(api, world):
    """An organiser and a player both act on version 1: the second one learns it is late."""
    act(as_(api, world, "player"), world, "report", {"ranks": [1, 2]})
    read = api.get(world.game_url())["ETag"]
    ruled = act(as_(api, world, "owner"), world, "decide", {"ranks": [2, 1], "reason": "seen"}, HTTP_IF_MATCH=read)
    assert ruled.status_code == 200
    late = act(as_(api, world, "opponent"), world, "confirm", HTTP_IF_MATCH=read)
    assert late.status_code == 412 and late.json()["current_version"] == 2
    assert world.game.ranks == [2, 1]


def test_writes_without_if_match_still_work(api, world):
    act(as_(api, world, "player"), world, "report", {"ranks": [1, 2]})
    assert act(as_(api, world, "opponent"), world, "confirm").status_code == 200


@pytest.mark.parametrize(
    ("header", "status"),
    [
        ("*", 200),
        ('W/"game-{id}-v0"', 200),  # proxies weaken ETags; the tag names a version, not bytes
        ('"game-{id}-v7", "game-{id}-v0"', 200),  # any listed tag may match
        ('"game-{other}-v0"', 412),  # a tag of another game never matches
        ("garbage", 412),
    ],
)
def test_if_match_forms(api, world, header, status):
    other = world.other_match.games.get().pk
    header = header.format(id=world.game.pk, other=other)
    response = act(as_(api, world, "player"), world, "report", {"ranks": [1, 2]}, HTTP_IF_MATCH=header)
    assert response.status_code == status


def test_if_none_match_answers_304_while_the_copy_is_current(api, world):
    current = api.get(world.game_url())["ETag"]
    assert api.get(world.game_url(), HTTP_IF_NONE_MATCH=current).status_code == 304
    act(as_(api, world, "player"), world, "report", {"ranks": [1, 2]})
    assert api.get(world.game_url(), HTTP_IF_NONE_MATCH=current).status_code == 200


# Series and lookups


def test_a_best_of_three_opens_the_next_game_with_the_other_player_first(api):
    event, owner, _ = make_event(players=2, stage={"series_length": 3})
    match = round_publish(stage=event.stages.get(), by=owner, number=1).matches.get()
    first, second = (seat.participant for seat in match.seats.order_by("seat"))
    base = f"/api/v1/events/{event.slug}/matches/{match.pk}/games"
    api.force_login(first.user)
    api.post(f"{base}/1/report/", {"winner": first.pk}, format="json")
    api.force_login(second.user)
    api.post(f"{base}/1/confirm/", format="json")
    game_two = api.get(f"{base}/2/")
    assert game_two.status_code == 200
    assert [p["id"] for p in game_two.json()["players"]] == [second.pk, first.pk]
    assert api.get(f"/api/v1/events/{event.slug}/matches/{match.pk}/").json()["status"] == "pending"
    assert api.get(f"{base}/3/").status_code == 404


def test_a_match_of_another_event_is_not_found_here(api, world):
    event, owner, _ = make_event(players=2)
    elsewhere = round_publish(stage=event.stages.get(), by=owner, number=1).matches.get()
    response = api.get(world.event_url("api-match-detail", match_id=elsewhere.pk))
    assert response.status_code == 404


def test_a_bye_has_no_game_to_report(api):
    event, owner, _ = make_event(players=3)
    bye = round_publish(stage=event.stages.get(), by=owner, number=1).matches.get(is_bye=True)
    api.force_login(bye.seats.get().participant.user)
    assert api.get(f"/api/v1/events/{event.slug}/matches/{bye.pk}/games/1/").status_code == 404
    assert Match.objects.get(pk=bye.pk).status == Match.Status.COMPLETED


def test_my_tasks_say_what_each_match_expects(api, world):
    act(as_(api, world, "player"), world, "report", {"ranks": [1, 2]})
    tasks = as_(api, world, "opponent").get("/api/v1/me/tasks/").json()
    assert tasks == [
        {
            "event": world.event.slug,
            "match": world.match.pk,
            "round": 1,
            "game": 1,
            "text": "confirm or dispute the reported result of game 1",
            "needs_me": True,
        }
    ]
