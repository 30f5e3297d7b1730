"""Deliveries to a real HTTP receiver: every kind signed as docs/webhooks.md says, retries on a
schedule, giving up, 410, redelivery."""

from __future__ import annotations

import json
import socket
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from tournament import signals
from tournament.models import Event
from tournament.services.events import event_set_status
from tournament.services.results import game_confirm, game_report
from tournament.services.rounds import round_publish
from tournament.services.stages import stage_close
from webhooks.models import SUBSCRIBABLE, Delivery, Endpoint
from webhooks.services import (
    deliveries_due,
    delivery_attempt,
    delivery_redeliver,
    endpoint_create,
    endpoint_ping,
    endpoint_rotate_secret,
)

SCHEDULE = [60, 300, 1800, 7200, 43200]


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Run what waits for the commit (signals, queued tasks) when the block ends."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def _settle(world, match, by_player, by_opponent, on_commit):
    game = match.games.get(number=1)
    players = [seat.participant.user for seat in match.seats.order_by("seat")]
    with on_commit():
        game = game_report(game=game, by=players[0], ranks=[1, 2])
    with on_commit():
        game_confirm(game=game, by=players[1])


def test_every_kind_arrives_signed_and_verifiable_with_the_documented_recipe(
    local_delivery, receiver, world, verify, on_commit
):
    owner = world.users["owner"]
    endpoint, secret = endpoint_create(by=owner, event=world.event, url=receiver.url, kinds=list(SUBSCRIBABLE))
    for match in (world.match, world.other_match):
        _settle(world, match, None, None, on_commit)
    stage = world.event.stages.get()
    with on_commit():
        stage_close(stage=stage, by=owner)
    with on_commit():
        event_set_status(event=world.event, by=owner, status=Event.Status.FINISHED)

    kinds = [request["headers"]["Brume-Event"] for request in receiver.requests]
    assert kinds.count("result_confirmed") == 2
    assert kinds.count("standings_changed") >= 2
    assert kinds[-1] == "event_finished"
    for request in receiver.requests:
        body, headers = request["body"], request["headers"]
        assert verify(secret, headers, body), headers
        assert not verify(secret, headers, body + b" "), "a changed body must fail"
        assert not verify("whsec_wrong", headers, body)
        assert not verify(secret, headers, body, now=int(headers["Brume-Timestamp"]) + 301), "too old"
        payload = json.loads(body)
        assert payload["id"] == headers["Brume-Delivery"]
        assert payload["type"] == headers["Brume-Event"]
        assert payload["event"]["slug"] == world.event.slug
        assert request["headers"]["Content-Type"] == "application/json"
    assert Delivery.objects.filter(endpoint=endpoint).exclude(status="delivered").count() == 0

    result = next(json.loads(r["body"]) for r in receiver.requests if r["headers"]["Brume-Event"] == "result_confirmed")
    names = {seat.participant.name for seat in world.match.seats.all()}
    assert {p["name"] for p in result["data"]["game"]["players"]} == names
    assert sorted(p["rank"] for p in result["data"]["game"]["players"]) == [1, 2]
    assert result["data"]["match"]["status"] == "completed"

    finished = json.loads(receiver.requests[-1]["body"])["data"]
    assert len(finished["winners"]) >= 1
    rows = finished["standings"]["rows"]
    assert [row["rank"] for row in rows] == sorted(row["rank"] for row in rows)
    assert rows[0]["name"] in finished["winners"]
    assert rows[0]["points"] == "1"


def test_pairings_published_lists_tables_and_names(local_delivery, receiver, world, verify, on_commit):
    owner = world.users["owner"]
    _, secret = endpoint_create(by=owner, event=world.event, url=receiver.url, kinds=["pairings_published"])
    for match in (world.match, world.other_match):
        _settle(world, match, None, None, on_commit)
    assert receiver.requests == []  # not subscribed to results
    with on_commit():
        round_ = round_publish(stage=world.event.stages.get(), by=owner, number=2)
    (request,) = receiver.requests
    assert verify(secret, request["headers"], request["body"])
    data = json.loads(request["body"])["data"]
    assert data["round"] == 2
    expected = [
        (m.table, [s.participant.name for s in m.seats.order_by("seat")]) for m in round_.matches.order_by("table")
    ]
    assert [(p["table"], [s["name"] for s in p["players"]]) for p in data["pairings"]] == expected
    text = request["body"].decode()
    assert "seed" not in text  # never a setup seed
    assert str(round_.seed) not in text


