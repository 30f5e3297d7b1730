"""A log's verdict and what it does to the series game commit together: a database failure in
between leaves nothing half done for the retry, and the sweep applies a verdict whose effect was
lost to a bug."""

import pytest
from django.db.utils import OperationalError

from games.models import GameRecord
from games.services import record_upload, record_validate
from games.signals import record_validated
from games.sweep import sweep
from tournament.models import ResultEntry, SeriesGame
from tournament.services.logs import attached_logs_reapply, game_attach_record

from .test_logs import carnac_duel, decisive_log  # noqa: F401  (carnac_duel is a fixture)

pytestmark = pytest.mark.django_db


class FailingReceiver:
    """A receiver of ``record_validated`` heard after the tournament's, failing ``times`` times."""

    def __init__(self, error: Exception, times: int = 1):
        self.error, self.left = error, times

    def __call__(self, sender, **kwargs):
        if self.left:
            self.left -= 1
            raise self.error

    def __enter__(self):
        record_validated.connect(self, weak=False, dispatch_uid="test-failing-receiver")
        return self

    def __exit__(self, *exc):
        record_validated.disconnect(dispatch_uid="test-failing-receiver")


def attached_and_pending(carnac_duel):  # noqa: F811
    _, owner, game, first, second = carnac_duel
    record = record_upload(data=decisive_log(players=[first, second]), by=owner, enqueue=False).record
    game_attach_record(game=game, by=owner, record=record)  # pending: nothing to apply yet
    return game, record


def validated_entries(game):
    return ResultEntry.objects.filter(game=game, action=ResultEntry.Action.LOG_VALIDATED).count()


def test_a_database_failure_after_the_verdict_leaves_the_record_pending_and_the_retry_confirms_once(
    carnac_duel,  # noqa: F811
):
    game, record = attached_and_pending(carnac_duel)
    with FailingReceiver(OperationalError("database is locked")), pytest.raises(OperationalError):
        record_validate(record_id=record.pk)
    record.refresh_from_db()
    game.refresh_from_db()
    assert record.status == GameRecord.Status.PENDING and record.claimed_at is None  # given back
    assert game.status == SeriesGame.Status.AWAITING and validated_entries(game) == 0  # nothing half done
    assert record_validate(record_id=record.pk).status == GameRecord.Status.VALID  # the task's retry
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.CONFIRMED and validated_entries(game) == 1


def test_a_receivers_bug_keeps_the_verdict_and_the_sweep_applies_it_later(carnac_duel, settings):  # noqa: F811
    game, record = attached_and_pending(carnac_duel)
    with FailingReceiver(RuntimeError("a bug in a receiver")):
        assert record_validate(record_id=record.pk).status == GameRecord.Status.VALID
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.AWAITING  # its effect was rolled back with the bug

    settings.BRUME_SWEEP_AFTER = 3600
    assert attached_logs_reapply() == []  # a verdict this recent may still be being applied
    assert sweep(older_than=0)["attached logs"] == 1
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.CONFIRMED and validated_entries(game) == 1
    assert attached_logs_reapply(older_than=0) == []  # nothing left to apply


def test_the_sweep_leaves_games_whose_log_decides_nothing(carnac_duel):  # noqa: F811
    _, owner, game, first, second = carnac_duel
    log = decisive_log(players=[first, second])
    unfinished = log.__class__(**{**log.__dict__, "moves": log.moves[:5], "result": None})
    record = record_upload(data=unfinished, by=owner, enqueue=False).record
    game_attach_record(game=game, by=owner, record=record)
    assert record_validate(record_id=record.pk).finished is False
    assert attached_logs_reapply(older_than=0) == []
    game.refresh_from_db()
    assert game.status == SeriesGame.Status.AWAITING
