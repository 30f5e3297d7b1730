"""With a real Celery worker on Redis and a real SMTP server: notifications that arrive within
the digest delay go out as one message per person, sent by the worker after the commit."""

import pytest
from django.db import transaction

from tests.integration.conftest import (  # noqa: F401  (fixtures, used by name)
    celery_app_on_redis,
    redis_url,
    reset_router,
    start_worker,
    stop_worker,
    worker_queue,
)
from tests.integration.test_record_pipeline import wait_for
from tournament.services.results import game_report
from tournament.services.rounds import round_publish

from .world import build, rows

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def mailing_worker(celery_app_on_redis, redis_url, tmp_path, worker_queue, smtp_server, settings):  # noqa: F811
    """A worker that sends its email to the test's SMTP server; notification tasks routed to it."""
    worker = start_worker(
        redis_url,
        tmp_path / "worker.log",
        worker_queue,
        extra_env={
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_HOST": settings.EMAIL_HOST,
            "EMAIL_PORT": str(settings.EMAIL_PORT),
            "BRUME_SITE_URL": "https://brume.example",
            # the digest's email goes through the outbox: its task, sent by the worker, comes back to it
            "CELERY_TASK_DEFAULT_QUEUE": worker_queue,
        },
    )
    celery_app_on_redis.conf.task_routes = {
        "notifications.*": {"queue": worker_queue},
        "outbox.*": {"queue": worker_queue},
    }
    reset_router(celery_app_on_redis)
    yield worker
    stop_worker(worker)


def test_a_burst_within_the_delay_is_one_email_per_person_sent_by_the_worker(mailing_worker, smtp_server, settings):
    settings.BRUME_NOTIFY_EMAIL_DELAY = 3
    world = build(players=2, publish=False)
    with transaction.atomic():
        round_ = round_publish(stage=world.event.stages.get(), by=world.owner)
    first = world.players[0]
    second = round_.matches.get().seats.exclude(participant__user=first).get().participant.user
    game = round_.matches.get().games.get()
    with transaction.atomic():
        game_report(game=game, by=first, ranks=[1, 2])
    assert smtp_server.messages == []  # the worker waits for the delay: the burst gathers
    wait_for(lambda: not rows().filter(by_email=True, emailed_at__isnull=True).exists(), 60, mailing_worker.log())
    wait_for(lambda: len(smtp_server.messages) >= 2, 10, "the two messages")
    by_address = {rcpt[0]: message for rcpt, message in smtp_server.messages}
    assert len(smtp_server.messages) == 2 and set(by_address) == {first.email, second.email}
    assert by_address[second.email]["Subject"] == "Brume: 2 new notifications"
    assert by_address[first.email]["Subject"] == f"Brume: {world.event.name}: pairings of round 1"
