"""A move crosses web nodes: posted on node A, it reaches a stream held by node B (through Redis);
a page that reconnects to the other node with ``Last-Event-ID`` catches up; a retried POST with
the same ``Idempotency-Key`` on the other node plays nothing twice; a seat's stream carries
nothing of its own view, whichever node serves it.

Two real gunicorn processes (tests/cluster/conftest.py) on the tests' database and Redis: runs on
SQLite and on PostgreSQL alike.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import uuid

import pytest

from accounts.tokens import token_for
from bench.sse import open_stream
from games.engines import get_engine
from games.models import LiveGame
from tests.async_runner import run_async
from tests.hidden.twins import make_live, record_forms
from tests.push.conftest import session_cookie
from tests.push.test_push_over_asgi import carnac_between
from tests.tournament.factories import make_user

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

WAIT = 30  # seconds an expected event may take on a loaded machine (it comes in milliseconds)


def request(node, method: str, path: str, headers: dict | None = None, body: dict | None = None):
    """(status, headers, parsed JSON or None) of one request to ``node`` itself."""
    connection = http.client.HTTPConnection(node.host, node.port, timeout=WAIT)
    payload = json.dumps(body).encode() if body is not None else None
    sent = {**(headers or {}), **({"Content-Type": "application/json"} if payload else {})}
    connection.request(method, path, body=payload, headers=sent)
    answer = connection.getresponse()
    data = answer.read()
    connection.close()
    try:
        parsed = json.loads(data) if data else None
    except ValueError:
        parsed = None
    return answer.status, {name.lower(): value for name, value in answer.getheaders()}, parsed


def token(user) -> dict[str, str]:
    return {"Authorization": f"Token {token_for(user)}"}


def game_path(live) -> str:
    return f"/api/v1/live/{live.public_id}/"


def events_path(live) -> str:
    return f"/play/{live.public_id}/events/"


def play_first_legal(node, live, tokens: list[dict], key: str | None = None) -> dict:
    """Whoever is to move plays their first legal move on ``node``, through the API; the answer."""
    for seat_token in tokens:
        status, _, view = request(node, "GET", game_path(live), seat_token)
        assert status == 200
        if view["my_turn"]:
            headers = {**seat_token, **({"Idempotency-Key": key} if key else {})}
            status, _, answer = request(
                node,
                "POST",
                f"{game_path(live)}moves/",
                headers,
                {"move": view["legal_moves"][0], "version": view["version"]},
            )
            assert status == 200, answer
            return answer
    raise AssertionError("nobody is to move")


def test_a_move_posted_on_one_node_reaches_a_stream_on_the_other_and_a_retry_plays_nothing_twice(two_nodes, client):
    node_a, node_b = two_nodes
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    tokens = [token(ann), token(bo)]
    bo_cookie = session_cookie(client, bo)  # made by this process: same secret key as the nodes
    status, _, view = request(node_a, "GET", game_path(live), tokens[0])
    assert status == 200 and view["my_turn"] and view["version"] == 0
    for node in two_nodes:  # one session, good on every node (one secret key, sessions in the database)
        assert request(node, "GET", game_path(live), bo_cookie)[2]["seat"] == 1
    move = {"move": view["legal_moves"][0], "version": 0}
    key = {"Idempotency-Key": str(uuid.uuid4())}

    async def scenario():
        stream = await open_stream(node_b.host, node_b.port, events_path(live), bo_cookie)
        assert stream.status == 200
        opened = await stream.next_event(timeout=WAIT)
        first = await asyncio.to_thread(request, node_a, "POST", f"{game_path(live)}moves/", {**tokens[0], **key}, move)
        pushed = await stream.next_event(timeout=WAIT)
        # The answer was lost, say: the same POST sent again, to the other node.
        again = await asyncio.to_thread(request, node_b, "POST", f"{game_path(live)}moves/", {**tokens[0], **key}, move)
        stream.close()
        return opened, first, pushed, again

    opened, first, pushed, again = run_async(scenario())
    assert opened == {"version": 0, "status": "playing", "id": "0"}
    assert first[0] == 200 and "idempotent-replayed" not in first[1]
    assert pushed == {"version": 1, "status": "playing", "id": "1"}
    assert again[0] == 200 and again[1]["idempotent-replayed"] == "true"
    assert again[2]["version"] == first[2]["version"] == 1
    stored = LiveGame.objects.get(pk=live.pk)
    assert stored.version == 1 and len(stored.moves) == 1  # played once
    # The same move without the key, late: refused, nothing played.
    status, _, refused = request(node_b, "POST", f"{game_path(live)}moves/", tokens[0], move)
    assert status == 409 and refused["error"] == "refused"
    assert LiveGame.objects.get(pk=live.pk).version == 1


def test_a_page_that_reconnects_to_the_other_node_with_last_event_id_catches_up(two_nodes, client):
    node_a, node_b = two_nodes
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    tokens = [token(ann), token(bo)]
    bo_cookie = session_cookie(client, bo)

    async def scenario():
        stream = await open_stream(node_b.host, node_b.port, events_path(live), bo_cookie)
        await stream.next_event(timeout=WAIT)
        await asyncio.to_thread(play_first_legal, node_a, live, tokens)
        seen = await stream.next_event(timeout=WAIT)
        stream.close()  # node B is gone, say; moves go on meanwhile
        for _ in range(2):
            await asyncio.to_thread(play_first_legal, node_b, live, tokens)
        current = (await asyncio.to_thread(LiveGame.objects.get, pk=live.pk)).revision
        headers = {**bo_cookie, "Last-Event-ID": seen["id"]}
        back = await open_stream(node_a.host, node_a.port, events_path(live), headers)
        retry = await back.next_block(timeout=WAIT)
        caught_up = await back.next_event(timeout=WAIT)
        await asyncio.to_thread(play_first_legal, node_b, live, tokens)
        following = await back.next_event(timeout=WAIT)
        back.close()
        return seen, current, retry, caught_up, following

    seen, current, retry, caught_up, following = run_async(scenario())
    assert seen["version"] == 1 and current == 3
    assert retry == {"retry": "3000"}
    assert caught_up == {"version": 3, "status": "playing", "id": "3"}  # at once, the version missed
    assert following == {"version": 4, "status": "playing", "id": "4"}  # then live, from node B's move


SETUP_1 = "Qd1,Wb2,Wd2,Wf2"
TWIN_SETUPS = ("Qd7,Wb6,Wd6,Wf6", "Qd6,Wb6,Wd7,Wf6")  # an enemy queen and watcher swapped in the mist


def test_a_seats_stream_on_either_node_carries_nothing_of_its_view(two_nodes, client):
    """Brouillard twins (tests/hidden/): two games differing only in what seat 0 cannot see.
    Seat 0's stream on node B and a spectator's on node A, while seat 0 moves on node A and seat
    1 on node B: the same bytes in both twins, and for the seat and the spectator."""
    node_a, node_b = two_nodes
    engine = get_engine("brouillard")
    users = make_user(), make_user()
    tokens = [token(user) for user in users]
    cookie = session_cookie(client, users[0])
    lives = []
    for setup_2 in TWIN_SETUPS:
        state, records = record_forms("brouillard", engine.setup(), [SETUP_1, setup_2, "d2d4", "b6a6"])
        lives.append(make_live("brouillard", users, records=records))
    assert engine.to_move(state) == 0

    async def blocks(stream, count):
        return [await stream.next_block(timeout=WAIT) for _ in range(count)]

    async def twin(live):
        streams = [
            await open_stream(node_b.host, node_b.port, events_path(live), cookie),  # seat 0, node B
            await open_stream(node_a.host, node_a.port, events_path(live)),  # a spectator, node A
        ]
        seen = [await blocks(stream, 2) for stream in streams]
        await asyncio.to_thread(play_first_legal, node_a, live, tokens[:1])
        seen = [s + await blocks(stream, 1) for s, stream in zip(seen, streams, strict=True)]
        await asyncio.to_thread(play_first_legal, node_b, live, tokens[1:])
        seen = [s + await blocks(stream, 1) for s, stream in zip(seen, streams, strict=True)]
        for stream in streams:
            stream.close()
        return seen

    first, second = (run_async(twin(live)) for live in lives)
    assert first == second
    assert (
        first[0]
        == first[1]
        == [
            {"retry": "3000"},
            {"id": "4", "data": '{"version":4,"status":"playing"}'},
            {"id": "5", "data": '{"version":5,"status":"playing"}'},
            {"id": "6", "data": '{"version":6,"status":"playing"}'},
        ]
    )


def test_a_move_stored_by_a_node_that_died_before_its_push_is_told_when_the_retry_is_refused(
    two_nodes, client, settings
):
    """The move commits, then its node dies before publishing (simulated: stored here, with no
    push reaching the nodes) and before remembering its key; the client sends it again elsewhere
    and is refused (the game moved on): the refusal tells the streams the version they missed."""
    from games.live import live_play

    node_a, node_b = two_nodes
    ann, bo = make_user("ann"), make_user("bo")
    live = carnac_between(ann, bo)
    bo_cookie = session_cookie(client, bo)
    ann_token = token(ann)
    move = request(node_a, "GET", game_path(live), ann_token)[2]["legal_moves"][0]
    settings.BRUME_PUSH_URL = None  # this process's push stays in this process: no node hears of it

    async def scenario():
        stream = await open_stream(node_b.host, node_b.port, events_path(live), bo_cookie)
        opened = await stream.next_event(timeout=WAIT)
        await asyncio.to_thread(live_play, live_id=live.pk, seat=0, text=move, expected_version=0)
        headers = {**ann_token, "Idempotency-Key": str(uuid.uuid4())}
        retry = await asyncio.to_thread(
            request, node_a, "POST", f"{game_path(live)}moves/", headers, {"move": move, "version": 0}
        )
        try:  # heartbeats (every 15 s) are not events: the whole wait has its own limit
            async with asyncio.timeout(WAIT):
                told = await stream.next_event(timeout=WAIT)
        except TimeoutError:
            told = None
        stream.close()
        return opened, retry, told

    opened, retry, told = run_async(scenario())
    assert opened["version"] == 0
    assert retry[0] == 409
    assert told == {"version": 1, "status": "playing", "id": "1"}
    assert LiveGame.objects.get(pk=live.pk).version == 1
