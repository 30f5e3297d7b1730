"""What a payload says: public information only, and Discord's format within its limits."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.tournament_api.world import build_world
from tournament.models import Participant
from tournament.services.results import game_confirm, game_report
from webhooks import payloads
from webhooks.models import Delivery
from webhooks.services import endpoint_create, news_fan_out


def _discord_within_limits(message: dict) -> None:
    assert set(message) == {"content", "embeds", "allowed_mentions"}
    assert message["allowed_mentions"] == {"parse": []}
    assert 0 < len(message["content"]) <= 2000
    assert 1 <= len(message["embeds"]) <= 10
    total = 0
    for embed in message["embeds"]:
        assert len(embed["title"]) <= 256
        assert len(embed.get("description", "")) <= 4096
        total += len(embed["title"]) + len(embed.get("description", ""))
    assert total <= 6000


def _round_data(pairs: int, name_length: int) -> dict:
    return {
        "stage": {"number": 1, "name": "Main"},
        "round": 3,
        "pairings": [
            {
                "table": table,
                "label": "",
                "bye": False,
                "players": [{"seat": 0, "name": "A" * name_length}, {"seat": 1, "name": f"*B{table}* @everyone"}],
            }
            for table in range(1, pairs + 1)
        ],
    }


def test_a_discord_message_of_a_huge_round_keeps_to_discords_limits(world):
    message = payloads.discord_payload("pairings_published", world.event, _round_data(pairs=400, name_length=300))
    _discord_within_limits(message)
    description = message["embeds"][0]["description"]
    assert description.endswith("more")
    first = description.splitlines()[0]
    assert "A" * 79 + "…" in first and "A" * 81 not in first  # long names cut to 80 characters
    assert "\\*B1\\*" in first  # markdown escaped: a name is shown as written


def test_a_long_event_name_is_cut_in_the_title_and_content(world):
    world.event.name = "Fog " * 200
    message = payloads.discord_payload("pairings_published", world.event, _round_data(pairs=2, name_length=5))
    _discord_within_limits(message)
    title = message["embeds"][0]["title"]
    assert title.endswith("Fog…: Round 3 pairings (Main)")  # the name is cut, the news is kept
    assert message["content"].startswith("**Fog Fog") and "…" in message["content"]


@pytest.mark.parametrize("kind", ["result_confirmed", "standings_changed", "event_finished", "ping"])
def test_every_kind_has_a_discord_form(world, kind, django_capture_on_commit_callbacks):
    game = world.game
    with django_capture_on_commit_callbacks(execute=True):
        game = game_report(game=game, by=world.users["player"], ranks=[1, 2])
        game_confirm(game=game, by=world.users["opponent"])
    stage = world.event.stages.get()
    data = {
        "result_confirmed": lambda: payloads.result_data(world.match.games.get(number=1)),
        "standings_changed": lambda: payloads.standings_data(stage),
        "event_finished": lambda: payloads.finished_data(world.event),
        "ping": lambda: {"message": "hello"},
    }[kind]()
    message = payloads.discord_payload(kind, world.event, data)
    _discord_within_limits(message)
    if kind != "ping":
        assert world.participant("player").name in message["embeds"][0]["description"]


def _all_keys(value, found=None):
    found = set() if found is None else found
    if isinstance(value, dict):
        for key, item in value.items():
            found.add(key)
            _all_keys(item, found)
    elif isinstance(value, list):
        for item in value:
            _all_keys(item, found)
    return found


def test_no_seed_or_log_leaves_in_any_payload(world, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = game_report(game=world.game, by=world.users["player"], ranks=[1, 2], scores=[3, 1])
        game_confirm(game=game, by=world.users["opponent"])
    round_ = world.match.round
    stage = round_.stage
    everything = [
        payloads.pairings_data(round_),
        payloads.result_data(world.match.games.get(number=1)),
        payloads.standings_data(stage),
        payloads.finished_data(world.event),
    ]
    text = json.dumps(everything)
    assert not any("seed" in key or "record" in key or "log" in key for key in _all_keys(everything))
    for secret in [world.event.seed, round_.seed, *[m.setup_seed for m in round_.matches.all() if m.setup_seed]]:
        assert str(secret) not in text


def test_a_result_of_a_silent_round_is_not_sent_and_standings_leave_it_out(
    local_delivery, receiver, django_capture_on_commit_callbacks
):
    world = build_world(stage={"format": "swiss", "settings": {"rounds": 3, "silent": True}})
    endpoint_create(by=world.users["owner"], event=world.event, url=receiver.url)
    with django_capture_on_commit_callbacks(execute=True):
        game = game_report(game=world.game, by=world.users["player"], ranks=[1, 2])
        game_confirm(game=game, by=world.users["opponent"])
    assert not Delivery.objects.filter(kind="result_confirmed").exists()
    assert payloads.result_data(world.match.games.get(number=1)) is None
    standings = [
        json.loads(r["body"])["data"] for r in receiver.requests if r["headers"]["Brume-Event"] == "standings_changed"
    ]
    assert standings, "the standings still go out, as the public page shows them"
    assert all(row["points"] in ("0", "") for data in standings for row in data["rows"])
    assert any("hidden" in note for note in standings[0]["notes"])
    with django_capture_on_commit_callbacks(execute=True):
        game = game_report(game=world.other_match.games.get(number=1), by=world.users["other"], ranks=[1, 2])
        other_seat = world.other_match.seats.get(seat=1).participant.user
        game_confirm(game=game, by=other_seat)
    # The round is over: its results are public now, and the standings say so.
    latest = Delivery.objects.filter(kind="standings_changed").order_by("-id").first().payload["data"]
    assert Delivery.objects.filter(kind="standings_changed").count() == 2
    assert sorted(row["points"] for row in latest["rows"]) == ["0", "0", "1", "1"]
    stage = world.event.stages.get()
    with django_capture_on_commit_callbacks(execute=True):
        assert news_fan_out(kind="standings_changed", stage_id=stage.pk) == []  # nothing moved: nothing sent
    assert Delivery.objects.filter(kind="standings_changed").count() == 2


def test_standings_rows_are_the_public_pages(world, settings, django_capture_on_commit_callbacks):
    from ranking.selectors import stage_standings
    from tournament.silence import hidden_round_ids

    settings.BRUME_WEBHOOKS_STANDINGS_ROWS = 3
    with django_capture_on_commit_callbacks(execute=True):
        game = game_report(game=world.game, by=world.users["player"], ranks=[1, 2])
        game_confirm(game=game, by=world.users["opponent"])
    stage = world.event.stages.get()
    data = payloads.standings_data(stage)
    page = stage_standings(stage, hidden_round_ids(AnonymousUser(), stage))
    assert len(data["rows"]) == 3 and data["total"] == len(page)
    assert [(r["rank"], r["name"], r["points"]) for r in data["rows"]] == [
        (row.rank, row.participant.name, row.points) for row in page.rows[:3]
    ]
    assert data["rows"][0]["name"] == world.participant("player").name
    assert set(data["rows"][0]["tiebreaks"]) == {c["key"] for c in data["columns"]}


def test_news_of_nobody_listening_writes_nothing(world):
    assert news_fan_out(kind="event_finished", event_id=world.event.pk) == []
    assert not Delivery.objects.exists()
    assert Participant.objects.filter(event=world.event).count() == 4


HOSTILE_STAGE = "**x** @everyone [link](http://evil) <@&123> `code`"
ESCAPED_STAGE = "\\*\\*x\\*\\* @everyone \\[link\\]\\(http://evil\\) <@&123\\> \\`code\\`"


@pytest.mark.parametrize("kind", ["pairings_published", "standings_changed"])
def test_the_stage_name_is_escaped_in_discord_messages_as_other_names_are(world, kind):
    """Issue 33: participants' and events' names were escaped, the stage's name was not."""
    if kind == "pairings_published":
        data = _round_data(pairs=1, name_length=5)
    else:
        data = {"stage": {}, "columns": [], "rows": [], "notes": [], "total": 0}
    data["stage"] = {"number": 1, "name": HOSTILE_STAGE}
    message = payloads.discord_payload(kind, world.event, data)
    _discord_within_limits(message)
    for text in (message["content"], message["embeds"][0]["title"]):
        assert ESCAPED_STAGE in text, text
        assert "**x**" not in text and "[link](" not in text
    assert message["allowed_mentions"] == {"parse": []}  # @everyone and <@&…> ping nobody
