"""What keeps a live move's web CPU low (issue 30) changes nothing a player sees: the row and the
token read with kept SQL are the ORM's, the move list of an answer is the full replay's, a move
that ends the game still writes everything or nothing, and few queries are made."""

from __future__ import annotations

import json
import random
import threading

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext
from django.urls import get_resolver, reverse
from django.urls.resolvers import URLResolver

from accounts.models import ApiToken
from accounts.tokens import token_for
from config.kept_queries import KeptQuery
from games import live_states
from games.engines import get_engine
from games.live import live_create, live_play, live_state, live_view
from games.live_history import move_lines
from games.models import LiveGame
from games.selectors import live_game_for_seat
from tests.live.conftest import age_turn, carnac_between


@pytest.fixture(autouse=True)
def _fresh_states():
    live_states.forget_all()
    yield
    live_states.forget_all()


def between(game: str, people, options=None, **kwargs) -> LiveGame:
    seats = [{"name": f"Player {i + 1}", "player": f"user:{user.pk}"} for i, user in enumerate(people)]
    return live_create(game=game, seats=seats, options=options, seed=5, **kwargs)


def fields_of(instance) -> dict:
    return {name: value for name, value in instance.__dict__.items() if name != "_state"}


def api_move(client, live, move, version):
    url = reverse("api-live-move", args=[live.public_id])
    return client.post(url, json.dumps({"move": move, "version": version}), content_type="application/json")


def to_move(live, people):
    """(the seat to move, its person)."""
    seat = get_engine(live.game).to_move(live_state(live))
    return seat, people[seat]


# --- the kept reads are the ORM's -------------------------------------------------------------


@pytest.mark.django_db
def test_the_kept_read_of_a_game_is_the_orms(people):
    live = carnac_between(people)
    kept = KeptQuery(lambda public_id: LiveGame.objects.select_related("record").filter(public_id=public_id))
    read = kept.first(live.public_id)
    assert fields_of(read) == fields_of(LiveGame.objects.get(pk=live.pk))
    assert read._state.db == "default" and not read._state.adding and read.record is None
    assert kept.first("no-such-game") is None


@pytest.mark.django_db
def test_the_kept_read_of_a_finished_game_carries_its_record(people):
    from games.live_actions import live_resign

    live = carnac_between(people)
    live_resign(live_id=live.pk, seat=0, expected_version=0)
    read, seat = live_game_for_seat(live.public_id, people[1])
    orm = LiveGame.objects.select_related("record").get(pk=live.pk)
    assert seat == 1 and read.record_id is not None
    assert fields_of(read) == fields_of(orm)
    assert fields_of(read.record) == fields_of(orm.record)


@pytest.mark.django_db
def test_the_kept_read_of_a_token_is_the_orms(people):
    key = token_for(people[0])
    from accounts.tokens import _TOKEN_BY_HASH, hash_key

    token = _TOKEN_BY_HASH.first(hash_key(key))
    orm = ApiToken.objects.select_related("user").get(key_hash=hash_key(key))
    assert fields_of(token) == fields_of(orm)
    assert fields_of(token.user) == fields_of(orm.user)


@pytest.mark.django_db(transaction=True)
def test_a_kept_query_is_compiled_once_per_database_whichever_thread_asks(people, monkeypatch):
    """Under ASGI each request runs in a thread of its own, with a connection object of its own:
    compiling per connection object compiled the query again at every request."""
    live = carnac_between(people)
    kept = KeptQuery(lambda public_id: LiveGame.objects.filter(public_id=public_id))
    compiled = []
    compile_once = kept._compile
    monkeypatch.setattr(kept, "_compile", lambda *args: compiled.append(1) or compile_once(*args))
    found = []

    def read_in_a_thread_of_its_own():
        try:
            found.append(kept.first(live.public_id).pk)
        finally:
            connections.close_all()

    for _ in range(3):
        worker = threading.Thread(target=read_in_a_thread_of_its_own)
        worker.start()
        worker.join()
    assert kept.first(live.public_id).pk == live.pk
    assert found == [live.pk] * 3
    assert compiled == [1]


