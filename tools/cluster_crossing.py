"""A move posted on one web node reaches an event stream held by another: the check of
``python -m tools.cluster --check``, with the helpers the node-kill benchmark shares.

The game and its two players are made in this process, on the layout's database and with its
secret key (Django set up from the layout's environment), as ``bench.live_push`` makes its games;
everything after that goes over HTTP to the nodes themselves, not through the proxy, so that which
node serves what is known.
"""

from __future__ import annotations

import asyncio
import json
import os


def setup_django(env: dict[str, str]) -> None:
    """Django in this process on the layout's settings (database, Redis, secret key)."""
    import django

    for name in ("DJANGO_SETTINGS_MODULE", "BRUME_EMBEDDED", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"):
        os.environ[name] = env[name]
    for name in ("DATABASE_URL", "REDIS_URL", "BRUME_PUSH_URL", "BRUME_VAR_DIR", "STATIC_ROOT"):
        if name in env:
            os.environ[name] = env[name]
    os.environ.setdefault("DB_CONN_MAX_AGE", "0")
    django.setup()


async def legal_move(host: str, port: int, game_id: str, token: dict) -> tuple[str, int]:
    """The first legal move of the seat the token signs in, and the version it was read at."""
    from bench.sse import http_request

    status, body = await http_request(host, port, "GET", f"/api/v1/live/{game_id}/", token)
    if status != 200:
        raise RuntimeError(f"reading the game answered {status}")
    view = json.loads(body)
    return view["legal_moves"][0], view["version"]


async def post_move(host: str, port: int, game_id: str, token: dict, move: str, version: int, key: str | None = None):
    """``POST /api/v1/live/<id>/moves/``: (status, headers-less body parsed or None)."""
    from bench.sse import http_request

    headers = {**token, "Content-Type": "application/json"}
    if key:
        headers["Idempotency-Key"] = key
    payload = json.dumps({"move": move, "version": version}).encode()
    status, body = await http_request(host, port, "POST", f"/api/v1/live/{game_id}/moves/", headers, payload)
    try:
        return status, json.loads(body)
    except ValueError:
        return status, None


async def _cross(first, second, game_id: str, seats) -> str | None:
    from bench.sse import open_stream

    stream = await open_stream(*second, f"/play/{game_id}/events/", seats[1]["cookie"])
    if stream.status != 200:
        return f"the stream on {second[0]} answered {stream.status}"
    try:
        opening = await stream.next_event()
        if opening is None or opening["version"] != 0:
            return f"the stream on {second[0]} opened with {opening}"
        move, version = await legal_move(*first, game_id, seats[0]["token"])
        status, _ = await post_move(*first, game_id, seats[0]["token"], move, version)
        if status != 200:
            return f"the move posted on {first[0]} answered {status}"
        event = await stream.next_event(timeout=10)
        if event is None or event["version"] != 1:
            return f"the move posted on {first[0]} did not reach the stream on {second[0]} (got {event})"
        return None
    finally:
        stream.close()


def push_crosses_nodes(layout) -> str | None:
    """None when a move posted on the first node reaches the second node's stream; else why not."""
    setup_django(layout.env)
    from bench.live_push import make_games

    (live, seats), *_ = make_games(1, f"check{os.getpid()}x")
    first, second = layout.nodes[0].address, layout.nodes[1].address
    return asyncio.run(_cross(first, second, live.public_id, seats))
