"""The outbox's rules: an email leaves after its transaction commits and never if it rolls back;
one row is sent at most once however many senders race for it; a failure waits longer each
time, then is given up; an operator sees what is stuck."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.core import mail
from django.core.mail import send_mail
from django.core.mail.backends.locmem import EmailBackend
from django.db import connection, transaction
from django.utils import timezone

from games.sweep import sweep
from outbox.models import OutgoingMail
from outbox.services import mail_send, mails_requeue

Status = OutgoingMail.Status


def write(subject: str = "Pairings of round 2") -> int:
    return send_mail(subject, "Table 4 against Bob.", None, ["alice@example.org"])


@pytest.mark.django_db(transaction=True)
def test_an_email_leaves_only_once_its_transaction_commits():
    with transaction.atomic():
        assert write() == 1
        assert mail.outbox == [] and OutgoingMail.objects.get().status == Status.PENDING
    assert [m.subject for m in mail.outbox] == ["Pairings of round 2"]
    assert mail.outbox[0].body == "Table 4 against Bob."
    sent = OutgoingMail.objects.get()
    assert sent.status == Status.SENT and sent.attempts == 1 and sent.sent_at is not None
    assert bytes(sent.message) == b""  # not kept once sent: it may hold a reset link


@pytest.mark.django_db(transaction=True)
def test_an_email_whose_transaction_rolls_back_is_never_sent():
    with pytest.raises(RuntimeError), transaction.atomic():
        write()
        raise RuntimeError("the work failed after its email was written")
    with transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():  # a savepoint rolled back alone
            write("Inner")
            raise RuntimeError
        write("Outer")
    assert OutgoingMail.objects.filter(subject="Inner").count() == 0
    sweep(older_than=0)
    assert [m.subject for m in mail.outbox] == ["Outer"]


@pytest.mark.django_db(transaction=True)
def test_the_task_and_the_sweep_racing_send_one_copy(monkeypatch):
    """While one sender is handing the message to the mail server, a second one (the sweep, a
    repeated task) claims the same row from another connection: it finds it taken and sends
    nothing."""
    monkeypatch.setattr(EmailBackend, "send_messages", lambda self, messages: 1)  # the task's send is lost
    write()
    monkeypatch.undo()
    row = OutgoingMail.objects.get()
    OutgoingMail.objects.filter(pk=row.pk).update(status=Status.PENDING, attempts=0)
    second = []
    real_send = EmailBackend.send_messages

    def send_while_the_sweep_runs(self, messages):
        def the_sweep():
            try:
                second.append(mail_send(mail_id=row.pk))
            finally:
                connection.close()

        thread = threading.Thread(target=the_sweep)
        thread.start()
        thread.join(timeout=30)
        return real_send(self, messages)

    monkeypatch.setattr(EmailBackend, "send_messages", send_while_the_sweep_runs)
    first = mail_send(mail_id=row.pk)
    assert first.sent and len(second) == 1 and not second[0].claimed
    assert len(mail.outbox) == 1
    assert not mail_send(mail_id=row.pk).claimed  # sent: never claimed again
    assert mails_requeue(older_than=0) == [] and len(mail.outbox) == 1


@pytest.mark.django_db(transaction=True)
def test_two_senders_claiming_at_the_same_moment_send_one_copy(monkeypatch):
    monkeypatch.setattr(EmailBackend, "send_messages", lambda self, messages: 1)
    write()
    monkeypatch.undo()
    row = OutgoingMail.objects.get()
    OutgoingMail.objects.filter(pk=row.pk).update(status=Status.PENDING, attempts=0)
    start = threading.Barrier(2)
    outcomes = []

    def sender():
        try:
            start.wait(timeout=10)
            outcomes.append(mail_send(mail_id=row.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=sender) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(outcome.claimed for outcome in outcomes) == [False, True]
    assert len(mail.outbox) == 1 and OutgoingMail.objects.get().attempts == 1


@pytest.mark.django_db(transaction=True)
def test_a_failed_attempt_waits_longer_each_time_then_is_given_up(monkeypatch, settings):
    settings.BRUME_EMAIL_MAX_ATTEMPTS = 3

    def refuse(self, messages):
        raise ConnectionRefusedError(111, "Connection refused")

    monkeypatch.setattr(EmailBackend, "send_messages", refuse)
    write()  # the first attempt, after the commit, fails: the page that wrote it is not told
    row = OutgoingMail.objects.get()
    assert row.status == Status.PENDING and row.attempts == 1 and "Connection refused" in row.last_error
    assert timedelta(seconds=55) < row.due_at - timezone.now() <= timedelta(seconds=60)
    assert mail_send(mail_id=row.pk).retry_in == 120.0
    assert mail_send(mail_id=row.pk).retry_in is None
    assert OutgoingMail.objects.get().status == Status.FAILED
    assert mails_requeue(older_than=0) == []  # given up: the sweep leaves it to an operator
    assert mail.outbox == []


@pytest.mark.django_db(transaction=True)
def test_a_claim_left_by_a_dead_worker_is_sent_by_the_sweep_once_it_runs_out(monkeypatch):
    monkeypatch.setattr(EmailBackend, "send_messages", lambda self, messages: 1)
    write()
    monkeypatch.undo()
    row = OutgoingMail.objects.get()
    held = timezone.now() + timedelta(minutes=5)
    OutgoingMail.objects.filter(pk=row.pk).update(status=Status.SENDING, sent_at=None, claimed_until=held)
    assert sweep().get("outgoing mail") == 0 and mail.outbox == []  # still held
    OutgoingMail.objects.filter(pk=row.pk).update(claimed_until=timezone.now() - timedelta(seconds=1))
    assert sweep()["outgoing mail"] == 1
    assert len(mail.outbox) == 1 and OutgoingMail.objects.get().status == Status.SENT


@pytest.mark.django_db(transaction=True)
def test_with_the_broker_down_the_email_waits_for_the_sweep(monkeypatch, settings):
    from outbox import tasks

    def broker_down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379")

    monkeypatch.setattr(tasks.send_mail, "delay", broker_down)
    write()
    assert mail.outbox == [] and OutgoingMail.objects.get().attempts == 0
    monkeypatch.undo()
    settings.BRUME_SWEEP_AFTER = 0
    assert sweep()["outgoing mail"] == 1 and len(mail.outbox) == 1


@pytest.mark.django_db
def test_an_email_without_recipients_is_not_stored():
    assert send_mail("Nobody", "…", None, []) == 0
    assert not OutgoingMail.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_the_admin_lists_stuck_mail_with_its_attempts_and_error(client, monkeypatch):
    from django.contrib.auth import get_user_model

    def refuse(self, messages):
        raise ConnectionRefusedError(111, "Connection refused")

    monkeypatch.setattr(EmailBackend, "send_messages", refuse)
    write("Reset your password")
    admin = get_user_model().objects.create_superuser("root", "root@example.org", "pw-root")
    client.force_login(admin)
    page = client.get("/admin/outbox/outgoingmail/?status__exact=pending").content.decode()
    assert "Reset your password" in page and "alice@example.org" in page
    assert "Pending" in page and "Connection refused" in page
    row = OutgoingMail.objects.get()
    detail = client.get(f"/admin/outbox/outgoingmail/{row.pk}/change/").content.decode()
    assert "Table 4 against Bob." not in detail  # the message itself is not shown
    monkeypatch.undo()
    client.post("/admin/outbox/outgoingmail/", {"action": "send_again", "_selected_action": [row.pk]})
    assert len(mail.outbox) == 1 and OutgoingMail.objects.get().status == Status.SENT