@pytest.mark.django_db
def test_a_kept_query_refuses_an_argument_it_cannot_place(people):
    contains = KeptQuery(lambda text: LiveGame.objects.filter(public_id__contains=text))  # the ORM wraps it in %…%
    with pytest.raises(ValueError):
        contains.first("abc")
    with pytest.raises(TypeError):
        KeptQuery(lambda public_id: LiveGame.objects.filter(public_id=public_id)).first()


def captured_sql(write) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        write()
    return [q["sql"] for q in queries.captured_queries]


@pytest.mark.django_db
@pytest.mark.parametrize("clock", [True, False])
@pytest.mark.parametrize("offer", [None, 1])
def test_the_kept_update_of_a_move_runs_the_orms_statement(people, clock, offer):
    from datetime import timedelta

    from django.utils import timezone

    from games.live import _MOVE_WRITE

    live = carnac_between(people)
    now = timezone.now()
    fields = {"moves": ["a1rn"], "player_texts": ["a1rn"], "version": 1, "revision": 1, "updated_at": now}
    fields |= {"draw_offer": offer, "turn_version": 1, "turn_started_at": now - timedelta(seconds=3)}
    if clock:
        fields["clock_left"] = [12.5, 60]
    by_orm = captured_sql(lambda: LiveGame.objects.filter(pk=live.pk, version=7).update(**fields))
    kept = captured_sql(lambda: _MOVE_WRITE.update(live.pk, 7, **fields))
    assert kept == by_orm and len(kept) == 1
    assert _MOVE_WRITE.update(live.pk, 7, **fields) == 0  # not at that version: nothing changed
    assert _MOVE_WRITE.update(live.pk, 0, **fields) == 1
    written = LiveGame.objects.get(pk=live.pk)
    assert {name: getattr(written, name) for name in fields} == fields


@pytest.mark.django_db
def test_a_kept_update_takes_plain_values_only(people):
    from django.db.models import F

    from games.live import _MOVE_WRITE

    live = carnac_between(people)
    with pytest.raises(TypeError):
        _MOVE_WRITE.update(live.pk, 0, revision=F("revision") + 1)
    with pytest.raises(TypeError):
        _MOVE_WRITE.update(live.pk, revision=1)
    assert LiveGame.objects.get(pk=live.pk).revision == live.revision


# --- a move: few queries, one statement -----------------------------------------------------


@pytest.mark.django_db
def test_a_token_move_post_reads_the_token_and_the_game_and_writes_once(client, people):
    live = carnac_between(people)
    _seat, mover = to_move(live, people)
    api = type(client)(HTTP_AUTHORIZATION=f"Token {token_for(mover)}")
    assert api.get(reverse("api-live-game", args=[live.public_id])).status_code == 200  # the token's last use noted
    move = live_view(live, mover).moves[0]
    with CaptureQueriesContext(connection) as queries:
        answer = api_move(api, live, move, 0)
    assert answer.status_code == 200, answer.content
    sql = [q["sql"] for q in queries.captured_queries]
    assert len(sql) == 3, "\n".join(s[:140] for s in sql)  # the token (and its person), the game, the update
    assert sql[-1].startswith("UPDATE") and not any("SAVEPOINT" in s for s in sql)


