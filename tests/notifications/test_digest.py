"""Email: one digest per person, queued only once the rows are committed, sent once."""

import threading

import pytest
from django.core import mail
from django.db import connection, transaction

from notifications import services
from notifications.models import Kind, Notification
from notifications.services import Message, digest_send, notify
from tests.tournament.factories import make_user
from tournament.services.rounds import round_publish

from .world import build, rows, with_email


def committed_count(user_id: int) -> int:
    """Rows another connection sees: only what is committed."""
    seen = []

    def look():
        try:
            seen.append(Notification.objects.filter(recipient_id=user_id).count())
        finally:
            connection.close()

    thread = threading.Thread(target=look)
    thread.start()
    thread.join()
    return seen[0]


@pytest.mark.django_db(transaction=True)
def test_the_digest_is_queued_after_the_rows_are_committed(monkeypatch):
    """In a real transaction: the round is published inside a larger atomic block; the digest is
    queued only after everything committed, and its task then sees the rows from any connection."""
    world = build(players=2, publish=False)
    queued = []
    real_queue = services.queue_digest

    def spy(user_id):
        queued.append((user_id, connection.in_atomic_block, committed_count(user_id)))
        return real_queue(user_id)

    monkeypatch.setattr(services, "queue_digest", spy)
    with transaction.atomic():
        round_publish(stage=world.event.stages.get(), by=world.owner)
        assert queued == []  # nothing announced before the commit
        assert Notification.objects.count() == 0
    assert sorted(queued) == sorted((p.pk, False, 1) for p in world.players)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(p.email for p in world.players)


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_change_notifies_nobody():
    world = build(players=2, publish=False)
    with pytest.raises(RuntimeError), transaction.atomic():
        round_publish(stage=world.event.stages.get(), by=world.owner)
        raise RuntimeError("the request failed after publishing")
    assert Notification.objects.count() == 0 and mail.outbox == []


@pytest.mark.django_db(transaction=True)
def test_three_notifications_at_once_make_one_email_and_a_second_run_sends_nothing():
    person = with_email(make_user())
    with transaction.atomic():
        for number, kind in enumerate([Kind.PAIRINGS_PUBLISHED, Kind.RESULT_REPORTED, Kind.DEADLINE_SOON]):
            notify(kind=kind, key=f"burst:{number}", messages=[Message(person.pk, f"Thing {number}", "body", "/x/")])
    # Three tasks were queued after the commit; the first sent all three, the others nothing.
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [person.email]
    assert message.subject == "Brume: 3 new notifications"
    assert all(f"Thing {n}" in message.body for n in range(3))
    assert "https://brume.example/x/" in message.body
    html, mimetype = message.alternatives[0]
    assert mimetype == "text/html" and "Thing 2" in html and 'href="https://brume.example/x/"' in html
    assert not rows(person).filter(emailed_at__isnull=True).exists()
    assert digest_send(user_id=person.pk) == 0
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_a_digest_skips_what_was_read_on_the_site_or_turned_off_since(django_capture_on_commit_callbacks):
    person = with_email(make_user())
    with django_capture_on_commit_callbacks(execute=False):  # the tasks are not run: rows wait
        notify(kind=Kind.PAIRINGS_PUBLISHED, key="a", messages=[Message(person.pk, "Pairings")])
        notify(kind=Kind.DEADLINE_SOON, key="b", messages=[Message(person.pk, "Deadline")])
        notify(kind=Kind.EVENT_STARTING, key="c", messages=[Message(person.pk, "Starting")])
    services.notification_mark_read(user=person, notification_id=rows(person, Kind.PAIRINGS_PUBLISHED).get().pk)
    services.preferences_set(user=person, changes={Kind.DEADLINE_SOON: {"email": False}})
    with django_capture_on_commit_callbacks(execute=True):  # the digest's email leaves after its commit
        assert digest_send(user_id=person.pk) == 1
    assert mail.outbox[0].subject == "Brume: Starting"
    assert rows(person).filter(by_email=True, emailed_at__isnull=True).count() == 0


@pytest.mark.django_db
def test_no_address_no_email_but_the_site_still_shows_it(django_capture_on_commit_callbacks):
    person = make_user()  # no email address
    with django_capture_on_commit_callbacks(execute=True):
        notify(kind=Kind.PAIRINGS_PUBLISHED, key="k", messages=[Message(person.pk, "Pairings")])
    note = rows(person).get()
    assert note.on_site and not note.by_email and mail.outbox == []