def test_a_receiver_answering_500_is_retried_on_the_schedule_then_given_up(local_delivery, receiver, world):
    receiver.statuses = [500]
    receiver.answer_body = b"x" * 2000
    owner = world.users["owner"]
    endpoint, _ = endpoint_create(by=owner, event=world.event, url=receiver.url)
    start = timezone.now()
    delivery = Delivery.objects.create(endpoint=endpoint, kind="ping", event=world.event, payload={"n": 1})
    now = start
    delivery = delivery_attempt(delivery_id=delivery.pk, now=now)
    schedule = []
    while delivery.status == Delivery.Status.FAILED:
        due = delivery.next_attempt_at
        schedule.append(round((due - now).total_seconds()))
        assert delivery_attempt(delivery_id=delivery.pk, now=due - timedelta(seconds=1)) is None, "not due yet"
        assert deliveries_due(now=due - timedelta(seconds=1)) == []
        now = due
        delivery = delivery_attempt(delivery_id=delivery.pk, now=now)
    assert schedule == SCHEDULE
    assert delivery.status == Delivery.Status.GAVE_UP
    assert delivery.attempts == 6 and delivery.next_attempt_at is None
    assert delivery.last_response_code == 500
    assert len(delivery.response_excerpt) == 500
    log = list(delivery.attempt_log.order_by("number"))
    assert [a.response_code for a in log] == [500] * 6
    assert len(receiver.requests) == 6
    assert len({r["headers"]["Brume-Delivery"] for r in receiver.requests}) == 1  # the same delivery each time
    assert delivery_attempt(delivery_id=delivery.pk, now=now + timedelta(days=9)) is None  # given up: never again


def test_the_delay_scale_shrinks_the_schedule(local_delivery, receiver, world, settings):
    settings.BRUME_WEBHOOKS_DELAY_SCALE = 0.01
    receiver.statuses = [503]
    endpoint, _ = endpoint_create(by=world.users["owner"], event=world.event, url=receiver.url)
    delivery = Delivery.objects.create(endpoint=endpoint, kind="ping", event=world.event, payload={})
    now = timezone.now()
    delivery = delivery_attempt(delivery_id=delivery.pk, now=now)
    assert delivery.next_attempt_at - now == timedelta(seconds=0.6)


def test_the_sweep_sends_what_is_due(local_delivery, receiver, world, on_commit):
    receiver.statuses = [500, 200]
    endpoint, _ = endpoint_create(by=world.users["owner"], event=world.event, url=receiver.url)
    with on_commit():
        delivery = endpoint_ping(endpoint=endpoint, by=world.users["owner"])
    delivery.refresh_from_db()
    assert delivery.status == Delivery.Status.FAILED
    later = delivery.next_attempt_at + timedelta(seconds=1)
    Delivery.objects.filter(pk=delivery.pk).update(next_attempt_at=timezone.now() - timedelta(seconds=1))
    with on_commit():
        assert deliveries_due(now=later) == [delivery.pk]
    delivery.refresh_from_db()
    assert delivery.status == Delivery.Status.DELIVERED and delivery.attempts == 2


def test_redeliver_sends_again_with_the_same_id(local_delivery, receiver, world, verify, on_commit):
    receiver.statuses = [500] * 6 + [204]
    owner = world.users["owner"]
    endpoint, secret = endpoint_create(by=owner, event=world.event, url=receiver.url)
    delivery = Delivery.objects.create(endpoint=endpoint, kind="ping", event=world.event, payload={"a": 1})
    now = timezone.now()
    while (delivery := delivery_attempt(delivery_id=delivery.pk, now=now)).status == Delivery.Status.FAILED:
        now = delivery.next_attempt_at
    assert delivery.status == Delivery.Status.GAVE_UP
    secret = endpoint_rotate_secret(endpoint=endpoint, by=owner)
    with on_commit():
        delivery_redeliver(delivery=delivery, by=owner)
    delivery.refresh_from_db()
    assert delivery.status == Delivery.Status.DELIVERED
    assert delivery.attempts == 7 and delivery.last_response_code == 204
    last = receiver.requests[-1]
    assert last["headers"]["Brume-Delivery"] == str(delivery.uuid)
    assert verify(secret, last["headers"], last["body"]), "signed with the rotated secret"


