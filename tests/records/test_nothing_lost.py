"""Nothing uploaded is lost when a part is down: bulk items fail alone, a dead broker answers
fast and leaves the record pending, and the sweep sends again whatever was left behind."""

import json
import time
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import DataError
from django.urls import reverse
from django.utils import timezone

from games.gamelog import jsonform
from games.models import GameRecord
from games.services import record_upload, records_requeue
from tests.broker import broker_down  # noqa: F401  (a fixture)
from tests.tournament.factories import make_user

from .helpers import as_text, random_log

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client):
    user = make_user()
    client.force_login(user)
    return user


@pytest.fixture
def sweep_due():
    """The in-process sweep runs at most once an interval; start each test with it due."""
    cache.delete("brume:sweep:last")
    yield
    cache.delete("brume:sweep:last")


def stored(n: int) -> list[GameRecord]:
    return [record_upload(data=random_log(seed=700 + i), enqueue=False).record for i in range(n)]


def backdate(records, seconds: float) -> None:
    GameRecord.objects.filter(pk__in=[r.pk for r in records]).update(
        created_at=timezone.now() - timedelta(seconds=seconds)
    )


# --- bulk uploads: each item on its own -----------------------------------------------------


def test_a_bulk_item_that_is_not_a_log_is_refused_alone_and_the_good_logs_are_stored_and_validated(
    client, player, django_capture_on_commit_callbacks
):
    good = [jsonform.log_to_dict(random_log(seed=600 + i)) for i in range(2)]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("api-record-bulk"),
            json.dumps({"logs": [good[0], 1, good[1], good[0]]}),
            content_type="application/json",
        )
    assert response.status_code == 207
    body = response.json()
    assert [item["status"] for item in body["results"]] == [201, 400, 201, 200]
    assert body["results"][1]["field"] == "logs[1]" and "JSON object" in body["results"][1]["detail"]
    assert (body["stored"], body["duplicates"], body["refused"], body["failed"]) == (2, 1, 1, 0)
    assert sorted(GameRecord.objects.values_list("status", flat=True)) == ["valid", "valid"]


def test_a_bulk_item_the_database_refuses_is_refused_alone(
    client, player, django_capture_on_commit_callbacks, monkeypatch
):
    """PostgreSQL refuses a \\u0000 in JSON with a DataError: that item is a 400 entry, the
    others are stored and queued."""
    from games.api import views

    real = views.record_upload

    def refusing(*, data, **kwargs):
        if isinstance(data, dict) and data["seats"][0]["name"].startswith("nul"):
            raise DataError("unsupported Unicode escape sequence")
        return real(data=data, **kwargs)

    monkeypatch.setattr(views, "record_upload", refusing)
    good = jsonform.log_to_dict(random_log(seed=610))
    bad = jsonform.log_to_dict(random_log(seed=611))
    bad["seats"][0]["name"] = "nul\u0000"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("api-record-bulk"), json.dumps({"logs": [bad, good]}), content_type="application/json"
        )
    assert response.status_code == 207
    assert [item["status"] for item in response.json()["results"]] == [400, 201]
    assert "\\u0000" in response.json()["results"][0]["detail"]
    assert GameRecord.objects.get().status == GameRecord.Status.VALID


def test_a_bulk_item_with_a_nul_in_a_seat_name_never_spoils_the_others(
    client, player, django_capture_on_commit_callbacks
):
    """On PostgreSQL the database itself refuses the \\u0000 (SQLite stores it)."""
    good = jsonform.log_to_dict(random_log(seed=612))
    bad = jsonform.log_to_dict(random_log(seed=613))
    bad["seats"][0]["name"] = "a\u0000b"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("api-record-bulk"), json.dumps({"logs": [bad, good]}), content_type="application/json"
        )
    assert response.status_code == 207
    first, second = response.json()["results"]
    assert first["status"] in (201, 400) and second["status"] == 201
    assert GameRecord.objects.get(public_id=second["record"]["id"]).status == GameRecord.Status.VALID


