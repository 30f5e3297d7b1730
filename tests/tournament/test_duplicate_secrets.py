"""A seed from which a hidden layout can be rebuilt stays on the server: a duplicate round's
shared setup is drawn from a fresh secret, shown nowhere (API, pages, explanations, exports)
until the round is over; an online series game's layout comes from a secret never stored."""

import dataclasses
import importlib

import pytest
from rest_framework.test import APIClient

from games.ai import RandomPlayer
from games.ai.match import play_game
from games.engines import get_engine
from games.gamelog import Seat
from tournament.errors import ServiceError
from tournament.models import Event, Match, Round, SeriesGame
from tournament.services.logs import game_attach_log, game_play_online
from tournament.services.results import game_decide
from tournament.services.rounds import round_preview, round_publish

from .factories import make_event

CHALLENGE = {"format": "score_challenge"}


def shown_everywhere(event, round_, viewer=None) -> str:
    """Everything a viewer can read about a round: the API's round and matches, the pages,
    the exports."""
    api = APIClient()
    if viewer is not None:
        api.force_authenticate(viewer)
    stage = round_.stage
    base = f"/api/v1/events/{event.slug}/"
    urls = [
        f"{base}",
        f"{base}stages/{stage.number}/rounds/",
        f"{base}stages/{stage.number}/rounds/{round_.number}/",
        f"{base}stages/{stage.number}/rounds/{round_.number}/pairings.csv",
        f"{base}results.csv",
        f"{base}stages/{stage.number}/standings.csv",
        f"/events/{event.slug}/",
        f"/events/{event.slug}/stages/{stage.number}/rounds/{round_.number}/",
    ]
    for match in round_.matches.all():
        urls += [f"{base}matches/{match.pk}/", match.get_absolute_url()]
    texts = []
    for url in urls:
        response = api.get(url)
        assert response.status_code == 200, url
        texts.append(response.content.decode())
    return "\n".join(texts)


def test_the_same_event_seed_does_not_give_the_same_duplicate_setup():
    first, owner_a, _ = make_event(players=2, stage=CHALLENGE)
    second, owner_b, _ = make_event(players=2, stage=CHALLENGE)
    Event.objects.filter(pk=second.pk).update(seed=first.seed)
    setup_a = round_publish(stage=first.stages.get(), by=owner_a).matches.first().setup_seed
    setup_b = round_publish(stage=second.stages.get(), by=owner_b).matches.first().setup_seed
    assert None not in (setup_a, setup_b) and setup_a != setup_b


def test_a_running_duplicate_round_shows_neither_its_setup_seed_nor_the_event_seed():
    event, owner, participants = make_event(players=3, stage=CHALLENGE)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    secret = round_.matches.first().setup_seed
    for viewer in (None, participants[0].user, owner):
        shown = shown_everywhere(event, round_, viewer)
        assert str(secret) not in shown
        assert str(event.seed) not in shown
    assert "drawn in secret" in str(round_.explanation)


def test_the_round_preview_tells_no_setup_seed():
    event, owner, _ = make_event(players=3, stage=CHALLENGE)
    preview = round_preview(stage=event.stages.get(), by=owner)
    assert {pairing.setup_seed for pairing in preview.pairings} == {None}
    assert str(event.seed) not in str(preview.to_json())


def test_the_setup_seed_is_shown_once_the_round_is_over():
    event, owner, _ = make_event(players=2, stage=CHALLENGE)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    api = APIClient()
    match = round_.matches.first()
    assert api.get(f"/api/v1/events/{event.slug}/matches/{match.pk}/").json()["setup_seed"] is None
    for game in SeriesGame.objects.filter(match__round=round_):
        game_decide(game=game, by=owner, ranks=[1], scores=[3], reason="played at the club")
    assert Round.objects.get(pk=round_.pk).status == Round.Status.CLOSED
    assert api.get(f"/api/v1/events/{event.slug}/matches/{match.pk}/").json()["setup_seed"] == match.setup_seed