def test_redeliver_gets_a_fresh_retry_budget(local_delivery, receiver, world, on_commit):
    receiver.statuses = [500]
    owner = world.users["owner"]
    endpoint, _ = endpoint_create(by=owner, event=world.event, url=receiver.url)
    delivery = Delivery.objects.create(endpoint=endpoint, kind="ping", event=world.event, payload={})
    now = timezone.now()
    while (delivery := delivery_attempt(delivery_id=delivery.pk, now=now)).status == Delivery.Status.FAILED:
        now = delivery.next_attempt_at
    with on_commit():
        delivery_redeliver(delivery=delivery, by=owner)
    delivery.refresh_from_db()
    assert delivery.status == Delivery.Status.FAILED and delivery.attempts == 7
    assert delivery.next_attempt_at - delivery.attempt_log.get(number=7).at == timedelta(seconds=60)


def test_410_gone_disables_the_endpoint(local_delivery, receiver, world, on_commit):
    receiver.statuses = [410]
    owner = world.users["owner"]
    endpoint, _ = endpoint_create(by=owner, event=world.event, url=receiver.url)
    with on_commit():
        delivery = endpoint_ping(endpoint=endpoint, by=owner)
    delivery.refresh_from_db()
    endpoint.refresh_from_db()
    assert delivery.status == Delivery.Status.GAVE_UP
    assert not endpoint.active and "410" in endpoint.disabled_reason
    with on_commit():
        signals.announce(signals.event_finished, event_id=world.event.pk)
    assert len(receiver.requests) == 1  # a disabled endpoint hears nothing more


def test_a_redirect_is_not_followed(local_delivery, receiver, world, on_commit):
    receiver.statuses = [302]
    endpoint, _ = endpoint_create(by=world.users["owner"], event=world.event, url=receiver.url)
    with on_commit():
        delivery = endpoint_ping(endpoint=endpoint, by=world.users["owner"])
    delivery.refresh_from_db()
    assert delivery.status == Delivery.Status.FAILED and delivery.last_response_code == 302
    assert len(receiver.requests) == 1


def test_a_receiver_that_never_answers_times_out(local_delivery, world, settings):
    settings.BRUME_WEBHOOKS_TIMEOUT = 0.3
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)
    try:
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/hook"
        endpoint, _ = endpoint_create(by=world.users["owner"], event=world.event, url=url)
        delivery = Delivery.objects.create(endpoint=endpoint, kind="ping", event=world.event, payload={})
        started = time.monotonic()
        delivery = delivery_attempt(delivery_id=delivery.pk)
        assert time.monotonic() - started < 3
    finally:
        silent.close()
    assert delivery.status == Delivery.Status.FAILED and delivery.last_response_code is None
    assert "timed out" in delivery.error.lower()


def test_a_claimed_delivery_is_not_sent_twice(local_delivery, receiver, world):
    endpoint, _ = endpoint_create(by=world.users["owner"], event=world.event, url=receiver.url)
    delivery = Delivery.objects.create(endpoint=endpoint, kind="ping", event=world.event, payload={})
    now = timezone.now()
    from webhooks.services import _claim

    assert _claim(delivery.pk, now)  # another worker took it
    assert delivery_attempt(delivery_id=delivery.pk, now=now) is None
    assert receiver.requests == []