@pytest.mark.django_db
def test_the_board_fragment_of_a_move_reads_no_links_in_four_queries(client, people):
    live = carnac_between(people)
    _seat, mover = to_move(live, people)
    client.force_login(mover)
    assert client.get(live.get_absolute_url()).status_code == 200  # the session learns the profile's language
    move = live_view(live, mover).moves[0]
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(live.get_absolute_url(), {"move": move, "version": 0}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    sql = [q["sql"] for q in queries.captured_queries]
    assert not any("tournament_" in s for s in sql)
    assert len(sql) == 4, "\n".join(s[:140] for s in sql)  # the session, the person, the game, the update


@pytest.mark.django_db
def test_a_move_that_ends_the_game_writes_the_move_and_the_record_or_nothing(people, monkeypatch):
    live = carnac_between(people)
    engine = get_engine("carnac")
    rng = random.Random(3)
    while True:
        state = live_state(live)
        seat = engine.to_move(state)
        view = engine.observe(state, seat)
        moves = engine.player_moves(view)
        ending = [m for m in moves if engine.outcome(engine.play_player(state, seat, m)[0]) is not None]
        if ending:
            break
        live = live_play(live_id=live.pk, seat=seat, text=rng.choice(moves), current=live)

    def broken(**kwargs):
        raise RuntimeError("the record could not be stored")

    monkeypatch.setattr("games.services.record_upload", broken)
    before = LiveGame.objects.values().get(pk=live.pk)
    with pytest.raises(RuntimeError):
        live_play(live_id=live.pk, seat=seat, text=ending[0], current=LiveGame.objects.get(pk=live.pk))
    assert LiveGame.objects.values().get(pk=live.pk) == before


# --- the answer's move list is the full replay's ----------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["brouillard", "menhirs", "mists"])
def test_each_answer_to_a_move_lists_what_the_full_replay_lists(client, people, game):
    live = between(game, people)
    engine = get_engine(game)
    rng = random.Random(game)
    for _ in range(14):
        live.refresh_from_db()
        if live.status != LiveGame.Status.PLAYING:
            break
        seat, mover = to_move(live, people)
        client.force_login(mover)
        view = live_view(live, mover)
        answer = api_move(client, live, rng.choice(view.moves), live.version)
        assert answer.status_code == 200, answer.content
        live.refresh_from_db()
        full = [{"ply": line.ply, "seat": line.seat, "text": line.text} for line in move_lines(live, engine, seat)]
        assert answer.json()["history"] == full


@pytest.mark.django_db
def test_a_move_not_played_because_the_time_ran_out_lists_nothing_as_the_callers(client, people, monkeypatch):
    live = between("brouillard", people, time_control={"base": 60, "increment": 0})
    engine = get_engine("brouillard")
    rng = random.Random(1)
    for _ in range(3):  # a few moves each, so that the last one is the opponent's
        seat, mover = to_move(live, people)
        client.force_login(mover)
        assert api_move(client, live, rng.choice(live_view(live, mover).moves), live.version).status_code == 200
        live.refresh_from_db()
    seat, mover = to_move(live, people)
    age_turn(live, 3600)  # the seat to move has run out of time
    monkeypatch.setattr("games.live.live_enforce_clock", lambda **kwargs: None)  # the flag falls in live_play
    client.force_login(mover)
    answer = api_move(client, live, rng.choice(live_view(live, mover).moves), live.version)
    assert answer.status_code == 200, answer.content
    live.refresh_from_db()
    assert live.termination == "timeout" and len(live.moves) == 3
    assert answer.json()["history"] == [
        {"ply": line.ply, "seat": line.seat, "text": line.text} for line in move_lines(live, engine, seat)
    ]


def test_no_page_path_begins_with_the_apis():
    """The API's URLs are resolved first (config/urls.py): they must shadow no page."""

    def routes(patterns, prefix=""):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                yield from routes(pattern.url_patterns, route)
            else:
                yield route

    top = get_resolver().url_patterns
    assert str(top[0].pattern) == "api/v1/"
    pages = [route for entry in top[1:] for route in routes([entry]) if not str(entry.pattern).startswith("api/")]
    assert pages and not [route for route in pages if route.startswith(("api", "<", "^"))]


def test_the_task_result_store_is_one_per_process_not_one_per_request_thread():
    from config.celery import app

    seen = []
    for _ in range(2):
        worker = threading.Thread(target=lambda: seen.append(app.backend))
        worker.start()
        worker.join()
    assert seen[0] is seen[1] is app.backend