def test_a_fault_of_ours_on_one_bulk_item_is_a_500_entry_and_the_answer_is_still_207(
    client, player, django_capture_on_commit_callbacks, monkeypatch
):
    from games.api import views

    real = views.record_upload
    calls = []

    def flaky(**kwargs):
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("disk on fire")
        return real(**kwargs)

    monkeypatch.setattr(views, "record_upload", flaky)
    logs = [jsonform.log_to_dict(random_log(seed=620 + i)) for i in range(2)]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("api-record-bulk"), json.dumps({"logs": logs}), content_type="application/json")
    assert response.status_code == 207
    first, second = response.json()["results"]
    assert first["status"] == 500 and "send it again" in first["detail"] and "fire" not in first["detail"]
    assert second["status"] == 201
    assert response.json()["failed"] == 1
    assert GameRecord.objects.get().status == GameRecord.Status.VALID


# --- the broker down --------------------------------------------------------------------------


@pytest.mark.usefixtures("broker_down")
def test_with_the_broker_down_an_upload_answers_fast_and_the_record_stays_pending(
    client, player, django_capture_on_commit_callbacks
):
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("api-record-list"), as_text(random_log(seed=630)), content_type="text/plain")
    elapsed = time.monotonic() - started
    assert response.status_code == 201
    assert elapsed < 3, f"the upload took {elapsed:.1f} s with the broker down"
    assert GameRecord.objects.get().status == GameRecord.Status.PENDING


@pytest.mark.usefixtures("broker_down")
def test_with_the_broker_down_a_bulk_upload_answers_fast_and_every_record_stays_pending(
    client, player, django_capture_on_commit_callbacks
):
    logs = [jsonform.log_to_dict(random_log(seed=640 + i)) for i in range(3)]
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("api-record-bulk"), json.dumps({"logs": logs}), content_type="application/json")
    assert response.status_code == 207 and time.monotonic() - started < 3
    assert set(GameRecord.objects.values_list("status", flat=True)) == {"pending"}


@pytest.mark.usefixtures("broker_down")
def test_with_the_broker_down_the_upload_page_answers_fast(client, player, django_capture_on_commit_callbacks):
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("record-upload"), {"text": as_text(random_log(seed=650))})
    assert response.status_code == 302 and time.monotonic() - started < 3
    assert GameRecord.objects.get().status == GameRecord.Status.PENDING


# --- the sweep --------------------------------------------------------------------------------


def test_the_sweep_sends_again_records_pending_too_long_and_leaves_fresh_ones_alone():
    old, fresh = stored(2)
    backdate([old], 120)
    assert records_requeue() == [old.pk]  # BRUME_SWEEP_AFTER is 60 s
    old.refresh_from_db()
    fresh.refresh_from_db()
    assert old.status == GameRecord.Status.VALID
    assert fresh.status == GameRecord.Status.PENDING


def test_the_sweep_takes_over_a_record_whose_worker_died_holding_its_claim(settings):
    settings.BRUME_VALIDATION_LEASE = 30
    dead, live = stored(2)
    GameRecord.objects.filter(pk=dead.pk).update(
        status=GameRecord.Status.VALIDATING, claimed_at=timezone.now() - timedelta(seconds=31), attempts=1
    )
    GameRecord.objects.filter(pk=live.pk).update(
        status=GameRecord.Status.VALIDATING, claimed_at=timezone.now() - timedelta(seconds=5), attempts=1
    )
    assert records_requeue() == [dead.pk]
    dead.refresh_from_db()
    live.refresh_from_db()
    assert dead.status == GameRecord.Status.VALID and dead.attempts == 2
    assert live.status == GameRecord.Status.VALIDATING


def test_the_sweep_sends_at_most_its_limit_oldest_first():
    records = stored(3)
    for age, record in zip((300, 200, 100), records):
        backdate([record], age)
    assert records_requeue(limit=2) == [records[0].pk, records[1].pk]


