"""Writes of the games app: storing game logs as records, validating them exactly once."""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext

from games.engines import UnknownGame, get_engine
from games.gamelog import GameLog, LogFormatError, jsonform, parse_log
from games.gamelog.limits import N_
from games.gamelog.validator import validate
from games.log_errors import log_error_text
from games.models import GameRecord
from games.signals import record_validated
from games.verdicts import stored_json

logger = logging.getLogger(__name__)


class RecordRejected(ValueError):
    """The upload is not a log Brume can store; the message says why (HTTP 400)."""

    def __init__(self, message: str, *, where: str | None = None):
        super().__init__(message)
        self.message = message
        self.where = where


def canonical_json(log: GameLog) -> str:
    return json.dumps(jsonform.log_to_dict(log), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def content_hash(log: GameLog) -> str:
    return hashlib.sha256(canonical_json(log).encode()).hexdigest()


def _parse(data) -> GameLog:
    try:
        if isinstance(data, GameLog):
            return data
        if isinstance(data, dict):
            return jsonform.log_from_dict(data)
        if not isinstance(data, str | bytes):  # a JSON array or number as the body
            raise LogFormatError(N_("a log is a JSON object or its text form"), where="log")
        return parse_log(data)
    except LogFormatError as exc:
        error = log_error_text(exc)
        raise RecordRejected(gettext("not a Brume game log: %(error)s") % {"error": error}, where=exc.where) from None


@dataclass(frozen=True)
class Upload:
    record: GameRecord
    created: bool  # False when the same log was stored before


def record_upload(*, data, by=None, source: str = GameRecord.Source.UPLOADED, enqueue: bool = True) -> Upload:
    """Store a log (JSON text, text form, a dict or a GameLog) and queue its validation.

    The same log uploaded twice is recognised by its content hash and returns the first record.
    ``enqueue=False`` leaves the queueing to the caller (``records_enqueue`` for many at once).
    Nothing is stored for input that is not a log.
    """
    log = _parse(data)
    try:
        get_engine(log.game)
    except UnknownGame as exc:
        raise RecordRejected(str(exc), where="game") from None
    digest = content_hash(log)
    existing = GameRecord.objects.filter(content_hash=digest).first()
    if existing is not None:
        return Upload(existing, False)
    try:
        with transaction.atomic():
            record = GameRecord.objects.create(
                game=log.game,
                log=jsonform.log_to_dict(log),
                content_hash=digest,
                move_count=len(log.moves),
                source=source,
                uploaded_by=by if by is not None and by.is_authenticated else None,
            )
            if enqueue:
                transaction.on_commit(lambda: enqueue_validation(record.pk))
    except IntegrityError:  # the same log arrived twice at once: the other upload won
        return Upload(GameRecord.objects.get(content_hash=digest), False)
    return Upload(record, True)


def enqueue_validation(record_id: int) -> None:
    """Send one record's validation. A failed send (broker down) is logged and the record
    stays pending: ``records_requeue`` sends it again."""
    from games.sweep import sweep_if_due
    from games.tasks import publish, validate_record

    publish(validate_record, record_id, what=f"the validation of record {record_id}")
    sweep_if_due()


BULK_TASK_SIZE = 50


def _send_validations(record_ids: list[int]) -> list[int]:
    """Send validations now, in tasks of up to 50; returns the ids whose task was sent.

    The first failed send stops the rest: with the broker down every send would wait out its
    timeout, and the records left pending are the sweep's."""
    from games.tasks import publish, validate_records

    sent = []
    for start in range(0, len(record_ids), BULK_TASK_SIZE):
        chunk = record_ids[start : start + BULK_TASK_SIZE]
        if not publish(validate_records, chunk, what=f"the validation of {len(chunk)} records from {chunk[0]}"):
            break
        sent.extend(chunk)
    return sent


def records_enqueue(record_ids: list[int]) -> None:
    """Queue the validation of many records in tasks of up to 50, once the transaction commits:
    a log validates in about a millisecond, so one message per log would cost more in queueing
    than the work itself. A failed send leaves the records pending for the sweep."""
    from games.sweep import sweep_if_due

    pending = list(dict.fromkeys(record_ids))
    if pending:
        transaction.on_commit(lambda: _send_validations(pending))
        transaction.on_commit(sweep_if_due)


def records_requeue(*, older_than: float | None = None, limit: int = 1000) -> list[int]:
    """Send again the validation of records stuck on the way: pending for longer than
    ``older_than`` seconds (``BRUME_SWEEP_AFTER`` by default: their message was never sent, or
    was lost), or validating under a claim that outlived the lease (their worker died).

    Oldest first, at most ``limit`` per call. A record whose first message is still queued is
    sent twice; the claim makes the second delivery do nothing. Returns the ids sent.
    """
    now = timezone.now()
    after = timedelta(seconds=settings.BRUME_SWEEP_AFTER if older_than is None else older_than)
    stuck = GameRecord.objects.filter(
        Q(status=GameRecord.Status.PENDING, created_at__lte=now - after)
        | Q(status=GameRecord.Status.VALIDATING, claimed_at__lt=now - _lease())
    ).order_by("created_at", "pk")
    ids = list(stuck.values_list("pk", flat=True)[:limit])
    if ids:
        logger.info("re-queueing the validation of %d stuck records", len(ids))
    return _send_validations(ids)


def _lease() -> timedelta:
    return timedelta(seconds=getattr(settings, "BRUME_VALIDATION_LEASE", settings.CELERY_TASK_TIME_LIMIT))


def record_claim(record_id: int) -> bool:
    """Claim a record for validation with one conditional update.

    A pending record is claimed; so is one whose claim has outlived the lease (its worker died).
    A record that is done, or validating under a live claim, is left alone: a duplicate
    delivery does nothing.
    """
    return _claim(record_id) is not None


def _claim(record_id: int):
    """The time of this claim (which names it), or None when the record was not claimed."""
    now = timezone.now()
    pending = GameRecord.objects.filter(pk=record_id, status=GameRecord.Status.PENDING)
    stale = GameRecord.objects.filter(pk=record_id, status=GameRecord.Status.VALIDATING, claimed_at__lt=now - _lease())
    for candidates in (pending, stale):
        # One statement: a worker killed right after its claim has counted its attempt.
        if candidates.update(status=GameRecord.Status.VALIDATING, claimed_at=now, attempts=F("attempts") + 1) == 1:
            return now
    return None


def _release(record_id: int, claimed_at) -> None:
    """Give a claim back (the record is pending again) so that the task's retry can claim it at
    once; if even that fails, the claim runs out with its lease and the sweep sends it again."""
    try:
        GameRecord.objects.filter(pk=record_id, status=GameRecord.Status.VALIDATING, claimed_at=claimed_at).update(
            status=GameRecord.Status.PENDING, claimed_at=None
        )
    except DatabaseError:
        logger.exception("could not give back the claim on record %s; its lease will run out", record_id)


def record_validate(*, record_id: int) -> GameRecord | None:
    """Validate one claimed record and write its verdict once. Returns None if not claimed.

    The verdict and what it does (``record_validated``'s receivers: the series games it
    confirms, the uploader's notification) commit together. When the database fails in between
    (a lock, a lost connection) nothing is written and the claim is given back, so that the
    task's retry does it all: before, the verdict was written first and its effects after, and a
    failure there left a valid log that confirmed nothing. A receiver's own bug does not undo
    the verdict: it is written alone and the error logged (the sweep's "attached logs" tries the
    series games again).
    """
    claimed_at = _claim(record_id)
    if claimed_at is None:
        return None
    record = GameRecord.objects.get(pk=record_id)
    try:
        verdict = validate(jsonform.log_from_dict(record.log))
    except Exception as exc:  # an engine bug: the log is not at fault, say so and keep it
        logger.exception("validation of record %s failed", record_id)
        fields = {
            "status": GameRecord.Status.FAILED,
            "error": f"{type(exc).__name__}: {exc}",
            "validated_at": timezone.now(),
        }
    else:
        fields = {
            "status": GameRecord.Status.VALID if verdict.valid else GameRecord.Status.INVALID,
            "verdict": stored_json(verdict),
            "finished": verdict.finished,
            "bad_move_ply": verdict.bad_move.ply if verdict.bad_move else None,
            "validated_at": timezone.now(),
        }
    try:
        return _write_verdict(record_id, fields, announce=True)
    except DatabaseError:
        _release(record_id, claimed_at)
        raise
    except Exception:
        logger.exception("what the verdict of record %s does failed; the verdict is kept", record_id)
        return _write_verdict(record_id, fields, announce=False)


def _write_verdict(record_id: int, fields: dict, *, announce: bool) -> GameRecord:
    with transaction.atomic():
        written = GameRecord.objects.filter(pk=record_id, status=GameRecord.Status.VALIDATING).update(**fields)
        record = GameRecord.objects.get(pk=record_id)
        if written == 1 and announce:
            record_validated.send(sender=GameRecord, record=record)
    return record
