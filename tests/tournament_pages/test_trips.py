"""Issue 34, small trips on the pairing preview: a score group of one point says "1 point", and a
multiplayer table's repeat meetings name the people, never their database ids."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.tournament.factories import make_event
from tests.tournament.test_rounds import finish_round
from tournament.services.rounds import round_publish


def _preview_text(client, event) -> str:
    html = client.get(reverse("round-pair", args=[event.slug, event.stages.get().pk])).content.decode()
    return re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", html))  # no-break spaces kept


@pytest.mark.parametrize(
    ("language", "one", "none"),
    [
        ("en", "both have 1 point ", "both have 0 points"),
        ("fr", "ont tous deux 1\u00a0point ", "ont tous deux 0\u00a0point "),
        ("nl", "hebben allebei 1 punt ", "hebben allebei 0 punten"),
    ],
)
def test_the_swiss_preview_says_1_point_and_0_points(client, language, one, none):
    event, owner, _ = make_event(players=4, stage={"format": "swiss", "settings": {"rounds": 3}})
    finish_round(round_publish(stage=event.stages.get(), by=owner))
    client.force_login(owner)
    client.cookies["brume_language"] = language
    text = _preview_text(client, event)
    assert one in text and none in text, text


def test_a_tables_preview_names_the_people_who_meet_again(client, django_capture_on_commit_callbacks):
    event, owner, _ = make_event(
        game="fog",
        players=0,
        ai=4,
        stage={"format": "tables", "settings": {"min_size": 4, "max_size": 4, "preferred_size": 4, "rounds": 2}},
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_publish(stage=event.stages.get(), by=owner)  # four AI entrants play their table at once
    client.force_login(owner)
    text = _preview_text(client, event)
    assert re.search(r"repeat meetings: Bot \d and Bot \d \(met once\), Bot \d and Bot \d \(met once\)", text), text
    assert not re.search(r"\b\d+ and \d+\b", text), text  # was "20 and 19 (1×)": database ids
