"""Records: stored once per log, validated exactly once, every bad input refused clearly."""

import dataclasses
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import GameRecord
from games.services import RecordRejected, record_claim, record_upload, record_validate

from .helpers import as_text, random_log, with_bad_move, with_claim

pytestmark = pytest.mark.django_db


def test_an_uploaded_log_is_validated_in_process_without_a_broker(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        upload = record_upload(data=as_text(random_log()))
    record = GameRecord.objects.get(pk=upload.record.pk)
    assert upload.created
    assert record.status == GameRecord.Status.VALID and record.finished
    assert record.verdict["valid"] is True and record.verdict["outcome"]["ranks"]
    assert record.attempts == 1


def test_the_same_log_uploaded_twice_is_recognised():
    log = random_log(seed=2)
    first = record_upload(data=as_text(log))
    again = record_upload(data=log.__class__(**{f.name: getattr(log, f.name) for f in dataclasses.fields(log)}))
    assert not again.created and again.record.pk == first.record.pk
    assert GameRecord.objects.count() == 1


def test_an_illegal_move_makes_the_record_invalid_at_that_move():
    record = record_upload(data=with_bad_move(random_log(seed=3), 5)).record
    record = record_validate(record_id=record.pk)
    assert record.status == GameRecord.Status.INVALID
    assert record.bad_move_ply == 5
    assert "move 5 'zz99'" in record.verdict["problems"][0]


def test_a_claimed_result_that_the_moves_contradict_is_invalid():
    log = random_log(seed=4)
    wrong = list(reversed(log.result.ranks)) if len(set(log.result.ranks)) > 1 else [1, 2]
    record = record_validate(record_id=record_upload(data=with_claim(log, wrong)).record.pk)
    assert record.status == GameRecord.Status.INVALID
    assert record.verdict["result_matches"] is False


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("hello", "starts with 'Brume log 1'"),
        (b"\xff\xfe", "not UTF-8"),
        ('{"brume_log": 1, "game": "chess", "seats": ["A", "B"]}', "no game called 'chess'"),
        ("x" * 2_000_001, "larger than"),
        ({"brume_log": 1}, "missing the field game"),
    ],
)
def test_what_is_not_a_log_is_refused_and_nothing_is_stored(data, message):
    with pytest.raises(RecordRejected, match=message):
        record_upload(data=data)
    assert not GameRecord.objects.exists()


def test_a_duplicate_delivery_does_nothing():
    record = record_upload(data=random_log(seed=5)).record
    assert record_validate(record_id=record.pk).status == GameRecord.Status.VALID
    assert record_validate(record_id=record.pk) is None  # already done
    record.refresh_from_db()
    assert record.attempts == 1


def test_a_live_claim_is_respected_and_a_stale_one_is_taken_over(settings):
    settings.BRUME_VALIDATION_LEASE = 60
    record = record_upload(data=random_log(seed=6)).record
    assert record_claim(record.pk) is True
    assert record_claim(record.pk) is False  # another delivery while the first worker runs
    GameRecord.objects.filter(pk=record.pk).update(claimed_at=timezone.now() - timedelta(seconds=61))
    assert record_validate(record_id=record.pk).status == GameRecord.Status.VALID  # the first worker died
    record.refresh_from_db()
    assert record.attempts == 2


def test_an_engine_fault_marks_the_record_failed_not_invalid(monkeypatch):
    record = record_upload(data=random_log(seed=7)).record

    def broken(log):
        raise RuntimeError("engine bug")

    monkeypatch.setattr("games.services.validate", broken)
    record = record_validate(record_id=record.pk)
    assert record.status == GameRecord.Status.FAILED
    assert "engine bug" in record.error