def test_account_endpoints_hear_of_events_their_owner_organises_only(local_delivery, receiver, world, on_commit):
    owner, stranger = world.users["owner"], world.users["stranger"]
    stranger.is_staff = True
    stranger.save()
    mine, _ = endpoint_create(by=owner, url=receiver.url, kinds=["event_finished"])
    theirs, _ = endpoint_create(by=stranger, url=receiver.url, kinds=["event_finished"])
    arbiter_hook, _ = endpoint_create(by=world.users["arbiter"], url=receiver.url, kinds=["event_finished"])
    with on_commit():
        signals.announce(signals.event_finished, event_id=world.event.pk)
    assert set(Delivery.objects.values_list("endpoint_id", flat=True)) == {mine.pk, arbiter_hook.pk}
    assert theirs.deliveries.count() == 0
    assert Endpoint.objects.count() == 3


def test_a_429_with_retry_after_waits_as_long_as_asked(local_delivery, receiver, world):
    receiver.statuses = [429]
    receiver.extra_headers = {"Retry-After": "600"}
    endpoint, _ = endpoint_create(by=world.users["owner"], event=world.event, url=receiver.url)
    delivery = Delivery.objects.create(endpoint=endpoint, kind="ping", event=world.event, payload={})
    now = timezone.now()
    delivery = delivery_attempt(delivery_id=delivery.pk, now=now)
    assert delivery.status == Delivery.Status.FAILED and delivery.last_response_code == 429
    assert delivery.next_attempt_at - now == timedelta(seconds=600)  # not the schedule's 60
    receiver.extra_headers = {"Retry-After": "99999999999"}  # absurd: the schedule stands
    delivery = delivery_attempt(delivery_id=delivery.pk, now=delivery.next_attempt_at)
    assert delivery.next_attempt_at - delivery.attempt_log.get(number=2).at == timedelta(seconds=300)


def test_a_receiver_trickling_its_answer_is_cut_off(local_delivery, world, settings):
    """Each header line comes within the timeout, but the whole answer gets three times it."""
    import threading

    settings.BRUME_WEBHOOKS_TIMEOUT = 0.3
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    stop = threading.Event()

    def trickle():
        conn, _ = listener.accept()
        try:
            conn.sendall(b"HTTP/1.1 200 OK\r\n")
            while not stop.is_set():
                time.sleep(0.1)
                conn.sendall(b"X-Slow: 1\r\n")
        except OSError:
            pass
        finally:
            conn.close()

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{listener.getsockname()[1]}/hook"
        endpoint, _ = endpoint_create(by=world.users["owner"], event=world.event, url=url)
        delivery = Delivery.objects.create(endpoint=endpoint, kind="ping", event=world.event, payload={})
        started = time.monotonic()
        delivery = delivery_attempt(delivery_id=delivery.pk)
        assert time.monotonic() - started < 3
    finally:
        stop.set()
        listener.close()
    assert delivery.status == Delivery.Status.FAILED and delivery.last_response_code is None
    assert "no whole answer within 0.9 s" in delivery.error


def test_redeliver_waits_for_an_attempt_under_way(local_delivery, receiver, world):
    from tournament.errors import ServiceError
    from webhooks.services import _claim

    owner = world.users["owner"]
    endpoint, _ = endpoint_create(by=owner, event=world.event, url=receiver.url)
    delivery = Delivery.objects.create(
        endpoint=endpoint, kind="ping", event=world.event, payload={}, status="failed", attempts=1
    )
    assert _claim(delivery.pk, timezone.now())
    with pytest.raises(ServiceError, match="being sent"):
        delivery_redeliver(delivery=delivery, by=owner)
    delivery.refresh_from_db()
    assert delivery.status == "failed" and delivery.attempts_before_redeliver == 0


def test_a_broken_webhook_fan_out_never_stops_the_other_listeners(local_delivery, receiver, world, monkeypatch):
    from webhooks import tasks

    endpoint_create(by=world.users["owner"], event=world.event, url=receiver.url)
    heard = []
    signals.event_finished.connect(lambda sender, **ids: heard.append(ids), weak=False, dispatch_uid="test-listener")

    def broken(*args, **kwargs):
        raise RuntimeError("broker down")

    monkeypatch.setattr(tasks.fan_out, "delay", broken)
    try:
        signals.event_finished.send(sender=None, event_id=world.event.pk)
    finally:
        signals.event_finished.disconnect(dispatch_uid="test-listener")
    assert heard == [{"event_id": world.event.pk, "signal": signals.event_finished}]
    assert not Delivery.objects.exists()
