"""Every page and its forms, fuzzed: odd strings and numbers in each query parameter and POST field
never get a 5xx, whoever sends them (anonymous, a stranger, the organiser).

The URLs come from the URL configuration itself (the API, covered by schemathesis, and the admin
are left out); path parameters name real things of a running event. Field names are those the
templates and forms use, plus the names each page's own HTML shows.
"""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.services import record_upload
from tests.tournament.factories import make_user
from tests.tournament_api.world import build_world

FIELDS = [
    "action", "version", "reason", "game", "username", "undo", "stage", "first", "second", "players", "number",
    "move", "min_games", "log_text", "games", "established", "a", "b", "allow", "active", "absent", "status", "seat",
    "ply", "part", "page", "name", "format", "rounds", "groups", "series_length", "advance_count", "other_settings",
    "points_win", "tiebreaks", "level_series", "ai_level", "text", "description", "location", "starts_on",
    "visibility", "outcome", "rank_0", "score_0", "next",
]  # fmt: skip
ACTIONS = ["report", "confirm", "dispute", "decide", "attach_log", "play_online", "open_registration", "start",
           "finish", "back_to_draft", "close_stage", "advance"]  # fmt: skip
ODD = [
    "²", "١٢", "-1", "0", "9" * 40, "1e309", "NaN", "abc", "", " ", "\x00", "\u202e", "\u200b", "%00", "[]", "{}",
    '{"a": ' * 50, "[" * 3000, "true", "1.5", "0x10", "-0",
]  # fmt: skip
values = (
    st.sampled_from(ODD)
    | st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
    | st.integers(-(2**70), 2**70).map(str)
)
EXAMPLES = 12
_INPUT_NAME = re.compile(r'name="([A-Za-z_][\w-]*)"')


def page_patterns(resolver=None, prefix: str = ""):
    """(route, pattern) of every page: the API and the admin are left out."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if route.startswith(("api/", "admin/")):
            continue
        if isinstance(entry, URLResolver):
            yield from page_patterns(entry, route)
        elif isinstance(entry, URLPattern):
            yield route, entry


@pytest.fixture
def site(misty_nim, db):
    world = build_world()
    owner = world.users["owner"]
    owner.is_staff = True
    owner.save(update_fields=["is_staff"])
    log = 'Brume log 1\nGame: misty-nim\nSeat 1: A\nSeat 2: B\nLayout: {"pile": 2, "secrets": [1, 2]}\n\n1. t2\n'
    record = record_upload(data=log, by=owner).record
    stage = world.match.round.stage
    real = {
        "slug": world.event.slug,
        "stage_id": stage.pk,
        "number": stage.number,
        "round_number": 1,
        "round_id": world.match.round_id,
        "match_id": world.match.pk,
        "game_id": world.game.pk,
        "participant_id": world.participant("player").pk,
        "pk": record.pk,
        "public_id": record.public_id,
        "username": owner.username,
        "pool": "misty-nim",
    }
    return world, real


def fill(route: str, real: dict) -> str | None:
    def value(match):
        name = match.group(2)
        return str(real.get(name, "1"))

    if "<" not in route:
        return "/" + route
    url = re.sub(r"<(?:(\w+):)?(\w+)>", value, route)
    return "/" + url if "<" not in url else None


def test_every_page_and_form_answers_odd_input_without_a_server_error(client, site):
    world, real = site
    urls = sorted({url for route, _ in page_patterns() if (url := fill(route, real))})
    assert len(urls) > 20
    people = {"anonymous": None, "stranger": make_user(), "owner": world.users["owner"]}
    seen_fields = {url: set(FIELDS) for url in urls}
    for url in urls:  # the names each page's HTML uses, as the organiser sees it
        client.force_login(people["owner"])
        page = client.get(url)
        if page.status_code == 200 and "html" in page.get("Content-Type", ""):
            seen_fields[url] |= set(_INPUT_NAME.findall(page.content.decode()))
    sent = 0

    @settings(
        max_examples=EXAMPLES * len(urls),
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def run(data):
        nonlocal sent
        url = data.draw(st.sampled_from(urls), label="url")
        who = data.draw(st.sampled_from(sorted(people)), label="who")
        names = sorted(seen_fields[url])
        fields = data.draw(st.dictionaries(st.sampled_from(names), values, max_size=6), label="fields")
        if data.draw(st.booleans(), label="with an action"):
            fields["action"] = data.draw(st.sampled_from(ACTIONS), label="action")
        client.logout()
        if people[who] is not None:
            client.force_login(people[who])
        method = data.draw(st.sampled_from(["get", "post"]), label="method")
        response = getattr(client, method)(url, fields)
        sent += 1
        assert response.status_code < 500, (method, url, who, fields)

    run()
    print(f"page fuzz: {sent} requests over {len(urls)} pages")
