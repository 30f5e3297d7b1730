"""Twin live games: two games that differ only in what a seat cannot see, and what the site
sends about each through its real HTTP surfaces, with the parts that differ anyway (the game's
id in URLs, CSRF tokens) written out the same way."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from django.core.cache import cache
from django.urls import reverse

from games.engines import get_engine
from games.live import live_create
from games.models import LiveGame

_CSRF = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+')


@dataclass
class Twin:
    """One of the twins: its live game and the state it stands in."""

    live: LiveGame
    state: object


def make_live(game: str, users, *, options=None, layout=None, records=(), player_texts=()) -> LiveGame:
    """A live game between ``users`` (one seat each) on ``layout``, with ``records`` already played
    (``player_texts``: what each seat sent for them, as the live game stores it)."""
    seats = [{"name": f"Player {i + 1}", "player": f"user:{user.pk}"} for i, user in enumerate(users)]
    live = live_create(game=game, seats=seats, options=options, seed=0)
    LiveGame.objects.filter(pk=live.pk).update(
        layout=layout if layout is not None else live.layout,
        moves=list(records),
        player_texts=list(player_texts),
        version=len(records),
        revision=len(records),
    )
    live.refresh_from_db()
    return live


def record_forms(game: str, state, player_texts) -> tuple[object, list[str]]:
    """Play player-form moves for whoever is to move; (the state after, their record forms)."""
    engine = get_engine(game)
    records = []
    for text in player_texts:
        state, record = engine.play_player(state, engine.to_move(state), text)
        records.append(record)
    return state, records


def _same_ids(text: str, live: LiveGame) -> str:
    """The twins are two live games: their public ids differ, and nothing else may."""
    return _CSRF.sub(r"\1CSRF", text.replace(live.public_id, "ID"))


def _json(response, live: LiveGame) -> str:
    data = response.json()
    return f"{response.status_code} " + _same_ids(json.dumps(data, sort_keys=True), live)


def _html(response, live: LiveGame) -> str:
    return f"{response.status_code} " + _same_ids(response.content.decode(), live)


def surfaces(client, live: LiveGame, *, user=None, refused=(), earlier=None) -> dict[str, str]:
    """Everything the site answers ``user`` (None: a spectator) about ``live``: the API's game, the
    page, its htmx fragment and the board picture, the board at each earlier move (``earlier``:
    which moves; None for all); for a seated user also the answers to each move of ``refused``
    sent through the API, the page and the fragment (each must be refused)."""
    cache.clear()  # the API's rate limits count per user: each twin starts from none
    client.logout()
    if user is not None:
        client.force_login(user)
    page_url = reverse("live-game", args=[live.public_id])
    api_url = reverse("api-live-game", args=[live.public_id])
    move_url = reverse("api-live-move", args=[live.public_id])
    out = {
        "api": _json(client.get(api_url), live),
        "page": _html(client.get(page_url), live),
        "fragment": _html(client.get(page_url, headers={"HX-Request": "true"}), live),
    }
    svg = re.search(r"<svg.*?</svg>", out["page"], re.S)
    out["svg"] = svg.group(0) if svg else ""
    version = live.version
    # The board at each earlier move, as this viewer saw it (the move list is on every page).
    for ply in range(version) if earlier is None else sorted(p for p in set(earlier) if 0 <= p < version):
        out[f"page at {ply}"] = _html(client.get(page_url, {"ply": ply}, headers={"HX-Request": "true"}), live)
    if user is not None:
        # Actions that do not apply here are refused with the same words in both twins.
        for action in ("draw_accept", "draw_decline", "claim_time", *(("abort",) if version else ())):
            answer = client.post(page_url, {"action": action, "version": version}, headers={"HX-Request": "true"})
            out[f"action {action}"] = _html(answer, live)
            assert LiveGame.objects.get(pk=live.pk).status == LiveGame.Status.PLAYING
    for text in refused:
        api = client.post(move_url, json.dumps({"move": text, "version": version}), content_type="application/json")
        out[f"api POST {text}"] = _json(api, live)
        page = client.post(page_url, {"move": text, "version": version})
        out[f"page POST {text}"] = _html(page, live)
        fragment = client.post(page_url, {"move": text, "version": version}, headers={"HX-Request": "true"})
        out[f"fragment POST {text}"] = _html(fragment, live)
        assert LiveGame.objects.get(pk=live.pk).version == version, f"{text!r} was played, not refused"
    return out


def assert_same(first: dict[str, str], second: dict[str, str]) -> None:
    assert first.keys() == second.keys()
    for key in first:
        assert first[key] == second[key], f"{key} differs between the twins"
