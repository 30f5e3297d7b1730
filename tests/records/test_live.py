"""Live games: a person plays move by move against an AI seat; the end becomes a record."""

import random

import pytest
from django.urls import reverse

from games.live import LiveMoveRefused, live_create, live_play, live_view
from games.models import GameRecord, LiveGame
from tests.tournament.factories import make_event, make_user
from tournament.models import Match, SeriesGame
from tournament.services.logs import game_play_online
from tournament.services.rounds import round_publish

pytestmark = pytest.mark.django_db


def play_out(live, user, on_commit, seed=0):
    """The person plays random legal moves whenever it is their turn; the AI answers in-process
    once each move commits."""
    rng = random.Random(seed)
    for _ in range(500):
        live.refresh_from_db()
        state = live_view(live, user)
        if live.status == LiveGame.Status.FINISHED:
            return live
        assert state.my_turn, f"waiting for {state.waiting_for}"
        with on_commit(execute=True):
            live_play(live_id=live.pk, seat=state.seat, text=rng.choice(state.moves), expected_version=live.version)
    raise AssertionError("the game did not end")


def carnac_against_ai(user, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return live_create(
            game="carnac",
            seats=[{"name": "Human", "player": f"user:{user.pk}"}, {"name": "Bot", "player": "ai:carnac/random"}],
            options={"board": "small"},
            seed=5,
        )


def test_a_person_plays_a_whole_game_against_an_ai_and_it_becomes_a_valid_record(django_capture_on_commit_callbacks):
    user = make_user()
    live = carnac_against_ai(user, django_capture_on_commit_callbacks)
    live = play_out(live, user, django_capture_on_commit_callbacks)
    assert live.record is not None
    record = GameRecord.objects.get(pk=live.record_id)
    assert record.status == GameRecord.Status.VALID and record.finished
    assert record.log["moves"] == live.moves


def test_moves_out_of_turn_illegal_or_stale_are_refused_with_a_reason(django_capture_on_commit_callbacks):
    user = make_user()
    live = carnac_against_ai(user, django_capture_on_commit_callbacks)
    with pytest.raises(LiveMoveRefused, match="not your turn"):
        live_play(live_id=live.pk, seat=1, text="a1wn")
    with pytest.raises(LiveMoveRefused):
        live_play(live_id=live.pk, seat=0, text="zz99")
    with pytest.raises(LiveMoveRefused, match="moved on"):
        live_play(live_id=live.pk, seat=0, text=live_view(live, user).moves[0], expected_version=7)
    live.refresh_from_db()
    assert live.version == 0 and live.moves == []


def test_a_match_against_an_ai_entrant_is_played_online_and_confirms_itself(django_capture_on_commit_callbacks):
    event, owner, participants = make_event(game="carnac", players=1, ai=1)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    person = next(p for p in participants if not p.is_ai).user
    with django_capture_on_commit_callbacks(execute=True):
        live = game_play_online(game=game, by=person)
    assert game_play_online(game=game, by=person).pk == live.pk  # asking again
    play_out(live, person, django_capture_on_commit_callbacks)
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.CONFIRMED and game.record is not None
    assert Match.objects.get(pk=match.pk).status == Match.Status.COMPLETED


def test_the_live_page_lets_only_the_seated_person_move(client, django_capture_on_commit_callbacks):
    user = make_user()
    live = carnac_against_ai(user, django_capture_on_commit_callbacks)
    client.force_login(user)
    page = client.get(live.get_absolute_url()).content.decode()
    assert "Your move." in page and "<svg" in page
    move = live_view(live, user).moves[0]
    with django_capture_on_commit_callbacks(execute=True):
        client.post(live.get_absolute_url(), {"move": move, "version": 0})
    live.refresh_from_db()
    assert live.moves[0] == move and live.version >= 2  # the AI has answered
    assert live_view(live, user).my_turn
    client.force_login(make_user())
    assert client.post(live.get_absolute_url(), {"move": move}).status_code == 403
    assert "Your move." not in client.get(live.get_absolute_url()).content.decode()


def test_a_hidden_information_live_game_shows_a_person_only_their_seat(client, django_capture_on_commit_callbacks):
    user = make_user()
    with django_capture_on_commit_callbacks(execute=True):
        live = live_create(
            game="brouillard",
            seats=[{"name": "Human", "player": f"user:{user.pk}"}, {"name": "Bot", "player": "ai:brouillard/beginner"}],
            seed=1,
        )
    state = live_view(live, user)
    assert state.view["seat"] == 0
    client.force_login(user)
    html = client.get(reverse("live-game", args=[live.public_id])).content.decode()
    assert "Your move." in html


def test_two_people_play_brouillard_online_with_brume_as_referee(django_capture_on_commit_callbacks):
    event, owner, _participants = make_event(game="brouillard", players=2)
    match = round_publish(stage=event.stages.get(), by=owner).matches.get()
    game = match.games.get()
    first, second = (match.seats.get(seat=i).participant.user for i in (0, 1))
    with django_capture_on_commit_callbacks(execute=True):
        live = game_play_online(game=game, by=first)
    assert game_play_online(game=game, by=second).pk == live.pk  # the opponent joins the same game
    rng = random.Random(2)
    for _ in range(400):
        live.refresh_from_db()
        if live.status == LiveGame.Status.FINISHED:
            break
        mover = next(user for user in (first, second) if live_view(live, user).my_turn)
        other = second if mover == first else first
        assert live_view(live, other).moves == []  # only the seat to move is offered moves
        with django_capture_on_commit_callbacks(execute=True):
            live_play(live_id=live.pk, seat=live_view(live, mover).seat, text=rng.choice(live_view(live, mover).moves))
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.CONFIRMED and game.record.status == GameRecord.Status.VALID


def fog_with_hourglass(user, on_commit, seconds=30):
    with on_commit(execute=True):
        return live_create(
            game="fog",
            seats=[{"name": "Human", "player": f"user:{user.pk}"}, {"name": "Bot", "player": "ai:fog/greedy"}],
            options={"hourglass_seconds": seconds},
            seed=8,
        )


def reach_phase_two_turn(live, user, on_commit):
    """Play the draft (random picks) until it is the person's turn to move islanders."""
    rng = random.Random(1)
    for _ in range(200):
        live.refresh_from_db()
        state = live_view(live, user)
        if state.my_turn and "end" in state.moves:
            return live
        with on_commit(execute=True):
            live_play(live_id=live.pk, seat=state.seat, text=rng.choice(state.moves), expected_version=live.version)
    raise AssertionError("no phase-2 turn reached")


def test_the_fog_hourglass_ends_a_turn_that_runs_out_of_time(client, django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    from games.live import live_enforce_clock

    user = make_user()
    live = reach_phase_two_turn(
        fog_with_hourglass(user, django_capture_on_commit_callbacks), user, django_capture_on_commit_callbacks
    )
    assert live_enforce_clock(live_id=live.pk) is None  # time is left: nothing happens
    assert 0 < live_view(live, user).seconds_left <= 30
    LiveGame.objects.filter(pk=live.pk).update(turn_started_at=timezone.now() - timedelta(seconds=31))
    version = live.version
    with django_capture_on_commit_callbacks(execute=True):
        ended = live_enforce_clock(live_id=live.pk)
    assert ended is not None and ended.moves[version] == "end"  # the hourglass ran out: the turn ends
    assert ended.status == LiveGame.Status.PLAYING
    client.force_login(user)
    assert "left on this turn's hourglass" in client.get(live.get_absolute_url()).content.decode()


def test_a_stale_clock_task_leaves_a_newer_turn_alone(django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    from games.live import live_enforce_clock

    user = make_user()
    live = reach_phase_two_turn(
        fog_with_hourglass(user, django_capture_on_commit_callbacks), user, django_capture_on_commit_callbacks
    )
    LiveGame.objects.filter(pk=live.pk).update(turn_started_at=timezone.now() - timedelta(seconds=31))
    assert live_enforce_clock(live_id=live.pk, turn_version=live.turn_version - 1) is None
    assert LiveGame.objects.get(pk=live.pk).version == live.version


def test_games_without_a_clock_never_time_out(django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    from games.live import live_enforce_clock

    user = make_user()
    live = carnac_against_ai(user, django_capture_on_commit_callbacks)
    LiveGame.objects.filter(pk=live.pk).update(turn_started_at=timezone.now() - timedelta(days=1))
    assert live_enforce_clock(live_id=live.pk) is None
    assert live_view(live, user).seconds_left is None


def test_the_api_plays_a_live_game_from_the_callers_seat(client, django_capture_on_commit_callbacks):
    import json

    user = make_user()
    live = carnac_against_ai(user, django_capture_on_commit_callbacks)
    url = reverse("api-live-game", args=[live.public_id])
    assert client.get(url).json()["seat"] is None  # a stranger is a spectator
    client.force_login(user)
    state = client.get(url).json()
    assert state["my_turn"] and state["seat"] == 0 and state["legal_moves"]
    move = state["legal_moves"][0]
    with django_capture_on_commit_callbacks(execute=True):
        played = client.post(
            reverse("api-live-move", args=[live.public_id]),
            json.dumps({"move": move, "version": 0}),
            content_type="application/json",
        )
    assert played.status_code == 200 and played.json()["version"] >= 1
    stale = client.post(
        reverse("api-live-move", args=[live.public_id]),
        json.dumps({"move": move, "version": 0}),
        content_type="application/json",
    )
    assert stale.status_code == 409 and "moved on" in stale.json()["detail"]
    client.force_login(make_user())
    assert (
        client.post(
            reverse("api-live-move", args=[live.public_id]), json.dumps({"move": move}), content_type="application/json"
        ).status_code
        == 403
    )
