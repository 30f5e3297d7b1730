"""Page forms and query strings: odd numbers and strings are a 4xx or a form error, never a 500;
the organiser is checked before a number is read."""

from __future__ import annotations

import pytest

from games.services import record_upload
from tests.tournament.factories import make_event, make_user
from tournament.models import Stage
from tournament.services.rounds import round_publish


@pytest.fixture
def event_with_round():
    event, owner, _ = make_event(players=4)
    round_ = round_publish(stage=event.stages.get(), by=owner, number=1)
    return event, owner, round_


@pytest.fixture
def pages(client):
    client.raise_request_exception = False
    return client


@pytest.mark.parametrize("who", ["stranger", "owner"])
def test_a_non_numeric_round_number_on_pair_is_not_a_500(pages, event_with_round, who):
    event, owner, _ = event_with_round
    pages.force_login(owner if who == "owner" else make_user())
    stage = event.stages.get()
    response = pages.post(f"/events/{event.slug}/stages/{stage.pk}/pair/", {"number": "abc"})
    assert response.status_code == (400 if who == "owner" else 403)


@pytest.mark.parametrize("who", ["stranger", "owner"])
def test_a_non_numeric_swap_is_refused_after_the_organiser_check(pages, event_with_round, who):
    event, owner, round_ = event_with_round
    pages.force_login(owner if who == "owner" else make_user())
    response = pages.post(
        f"/events/{event.slug}/rounds/{round_.pk}/swap/", {"first": "abc", "second": "²", "reason": "x"}
    )
    assert response.status_code == (400 if who == "owner" else 403)


@pytest.mark.parametrize("value", ["²", "9" * 40, "-1", "1e3"])
def test_an_odd_absent_participant_is_a_clear_refusal(pages, event_with_round, value):
    event, owner, round_ = event_with_round
    pages.force_login(owner)
    match = round_.matches.first()
    response = pages.post(f"/events/{event.slug}/matches/{match.pk}/forfeit/", {"absent": value})
    assert response.status_code in (302, 400)


@pytest.mark.parametrize("value", ["²", "abc", "9" * 40])
def test_an_odd_version_on_a_game_action_is_a_400(pages, event_with_round, value):
    event, owner, round_ = event_with_round
    pages.force_login(owner)
    game = round_.matches.first().games.get()
    response = pages.post(f"/events/{event.slug}/games/{game.pk}/", {"action": "confirm", "version": value})
    assert response.status_code == 400


def test_an_odd_stage_on_close_is_a_400(pages, event_with_round):
    event, owner, _ = event_with_round
    pages.force_login(owner)
    response = pages.post(f"/events/{event.slug}/action/", {"action": "close_stage", "stage": "abc"})
    assert response.status_code == 400


@pytest.mark.parametrize("value", ["²", "abc", "-1", "9" * 40])
def test_an_odd_seat_or_ply_on_a_record_page_is_ignored(pages, misty_nim, value):
    log = 'Brume log 1\nGame: misty-nim\nSeat 1: A\nSeat 2: B\nLayout: {"pile": 2, "secrets": [1, 2]}\n\n1. t2\n'
    record = record_upload(data=log).record
    assert pages.get(f"/records/{record.public_id}/", {"seat": value}).status_code == 200
    assert pages.get(f"/records/{record.public_id}/", {"ply": value}).status_code == 200


@pytest.mark.parametrize("status", ["nope", "²"])
def test_an_odd_status_filter_lists_every_event(pages, status):
    assert pages.get("/events/", {"status": status, "game": status}).status_code == 200


def test_a_nul_in_a_filter_is_refused_before_the_list_is_read(pages):
    """config/nul_bytes.py: no query parameter takes a NUL (PostgreSQL would refuse it)."""
    assert pages.get("/events/", {"status": "\x00", "game": "\x00"}).status_code == 400


def test_ai_batch_count_with_a_superscript_is_a_message(pages, misty_nim):
    staff = make_user(organiser=True)
    pages.force_login(staff)
    response = pages.post("/ai/start/", {"games": "²", "game": "misty-nim", "players": "random,random"})
    assert response.status_code == 302


def test_other_settings_nested_deep_are_a_form_error(pages, event_with_round):
    event, owner, _ = event_with_round
    pages.force_login(owner)
    deep = '{"third_place": ' + "[" * 2000 + "]" * 2000 + "}"  # 4 kB at most: the depth is what fails
    response = pages.post(
        f"/events/{event.slug}/stages/add/",
        {"name": "Playoff", "format": "single_elimination", "series_length": "1", "points_win": "1",
         "points_draw": "0.5", "points_loss": "0", "points_bye": "1", "other_settings": deep},
    )  # fmt: skip
    assert response.status_code == 200
    assert "nested more than" in response.content.decode()
    assert event.stages.count() == 1


@pytest.mark.parametrize(("field", "value"), [("advance_count", "1000000000000"), ("rounds", "1000")])
def test_stage_form_numbers_beyond_their_bounds_are_form_errors(pages, event_with_round, field, value):
    event, owner, _ = event_with_round
    pages.force_login(owner)
    data = {"name": "Next", "format": "swiss", "series_length": "1", "points_win": "1", "points_draw": "0.5",
            "points_loss": "0", "points_bye": "1", field: value}  # fmt: skip
    response = pages.post(f"/events/{event.slug}/stages/add/", data)
    assert response.status_code == 200 and "less than or equal" in response.content.decode()
    assert Stage.objects.filter(event=event).count() == 1


def test_an_event_name_with_a_right_to_left_override_is_a_form_error(pages, misty_nim):
    pages.force_login(make_user(organiser=True))
    response = pages.post("/events/new/", {"name": "Cup\u202eevil", "game": "misty-nim", "visibility": "public",
                                           "format": "swiss", "series_length": "1"})  # fmt: skip
    assert response.status_code == 200 and "invisible character" in response.content.decode()