@pytest.mark.django_db(transaction=True)
def test_a_failing_mail_server_loses_nothing(monkeypatch):
    """The mail server refuses: the digest is written to the outbox all the same, with its rows
    marked emailed in the same transaction, and the outbox sends it once the server is back."""
    from django.core.mail.backends.locmem import EmailBackend

    from outbox.models import OutgoingMail
    from outbox.services import mails_requeue

    person = with_email(make_user())
    Notification.objects.create(recipient=person, kind=Kind.PAIRINGS_PUBLISHED, title="Pairings", by_email=True)

    def refuse(self, messages):
        raise OSError("connection refused")

    monkeypatch.setattr(EmailBackend, "send_messages", refuse)
    assert digest_send(user_id=person.pk) == 1
    assert rows(person).get().emailed_at is not None and mail.outbox == []
    waiting = OutgoingMail.objects.get()
    assert waiting.status == OutgoingMail.Status.PENDING and "connection refused" in waiting.last_error
    monkeypatch.undo()
    assert mails_requeue(older_than=0) == [waiting.pk]
    assert len(mail.outbox) == 1 and mail.outbox[0].subject == "Brume: Pairings"


@pytest.mark.django_db
def test_the_sweep_queues_digests_left_waiting(django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    from notifications.tasks import sweep_digests

    person = with_email(make_user())
    with django_capture_on_commit_callbacks(execute=False):  # its task was lost
        notify(kind=Kind.PAIRINGS_PUBLISHED, key="k", messages=[Message(person.pk, "Pairings")])
    assert sweep_digests() == 0  # too recent: its own task may still come
    Notification.objects.update(created_at=timezone.now() - timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):  # the digest's email leaves after its commit
        assert sweep_digests() == 1
    assert len(mail.outbox) == 1 and rows(person).get().emailed_at is not None


@pytest.mark.django_db
def test_demo_gives_alice_her_latest_pairing_once_and_keeps_three_unread(django_capture_on_commit_callbacks):
    from notifications.demo import load_notifications_demo
    from tests.tournament.factories import make_event
    from tournament.services.registration import participant_add

    alice = with_email(make_user("alice"))
    event, owner, _ = make_event(players=1, start=False)
    participant_add(event=event, by=owner, user=alice)
    from tournament.services.events import event_set_status

    event_set_status(event=event, by=owner, status="running")
    round_publish(stage=event.stages.get(), by=owner)  # its signal is not heard here (no commit)
    for n in range(4):
        notify(kind=Kind.LOG_VERDICT, key=f"old:{n}", messages=[Message(alice.pk, f"Old {n}")])
    assert load_notifications_demo() == 1
    assert load_notifications_demo() == 0
    assert rows(alice, Kind.PAIRINGS_PUBLISHED).get().dedupe_key.startswith("pairings:")
    assert rows(alice).count() == 5 and rows(alice).filter(read_at__isnull=True).count() == 3


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_send_one_email(monkeypatch):
    """While one worker sends a digest, another run for the same person sends nothing. On
    PostgreSQL the second run skips the locked rows at once (it would wait without
    skip_locked, and the join below would time out); SQLite queues writers, so there the second
    run goes after the first and finds everything sent."""
    from django.core.mail import EmailMultiAlternatives

    person = with_email(make_user())
    for n in range(2):  # rows waiting for their email (their own tasks not sent)
        Notification.objects.create(
            recipient=person, kind=Kind.PAIRINGS_PUBLISHED, title=f"Pairings {n}", dedupe_key=f"k{n}", by_email=True
        )
    other_run = []

    def second_worker():
        try:
            other_run.append(digest_send(user_id=person.pk))
        finally:
            connection.close()

    real_send = EmailMultiAlternatives.send
    worker = threading.Thread(target=second_worker)

    def send_while_another_worker_runs(self, *args, **kwargs):
        worker.start()
        if connection.vendor == "postgresql":
            worker.join(timeout=5)
            assert other_run == [0], "the second worker waited for the locked rows instead of skipping them"
        return real_send(self, *args, **kwargs)

    monkeypatch.setattr(EmailMultiAlternatives, "send", send_while_another_worker_runs)
    assert digest_send(user_id=person.pk) == 2
    worker.join(timeout=30)
    assert other_run == [0]
    assert len(mail.outbox) == 1
