"""Every stage setting and numeric field stays within tournament.bounds, whichever way it comes in
(API, page form, service), and nothing expands a user-given number without a bound."""

from __future__ import annotations

import json

import pytest

from tests.tournament.factories import make_event
from tournament import bounds
from tournament.errors import ServiceError
from tournament.models import Stage
from tournament.services.stages import stage_create


def stages_url(event) -> str:
    return f"/api/v1/events/{event.slug}/stages/"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"settings": {"rounds": 10**9}}, "from 1 to 99"),
        ({"format": "tables", "settings": {"max_size": 10**9}}, "this game seats 2 to 3"),
        ({"format": "tables", "settings": {"min_size": 0}}, "this game seats 2 to 3"),
        ({"format": "tables", "settings": {"min_size": -5}}, "this game seats 2 to 3"),
        ({"format": "round_robin", "settings": {"groups": 10**6}}, "from 2 to 64"),
        ({"series_length": 2**63 + 1}, "series_length"),
        ({"series_length": 4}, "odd number"),
        ({"advance_count": 10**12}, "advance_count"),
        ({"points_win": "1e9"}, "points_win"),
        ({"tiebreaks": ["match_points"] * 50}, "tiebreaks"),
        ({"format": "swiss", "settings": {"rematches": "sometimes"}}, "least_bad"),
        ({"format": "score_challenge", "settings": {"team_size": 10**9}}, "team size"),
    ],
)
def test_the_api_refuses_a_stage_setting_out_of_bounds_with_400(api, running, body, words):
    response = api.post(stages_url(running), {"name": "Next", **body}, format="json")
    assert response.status_code == 400, response.content
    assert words in response.json()["detail"]
    assert running.stages.count() == 1


def test_other_settings_nested_deep_are_refused_by_the_api(api, running):
    nested: object = 1
    for _ in range(5000):
        nested = [nested]
    body = '{"name": "Deep", "format": "swiss", "settings": {"rematches": %s}}' % ("[" * 5000 + "]" * 5000)
    response = api.generic("POST", stages_url(running), body, content_type="application/json")
    assert response.status_code == 400
    assert "nested" in response.json()["detail"]


def test_a_stored_huge_rounds_setting_never_expands_in_the_calendar(api, running):
    """An old row written before the bounds: the anonymous calendar still answers, with at most 99 rounds."""
    Stage.objects.filter(event=running).update(settings={"rounds": 10**9})
    api.force_authenticate(None)
    response = api.get(f"/api/v1/events/{running.slug}/calendar.ics")
    assert response.status_code == 200
    assert response.content.decode().count("BEGIN:VEVENT") == bounds.MAX_ROUNDS


@pytest.mark.parametrize(
    "fields",
    [
        {"settings": {"rounds": 100}},
        {"format": "tables", "settings": {"min_size": 3, "preferred_size": 2, "max_size": 3}},
        {"advance_count": bounds.MAX_ADVANCE + 1},
        {"series_length": 11},
        {"points_bye": "1000"},
        {"name": "Final\u202eKO"},
    ],
)
def test_the_service_refuses_out_of_bounds_values_whatever_calls_it(fields):
    event, owner, _ = make_event(start=False)
    with pytest.raises(ServiceError):
        stage_create(event=event, by=owner, **fields)


def test_the_bounds_accept_their_own_limits():
    event, owner, _ = make_event(start=False)
    stage = stage_create(
        event=event,
        by=owner,
        settings={"rounds": bounds.MAX_ROUNDS},
        series_length=max(bounds.SERIES_LENGTHS),
        advance_count=bounds.MAX_ADVANCE,
        points_win=str(bounds.POINTS_LIMIT),
    )
    assert stage.settings["rounds"] == 99 and stage.series_length == 9


@pytest.mark.parametrize(
    ("field", "value"),
    [("seed", 2**63), ("seed", 0), ("seed", bounds.MAX_SEED + 1), ("rating", 1e300), ("granted_points", "1e20")],
)
def test_participant_numbers_beyond_their_column_are_a_400(api, running, field, value):
    response = api.post(
        f"/api/v1/events/{running.slug}/participants/", {"ai_level": "random", field: value}, format="json"
    )
    assert response.status_code == 400, response.content
    assert field in response.json()["fields"]


def post_json(api, url: str, body) -> object:
    """A JSON body written with escapes, so that a lone surrogate reaches the server as sent."""
    return api.generic("POST", url, json.dumps(body), content_type="application/json")


@pytest.mark.parametrize("text", ["\u0000", "\ud800", "A\u202eB", "Zero\u200bwidth", "Bell\x07"])
def test_names_with_hidden_characters_are_refused(api, running, text):
    response = post_json(api, f"/api/v1/events/{running.slug}/participants/", {"ai_level": "random", "name": text})
    assert response.status_code == 400, response.content
    response = post_json(api, "/api/v1/events/", {"name": text, "game": "misty-nim"})
    assert response.status_code == 400, response.content


def test_a_plain_accented_name_is_still_welcome(api, running):
    response = api.post(
        f"/api/v1/events/{running.slug}/participants/", {"ai_level": "random", "name": "Gwenaëlle Ñ 李"}, format="json"
    )
    assert response.status_code == 201, response.content


@pytest.mark.parametrize(
    ("text", "ok"),
    [("12", True), ("-3", True), ("²", False), ("١٢", False), ("1_000", False), ("", False), ("9" * 30, False)],
)
def test_whole_numbers_from_requests_are_ascii_digits_only(text, ok):
    if ok:
        assert bounds.parse_whole_number(text, "n", -10, 100) == int(text)
    else:
        with pytest.raises(bounds.OutOfBounds):
            bounds.parse_whole_number(text, "n", -10, 100)
