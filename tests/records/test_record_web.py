"""Records through the API and the pages: upload, verdict, replay, hidden information."""

import json

import pytest
from django.urls import reverse
from django.utils.html import escape

from games.gamelog import jsonform
from games.models import GameRecord
from games.services import record_upload, record_validate
from tests.tournament.factories import make_user

from .helpers import as_text, random_log, with_bad_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client):
    user = make_user()
    client.force_login(user)
    return user


def test_the_api_stores_a_text_log_and_answers_201_then_200_for_the_same_log(
    client, player, django_capture_on_commit_callbacks
):
    text = as_text(random_log(seed=11))
    with django_capture_on_commit_callbacks(execute=True):
        first = client.post(reverse("api-record-list"), text, content_type="text/plain")
    assert first.status_code == 201 and first["Location"].startswith("/records/")
    again = client.post(reverse("api-record-list"), text, content_type="text/plain")
    assert again.status_code == 200 and again.json()["duplicate"] is True
    detail = client.get(reverse("api-record-detail", args=[first.json()["id"]])).json()
    assert detail["status"] == "valid"


def test_the_api_refuses_a_malformed_log_with_a_clear_error(client, player):
    response = client.post(reverse("api-record-list"), "Brume log 1\nGame: carnac\n", content_type="text/plain")
    assert response.status_code == 400
    assert response.json()["detail"].startswith("not a Brume game log")


def test_the_api_needs_a_signed_in_uploader(client):
    assert client.post(reverse("api-record-list"), "x", content_type="text/plain").status_code in (401, 403)


def test_a_bulk_upload_answers_each_log_and_one_bad_log_spoils_nothing(client, player):
    good = jsonform.log_to_dict(random_log(seed=12))
    response = client.post(
        reverse("api-record-bulk"),
        json.dumps({"logs": [good, {"brume_log": 1}, good]}),
        content_type="application/json",
    )
    assert response.status_code == 207
    statuses = [item["status"] for item in response.json()["results"]]
    assert statuses == [201, 400, 200]
    assert GameRecord.objects.count() == 1


def test_the_upload_page_takes_a_pasted_log_and_shows_its_record(client, player):
    response = client.post(reverse("record-upload"), {"text": as_text(random_log(seed=13))})
    record = GameRecord.objects.get()
    assert response.status_code == 302 and response["Location"] == record.get_absolute_url()


def test_the_upload_page_takes_several_files_and_reports_each(client, player):
    from django.core.files.uploadedfile import SimpleUploadedFile

    files = [
        SimpleUploadedFile("a.log", as_text(random_log(seed=14)).encode()),
        SimpleUploadedFile("b.log", b"not a log"),
    ]
    html = client.post(reverse("record-upload"), {"files": files}).content.decode()
    assert "a.log" in html and "b.log" in html and "starts with" in html
    assert GameRecord.objects.count() == 1


def test_the_record_page_steps_through_the_replay(client):
    log = random_log(seed=15)
    record = record_validate(record_id=record_upload(data=log).record.pk)
    page = client.get(record.get_absolute_url()).content.decode()
    assert f"Move {len(log.moves)} of {len(log.moves)}" in page and "<svg" in page
    frame = client.get(record.get_absolute_url() + "?part=frame&ply=3", HTTP_HX_REQUEST="true").content.decode()
    assert "Move 3 of" in frame and log.moves[2] in frame and "<html" not in frame


def test_an_invalid_record_replays_up_to_its_first_bad_move(client):
    record = record_validate(record_id=record_upload(data=with_bad_move(random_log(seed=16), 4)).record.pk)
    page = client.get(record.get_absolute_url() + "?ply=99").content.decode()
    assert "Move 3 of 3" in page


def test_an_invalid_record_says_its_verdict_once_and_marks_the_bad_move_with_its_reason(client):
    log = with_bad_move(random_log(seed=16), 4)
    record = record_validate(record_id=record_upload(data=log).record.pk)
    reason = escape(record.verdict["bad_move"]["reason"])
    page = client.get(record.get_absolute_url()).content.decode()
    assert page.count(escape(record.verdict["problems"][0])) == 1  # the verdict, once
    assert page.count(reason) == 2  # in the verdict and at the marked move
    assert '<li class="bad-move"><span class="ply">4.</span> <strong>zz99</strong>' in page
    assert "The replay stops after move 3: move 4 is not legal" in page