def test_an_online_series_game_is_not_dealt_from_the_event_seed():
    event, owner, _ = make_event(game="menhirs", players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    live = game_play_online(game=game, by=match.seats.first().participant.user)
    engine = get_engine("menhirs")
    options = engine.normalize_options(event.options)
    derivable = engine.layout(engine.setup(options, seats=2, seed=event.seed ^ (game.pk * 7919)))
    assert live.layout is not None and live.layout != derivable


def test_an_online_game_of_a_duplicate_round_plays_the_rounds_shared_setup():
    event, owner, _ = make_event(game="mists", players=2, stage=CHALLENGE)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    layouts = []
    for match in round_.matches.all():
        live = game_play_online(game=match.games.get(), by=match.seats.get().participant.user)
        layouts.append(live.layout)
    engine = get_engine("mists")
    shared = engine.layout(engine.setup(engine.normalize_options(event.options), seats=1, seed=match.setup_seed))
    assert layouts == [shared, shared]


def mists_log(user, layout_seed):
    played = play_game(get_engine("mists"), [RandomPlayer()], seed=5, layout_seed=layout_seed, max_plies=400)
    return dataclasses.replace(played.log, seats=(Seat(user.username, f"user:{user.pk}"),))


def test_a_log_of_a_duplicate_round_must_use_the_rounds_shared_setup():
    event, owner, _ = make_event(game="mists", players=2, stage=CHALLENGE)
    match = round_publish(stage=event.stages.get(), by=owner).matches.first()
    game, player = match.games.get(), match.seats.get().participant.user
    with pytest.raises(ServiceError, match="the log's setup is not this round's"):
        game_attach_log(game=game, by=owner, data=mists_log(player, match.setup_seed + 1))
    game = game_attach_log(game=game, by=owner, data=mists_log(player, match.setup_seed))
    assert game.record_id is not None


def test_old_explanations_that_told_the_setup_seed_are_scrubbed():
    event, owner, _ = make_event(players=2, stage=CHALLENGE)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    leak = f"every table plays the setup of seed 123456789 (stage seed {event.seed}, round 1)"
    explanation = {**round_.explanation, "seed": event.seed, "notes": [leak]}
    explanation["pairings"] = [
        {**item, "setup_seed": 123456789, "explanation": {**item["explanation"], "seat_reason": leak}}
        for item in explanation["pairings"]
    ]
    Round.objects.filter(pk=round_.pk).update(explanation=explanation)
    Match.objects.filter(round=round_).update(explanation={"summary": "x", "seat_reason": leak})
    from django.apps import apps

    importlib.import_module("tournament.migrations.0008_hide_duplicate_setup_seeds").scrub(apps, None)
    round_.refresh_from_db()
    stored = str(round_.explanation) + str([m.explanation for m in round_.matches.all()])
    assert "123456789" not in stored and str(event.seed) not in stored


def test_another_tables_game_of_a_running_duplicate_round_stays_hidden_until_the_round_closes(client):
    """Every table plays the same hidden tile order: a finished table's record, or the spectator
    view of its online game, would show the others what is still to come."""
    event, owner, _ = make_event(game="mists", players=2, stage=CHALLENGE)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    one, other = round_.matches.order_by("table")
    player = one.seats.get().participant.user
    rival = other.seats.get().participant.user
    live = game_play_online(game=one.games.get(), by=player)
    game = game_attach_log(game=one.games.get(), by=owner, data=mists_log(player, one.setup_seed))
    urls = [live.get_absolute_url(), f"/api/v1/live/{live.public_id}/", game.record.get_absolute_url()]
    for viewer, status in ((rival, 404), (None, 404), (player, 200), (owner, 200)):
        client.logout()
        if viewer is not None:
            client.force_login(viewer)
        assert [client.get(url).status_code for url in urls] == [status] * 3, viewer
    for series_game in SeriesGame.objects.filter(match__round=round_):
        game_decide(game=series_game, by=owner, ranks=[1], scores=[3], reason="played at the club")
    client.force_login(rival)
    assert [client.get(url).status_code for url in urls] == [200] * 3


def test_play_online_on_another_tables_game_is_refused_before_its_live_game_is_named(client):
    """Issue 33: a player not seated at a table who pressed "Play online" on its game was sent to
    that table's live game (its id in Location) before the seat was checked."""
    from django.urls import reverse

    event, owner, _ = make_event(game="mists", players=2, stage=CHALLENGE)
    round_ = round_publish(stage=event.stages.get(), by=owner)
    one, other = round_.matches.order_by("table")
    player = one.seats.get().participant.user
    rival = other.seats.get().participant.user
    game = one.games.get()
    url = reverse("game-action", args=[event.slug, game.pk])
    client.force_login(rival)

    def refusal():
        response = client.post(url, {"action": "play_online"})
        return response.status_code, response.get("Location"), response.content.decode()

    before = refusal()  # no live game yet: the plain refusal of someone not seated there
    assert before[0] == 403 and before[1] is None
    live = game_play_online(game=game, by=player)
    after = refusal()
    assert after == before
    assert live.public_id not in str(after) and str(live.pk) not in (after[1] or "")
    assert SeriesGame.objects.get(pk=game.pk).live_id == live.pk  # nothing changed for the table
    client.force_login(player)
    assert client.post(url, {"action": "play_online"})["Location"] == live.get_absolute_url()
