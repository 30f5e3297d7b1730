"""The per-log limits hold in every form a log arrives in (text, JSON text, JSON body, bulk item),
and a log's texts are free of hidden characters. The checks are plain Python (LogFormatError)."""

from __future__ import annotations

import json

import pytest

from games.gamelog import LogFormatError, jsonform, parse_log
from games.gamelog.model import MAX_LOG_BYTES, MAX_META, MAX_SETUP_DEPTH
from games.models import GameRecord
from tests.tournament.factories import make_user


def log_dict(**extra) -> dict:
    return {"brume_log": 1, "game": "misty-nim", "seats": ["A", "B"], "layout": {"pile": 5, "secrets": [1, 2]}, **extra}


def big_log() -> dict:
    """Over 4 MB written out, yet every move within its own limits."""
    return log_dict(moves=["t1" + "x" * 198] * 20_000)


def test_a_json_log_body_over_the_per_log_limit_is_refused_and_not_stored(api):
    api.force_authenticate(make_user())
    body = json.dumps(big_log())
    assert len(body) > MAX_LOG_BYTES * 2
    response = api.generic("POST", "/api/v1/records/", body, content_type="application/json")
    assert response.status_code in (400, 413), response.content[:300]
    assert not GameRecord.objects.exists()


def test_a_json_log_a_little_over_two_megabytes_is_refused(api):
    api.force_authenticate(make_user())
    log = log_dict(moves=["t1" + "x" * 198] * 10_500)
    response = api.post("/api/v1/records/", log, format="json")
    assert response.status_code == 400 and "larger than 2000 kB" in response.json()["detail"]
    assert not GameRecord.objects.exists()


def test_a_bulk_item_over_the_limit_is_refused_on_its_own(api):
    api.force_authenticate(make_user())
    small = log_dict(moves=["t1"])
    response = api.post(
        "/api/v1/records/bulk/", {"logs": [small, log_dict(moves=["t1" + "x" * 198] * 10_500)]}, format="json"
    )
    assert response.status_code == 207
    statuses = [item["status"] for item in response.json()["results"]]
    assert statuses == [201, 400]


def test_meta_headers_are_counted():
    with pytest.raises(LogFormatError, match=f"at most {MAX_META} meta"):
        jsonform.log_from_dict(log_dict(meta={f"k{i}": "v" for i in range(MAX_META + 1)}))


def test_layout_and_options_depth_are_bounded():
    deep: object = 1
    for _ in range(MAX_SETUP_DEPTH + 1):
        deep = [deep]
    with pytest.raises(LogFormatError, match="nested more than"):
        jsonform.log_from_dict(log_dict(layout=deep))
    with pytest.raises(LogFormatError, match="nested more than"):
        jsonform.log_from_dict(log_dict(options={"x": deep}))
    with pytest.raises(LogFormatError, match="nested more than"):
        parse_log("Brume log 1\nGame: misty-nim\nSeat 1: A\nLayout: " + "[" * 40 + "]" * 40 + "\n\n")


@pytest.mark.parametrize("name", ["A\u202eB", "Zero\u200bwidth", "\ud800", "Nul\u0000", "Esc\x1b"])
def test_seat_names_and_meta_values_with_hidden_characters_are_refused(name):
    with pytest.raises(LogFormatError, match=r"seat|cannot be stored"):
        jsonform.log_from_dict(log_dict(seats=[name, "B"]))
    with pytest.raises(LogFormatError, match=r"meta|cannot be stored"):
        jsonform.log_from_dict(log_dict(meta={"event": name}))


@pytest.mark.parametrize("body", ['{"x": "\\ud800"}', '{"x": "\\u0000"}'])
def test_a_lone_surrogate_or_nul_in_a_layout_is_a_400_not_a_500(api, body):
    api.force_authenticate(make_user())
    text = json.dumps(log_dict())[:-1] + ', "options": ' + body + "}"
    response = api.generic("POST", "/api/v1/records/", text, content_type="application/json")
    assert response.status_code == 400, response.content[:300]