def test_the_moves_after_an_invalid_records_bad_move_cannot_be_clicked(client):
    log = with_bad_move(random_log(seed=16), 4)
    record = record_validate(record_id=record_upload(data=log).record.pk)
    page = client.get(record.get_absolute_url()).content.decode()
    url = record.get_absolute_url()
    assert f"{url}?ply=3&" in page
    for ply in range(4, len(log.moves) + 1):
        assert f"{url}?ply={ply}&" not in page and f"part=frame&ply={ply}&" not in page
    assert page.count('class="not-replayed"') == len(log.moves) - 4


def test_a_pending_record_polls_for_its_verdict(client):
    record = record_upload(data=random_log(seed=17)).record
    page = client.get(record.get_absolute_url()).content.decode()
    assert 'hx-trigger="every 1s"' in page
    status = client.get(record.get_absolute_url() + "?part=status", HTTP_HX_REQUEST="true").content.decode()
    assert "Waiting for validation" in status


def test_an_unfinished_hidden_information_game_shows_strangers_only_the_spectator_view(client):
    from games.ai import RandomPlayer
    from games.ai.match import play_game
    from games.engines import get_engine

    full = play_game(get_engine("brouillard"), [RandomPlayer(), RandomPlayer()], seed=3).log
    import dataclasses

    unfinished = dataclasses.replace(full, moves=full.moves[:6], result=None)
    uploader = make_user()
    record = record_validate(record_id=record_upload(data=unfinished, by=uploader).record.pk)
    assert record.status == GameRecord.Status.VALID and not record.finished
    client.force_login(make_user())
    page = client.get(record.get_absolute_url() + "?seat=0").content.decode()
    assert "View as:" not in page  # only the spectator view is offered
    assert unfinished.moves[0] not in page  # the secret setup never reaches a stranger
    api = client.get(reverse("api-record-detail", args=[record.public_id])).json()
    assert "redacted" in api["verdict"]
    client.force_login(uploader)
    assert unfinished.moves[0] in client.get(record.get_absolute_url()).content.decode()


def test_staff_start_an_ai_batch_and_its_progress_and_win_rates_show(client, django_capture_on_commit_callbacks):
    from games.models import AIBatch

    client.force_login(make_user(organiser=True))
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("ai-batch-start"), {"game": "carnac", "players": "greedy,random", "games": 4})
    batch = AIBatch.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("ai-batch-detail", args=[batch.pk])
    assert batch.status == AIBatch.Status.DONE and batch.games_played == 4 and batch.records.count() == 4
    assert {row["level"] for row in batch.summary} == {"greedy", "random"}
    assert sum(row["games"] for row in batch.summary) == 8
    html = client.get(reverse("ai-batch-detail", args=[batch.pk]), HTTP_HX_REQUEST="true").content.decode()
    assert "4 of 4 games" in html and "greedy" in html


def test_players_cannot_start_ai_batches_and_bad_levels_are_named(client):
    client.force_login(make_user())
    assert client.post(reverse("ai-batch-start"), {"game": "carnac", "players": "random,random"}).status_code == 403
    client.force_login(make_user(organiser=True))
    response = client.post(
        reverse("ai-batch-start"), {"game": "carnac", "players": "god,random", "games": 2}, follow=True
    )
    assert "carnac has no AI level god" in response.content.decode()


def test_a_bulk_upload_is_validated_in_batches_not_one_task_per_log(
    client, player, django_capture_on_commit_callbacks, monkeypatch
):
    from games import tasks

    calls = []
    monkeypatch.setattr(
        tasks.validate_records,
        "delay",
        lambda ids: calls.append(list(ids)) or tasks.validate_records.apply(args=(ids,)),
    )
    logs = [jsonform.log_to_dict(random_log(seed=40 + i)) for i in range(3)]
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("api-record-bulk"), json.dumps({"logs": logs}), content_type="application/json")
    assert len(calls) == 1 and len(calls[0]) == 3
    assert set(GameRecord.objects.values_list("status", flat=True)) == {"valid"}
