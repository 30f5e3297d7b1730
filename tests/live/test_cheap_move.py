"""A live move is cheap: the row read once, no replay when the process keeps the game's state,
no AI or clock work in the request, and a repeated or late POST plays nothing twice."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import live_states
from games.engines import get_engine
from games.live import live_create, live_view
from games.models import LiveGame
from tests.live.conftest import carnac_between
from tests.tournament.factories import make_user

MOVE_POST_QUERIES = 4  # session, user, the game, the update (no transaction: the update is its own)


def legal(live, user):
    return live_view(live, user).moves


def api_move(client, live, move, version, key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    url = reverse("api-live-move", args=[live.public_id])
    return client.post(url, json.dumps({"move": move, "version": version}), content_type="application/json", **headers)


def game_reads(queries) -> int:
    return sum(1 for q in queries if q["sql"].startswith("SELECT") and '"games_livegame"' in q["sql"].split("FROM")[1])


@pytest.fixture(autouse=True)
def _fresh_states():
    live_states.forget_all()
    yield
    live_states.forget_all()


@pytest.mark.django_db
def test_the_api_move_reads_the_game_once_in_few_queries(client, people):
    live = carnac_between(people)
    client.force_login(people[0])
    move = legal(live, people[0])[0]
    client.get(reverse("api-live-game", args=[live.public_id]))  # the first request of a user makes its profile
    with CaptureQueriesContext(connection) as queries:
        answer = api_move(client, live, move, 0)
    assert answer.status_code == 200, answer.content
    assert game_reads(queries.captured_queries) == 1, "\n".join(q["sql"][:140] for q in queries.captured_queries)
    assert len(queries.captured_queries) <= MOVE_POST_QUERIES, "\n".join(
        q["sql"][:140] for q in queries.captured_queries
    )
    assert not any("tournament_" in q["sql"] for q in queries.captured_queries)  # no visibility query


@pytest.mark.django_db
def test_the_page_move_reads_the_game_once(client, people):
    live = carnac_between(people)
    client.force_login(people[0])
    move = legal(live, people[0])[0]
    client.get(reverse("api-live-game", args=[live.public_id]))
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(live.get_absolute_url(), {"move": move, "version": 0}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert game_reads(queries.captured_queries) == 1, "\n".join(q["sql"][:140] for q in queries.captured_queries)
    assert LiveGame.objects.get(pk=live.pk).version == 1


@pytest.mark.django_db
def test_a_move_on_a_kept_state_replays_nothing(client, people, monkeypatch):
    live = carnac_between(people)
    client.force_login(people[0])
    first = legal(live, people[0])[0]
    assert api_move(client, live, first, 0).status_code == 200
    live.refresh_from_db()
    seat = live_view(live, people[0]).seat if live_view(live, people[0]).my_turn else 1
    mover = people[seat]
    moves = legal(live, mover)
    engine = get_engine("carnac")

    def no_replay(*args, **kwargs):
        raise AssertionError("the game was replayed on the hot path")

    monkeypatch.setattr(engine, "setup", no_replay)
    monkeypatch.setattr(engine, "play_text", no_replay)
    monkeypatch.setattr("games.live_history.replay_views", no_replay)
    client.force_login(mover)
    answer = api_move(client, live, moves[0], live.version)
    assert answer.status_code == 200, answer.content
    assert [line["ply"] for line in answer.json()["history"]] == [1, 2]


@pytest.mark.django_db
def test_a_repeated_post_with_an_idempotency_key_plays_once(client, people):
    live = carnac_between(people)
    client.force_login(people[0])
    move = legal(live, people[0])[0]
    first = api_move(client, live, move, 0, key="k-1")
    again = api_move(client, live, move, 0, key="k-1")
    assert first.status_code == again.status_code == 200
    assert again["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first
    assert again.json() == first.json()
    live.refresh_from_db()
    assert live.version == 1 and len(live.moves) == 1


@pytest.mark.django_db
def test_a_repeated_or_late_post_answers_409_and_changes_nothing(client, people):
    live = carnac_between(people)
    client.force_login(people[0])
    move = legal(live, people[0])[0]
    assert api_move(client, live, move, 0).status_code == 200
    before = LiveGame.objects.values().get(pk=live.pk)
    for version in (0, 7):  # the same POST again (no key), and a version the game never had
        answer = api_move(client, live, move, version)
        assert answer.status_code == 409
        assert answer.json()["error"] == "refused" and "moved on" in answer.json()["detail"]
    assert LiveGame.objects.values().get(pk=live.pk) == before


@pytest.mark.django_db
def test_a_seated_player_of_a_private_event_moves_and_a_stranger_gets_404(client):
    from tests.records.test_visibility import Duel
    from tournament.models import Event

    duel = Duel(Event.Visibility.PRIVATE)
    live = LiveGame.objects.get(pk=duel.live.pk)
    mover = duel.first if live_view(live, duel.first).my_turn else duel.second
    client.force_login(mover)
    assert api_move(client, live, legal(live, mover)[0], 0).status_code == 200
    client.force_login(make_user())
    assert api_move(client, live, "a1", 1).status_code == 404


@pytest.mark.django_db
def test_a_seated_players_read_of_a_private_game_asks_no_visibility_query_and_a_strangers_is_404(client):
    from tests.records.test_visibility import Duel
    from tournament.models import Event

    duel = Duel(Event.Visibility.PRIVATE)
    url = reverse("api-live-game", args=[duel.live.public_id])
    client.force_login(duel.first)
    client.get(url)  # the session learns the profile's language
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    assert not any("tournament_" in q["sql"] for q in queries.captured_queries)
    assert game_reads(queries.captured_queries) == 1
    client.force_login(make_user())
    assert client.get(url).status_code == 404
    client.logout()
    assert client.get(url).status_code == 404
    stream = reverse("live-game-events", args=[duel.live.public_id])
    assert client.get(stream).status_code == 404


@pytest.mark.django_db
def test_the_ai_answer_is_a_task_sent_after_commit_not_work_of_the_request(
    client, monkeypatch, django_capture_on_commit_callbacks
):
    user = make_user()
    live = live_create(
        game="carnac",
        seats=[{"name": "Me", "player": f"user:{user.pk}"}, {"name": "AI", "player": "ai:carnac/random"}],
        options={"board": "small"},
        seed=3,
    )
    sent = []
    monkeypatch.setattr("games.tasks.publish", lambda task, *args, **kw: sent.append((task.name, args)) or True)

    def no_ai(**kwargs):
        raise AssertionError("the AI played in the request")

    monkeypatch.setattr("games.live.live_ai_move", no_ai)
    client.force_login(user)
    with django_capture_on_commit_callbacks(execute=True):
        answer = api_move(client, live, legal(live, user)[0], 0)
    assert answer.status_code == 200
    assert sorted(name for name, _ in sent) == ["games.live_after_move", "games.play_live_ai_move"]
    assert {args[:2] for _, args in sent} == {(live.pk, 1)}
    assert LiveGame.objects.get(pk=live.pk).version == 1  # the AI's move waits for its worker


def _check_cache_matches_replay(game: str, options: dict, picks: list[int]) -> None:
    engine = get_engine(game)
    start = engine.setup(options, seats=2, seed=11)
    layout = engine.layout(start)

    def fresh():
        return engine.setup(options, seats=2, layout=layout)

    live_states.forget_all()
    state, moves = fresh(), []
    for pick in picks:
        if engine.to_move(state) is None:
            break
        legal_moves = engine.legal_moves(state)
        moves.append(engine.move_to_text(state, legal_moves[pick % len(legal_moves)]))
        state = live_states.replayed("prop", moves, fresh, engine.play_text)  # one move on the kept state
        replayed = fresh()
        for text in moves:
            replayed = engine.play_text(replayed, text)
        for seat in (None, 0, 1):
            assert engine.observe(state, seat) == engine.observe(replayed, seat)
        assert engine.to_move(state) == engine.to_move(replayed)
        assert engine.outcome(state) == engine.outcome(replayed)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30))
def test_the_kept_carnac_state_is_the_fresh_replay(picks):
    _check_cache_matches_replay("carnac", {"board": "small"}, picks)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30))
def test_the_kept_brouillard_state_is_the_fresh_replay(picks):
    _check_cache_matches_replay("brouillard", {}, picks)