def test_the_requeue_records_command_validates_what_is_pending(capsys):
    old, fresh = stored(2)
    backdate([old], 10)
    call_command("requeue_records", "--older-than", "5")
    assert "records: 1 sent again" in capsys.readouterr().out
    assert GameRecord.objects.get(pk=old.pk).status == GameRecord.Status.VALID
    assert GameRecord.objects.get(pk=fresh.pk).status == GameRecord.Status.PENDING
    call_command("requeue_records", "--older-than", "0")
    assert GameRecord.objects.get(pk=fresh.pk).status == GameRecord.Status.VALID


def test_the_requeue_records_command_refuses_a_negative_age():
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="0 or more"):
        call_command("requeue_records", "--older-than", "-1")


def test_in_process_the_next_upload_sweeps_what_a_crash_left_pending(sweep_due, django_capture_on_commit_callbacks):
    (left_behind,) = stored(1)  # stored, then the process died before its validation ran
    backdate([left_behind], 120)
    with django_capture_on_commit_callbacks(execute=True):
        record_upload(data=random_log(seed=660))
    assert GameRecord.objects.get(pk=left_behind.pk).status == GameRecord.Status.VALID


def test_in_process_the_sweep_runs_at_most_once_an_interval(sweep_due, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        record_upload(data=random_log(seed=670))
    (left_behind,) = stored(1)
    backdate([left_behind], 120)
    with django_capture_on_commit_callbacks(execute=True):
        record_upload(data=random_log(seed=671))
    assert GameRecord.objects.get(pk=left_behind.pk).status == GameRecord.Status.PENDING


def test_one_failing_sweep_does_not_stop_the_others(monkeypatch):
    from games import sweep

    def broken(older_than):
        raise RuntimeError("the outbox table is locked")

    monkeypatch.setitem(sweep._SWEEPERS, "broken", broken)
    monkeypatch.setitem(sweep._SWEEPERS, "after it", lambda older_than: 7)
    sent = sweep.sweep()
    assert sent["broken"] == 0 and sent["after it"] == 7


def test_the_sweep_stops_at_the_first_send_that_fails(monkeypatch):
    """With the broker down each send waits out its timeout: one failure is enough to know."""
    from games import tasks

    records = stored(3)
    backdate(records, 120)
    attempts = []

    def refused(ids):
        attempts.append(ids)
        raise ConnectionError("the broker is down")

    monkeypatch.setattr("games.services.BULK_TASK_SIZE", 1)
    monkeypatch.setattr(tasks.validate_records, "delay", refused)
    assert records_requeue() == []
    assert len(attempts) == 1
    assert set(GameRecord.objects.values_list("status", flat=True)) == {"pending"}


@pytest.mark.usefixtures("broker_down")
def test_an_ai_batch_started_with_the_broker_down_stays_queued_for_the_sweep(django_capture_on_commit_callbacks):
    from games.ai_batches import batch_create
    from games.models import AIBatch

    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        batch = batch_create(game="carnac", players=["random", "random"], games=2, seed=5)
    assert time.monotonic() - started < 3
    assert AIBatch.objects.get(pk=batch.pk).status == AIBatch.Status.QUEUED


def test_the_sweep_plays_an_ai_batch_whose_message_was_lost():
    from games.ai_batches import batch_create, batches_requeue
    from games.models import AIBatch

    batch = batch_create(game="carnac", players=["random", "random"], games=2, seed=6)  # never sent
    assert batches_requeue() == []  # just created: its own message may be on its way
    AIBatch.objects.filter(pk=batch.pk).update(created_at=timezone.now() - timedelta(seconds=120))
    assert batches_requeue() == [batch.pk]
    batch.refresh_from_db()
    assert batch.status == AIBatch.Status.DONE and batch.games_played == 2 and batch.records.count() == 2
