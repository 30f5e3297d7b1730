"""Where a webhook may point (SSRF): refused at registration with a clear error, and again at
delivery time on the address the name resolves to then."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from tests.tournament.factories import make_event
from webhooks import safety, transport
from webhooks.models import Delivery, Endpoint
from webhooks.safety import UnsafeURL, check_url
from webhooks.services import delivery_attempt, endpoint_create

REFUSED = [
    ("ftp://example.org/hook", "only http:// and https://"),
    ("javascript:alert(1)", "only http:// and https://"),
    ("http://127.0.0.1/hook", "loopback"),
    ("http://127.0.0.1:8000/hook", "loopback"),
    ("http://10.0.0.1/hook", "private"),
    ("http://192.168.1.10/hook", "private"),
    ("http://169.254.169.254/latest/meta-data/", "link-local"),
    ("http://0.0.0.0/", "unspecified"),
    ("http://[::1]/hook", "loopback"),
    ("http://[::ffff:127.0.0.1]/hook", "loopback"),
    ("http://224.0.0.1/", "multicast"),
    ("http://localhost:9000/hook", "loopback"),
    ("http://2130706433/", "loopback"),  # 127.0.0.1 written as one number
    ("http://0x7f000001/", "loopback"),
    ("http://127.1/", "loopback"),
    ("http://[fe80::1%25eth0]/", "link-local"),
    ("http://testserver/hook", "this site itself"),
    ("https://user:pw@example.org/hook", "no user name or password"),
    ("http:///nohost", "no host"),
]


@pytest.fixture
def site_host(settings):
    settings.ALLOWED_HOSTS = ["testserver", ".brume.example"]
    settings.BRUME_WEBHOOKS_ALLOW_PRIVATE = False


@pytest.mark.parametrize(("url", "reason"), REFUSED)
def test_a_url_into_our_own_network_is_refused_with_its_reason(site_host, url, reason):
    with pytest.raises(UnsafeURL) as refused:
        check_url(url)
    assert reason in refused.value.message


def test_a_subdomain_of_the_site_is_the_site_itself(site_host):
    with pytest.raises(UnsafeURL, match="this site itself"):
        check_url("https://www.brume.example/hook")


def test_a_name_resolving_to_a_private_address_is_refused(site_host, monkeypatch):
    monkeypatch.setattr(safety, "resolve", lambda host, port: ["93.184.216.34", "10.1.2.3"])
    with pytest.raises(UnsafeURL, match=r"10\.1\.2\.3, a private address"):
        check_url("https://sneaky.example.org/hook")


def test_a_name_that_does_not_resolve_is_refused(site_host, monkeypatch):
    def nowhere(host, port):
        raise OSError("no such name")

    monkeypatch.setattr(safety, "resolve", nowhere)
    with pytest.raises(UnsafeURL, match="cannot be found"):
        check_url("https://nowhere.example.org/hook")


def test_a_public_address_passes_and_is_the_target(site_host, monkeypatch):
    monkeypatch.setattr(safety, "resolve", lambda host, port: ["93.184.216.34"])
    target = check_url("https://club.example.org/brume?x=1")
    assert (target.scheme, target.host, target.port, target.path, target.address) == (
        "https",
        "club.example.org",
        443,
        "/brume?x=1",
        "93.184.216.34",
    )


def test_the_test_receiver_on_127_0_0_1_is_refused_without_the_test_setting(site_host, receiver):
    """BRUME_WEBHOOKS_ALLOW_PRIVATE stays False here: the real receiver's URL is refused."""
    event, owner, _ = make_event()
    with pytest.raises(UnsafeURL, match="loopback"):
        endpoint_create(by=owner, event=event, url=receiver.url)
    assert not Endpoint.objects.exists()


def test_dns_rebinding_is_caught_at_delivery_time_and_retried_on_the_schedule(
    site_host, monkeypatch, receiver, django_capture_on_commit_callbacks
):
    """A name public at registration that resolves to 127.0.0.1 later is not sent to; the refusal
    is retried like any failure (docs/webhooks.md: "a refused address"), then given up.
    Issue 33: it was given up after the first attempt."""
    event, owner, _ = make_event()
    monkeypatch.setattr(safety, "resolve", lambda host, port: ["93.184.216.34"])
    endpoint, _ = endpoint_create(by=owner, event=event, url="http://rebind.example.org/hook")
    monkeypatch.setattr(safety, "resolve", lambda host, port: ["127.0.0.1"])
    from webhooks.services import endpoint_ping

    with django_capture_on_commit_callbacks(execute=True):
        endpoint_ping(endpoint=endpoint, by=owner)
    delivery = Delivery.objects.get()
    assert delivery.status == Delivery.Status.FAILED
    assert "127.0.0.1, a loopback address" in delivery.error
    now = delivery.attempt_log.get().at
    schedule = []
    while delivery.status == Delivery.Status.FAILED:
        due = delivery.next_attempt_at
        schedule.append(round((due - now).total_seconds()))
        assert delivery_attempt(delivery_id=delivery.pk, now=due - timedelta(seconds=1)) is None, "not due yet"
        now = due
        delivery = delivery_attempt(delivery_id=delivery.pk, now=now)
    assert schedule == [60, 300, 1800, 7200, 43200]
    assert delivery.status == Delivery.Status.GAVE_UP
    assert delivery.attempts == 6 and delivery.next_attempt_at is None
    log = list(delivery.attempt_log.order_by("number"))
    assert [a.response_code for a in log] == [None] * 6
    assert all("a loopback address" in a.error for a in log)
    assert receiver.requests == []


def test_a_rebound_name_that_points_outside_again_is_delivered_by_the_retry(site_host, monkeypatch):
    event, owner, _ = make_event()
    monkeypatch.setattr(safety, "resolve", lambda host, port: ["93.184.216.34"])
    endpoint, _ = endpoint_create(by=owner, event=event, url="http://rebind.example.org/hook")
    monkeypatch.setattr(safety, "resolve", lambda host, port: ["10.0.0.7"])
    delivery = Delivery.objects.create(endpoint=endpoint, kind="ping", event=event, payload={})
    delivery = delivery_attempt(delivery_id=delivery.pk)
    assert delivery.status == Delivery.Status.FAILED and "a private address" in delivery.error
    monkeypatch.setattr(safety, "resolve", lambda host, port: ["93.184.216.34"])
    sent = []

    def post(target, body, headers, *, timeout):
        sent.append(target.address)
        return transport.Answer(204, "", "", 3)

    monkeypatch.setattr(transport, "post", post)
    delivery = delivery_attempt(delivery_id=delivery.pk, now=delivery.next_attempt_at)
    assert delivery.status == Delivery.Status.DELIVERED and sent == ["93.184.216.34"]


def test_an_unresolvable_host_at_delivery_time_is_retried(site_host, monkeypatch):
    event, owner, _ = make_event()
    monkeypatch.setattr(safety, "resolve", lambda host, port: ["93.184.216.34"])
    endpoint, _ = endpoint_create(by=owner, event=event, url="http://flaky.example.org/hook")

    def nowhere(host, port):
        raise OSError("temporary failure in name resolution")

    monkeypatch.setattr(safety, "resolve", nowhere)
    delivery = Delivery.objects.create(endpoint=endpoint, kind="ping", event=event, payload={})
    delivery = delivery_attempt(delivery_id=delivery.pk)
    assert delivery.status == Delivery.Status.FAILED
    assert "cannot be found" in delivery.error


def test_the_page_says_why_a_url_is_refused_and_creates_nothing(site_host, client):
    event, owner, _ = make_event()
    client.force_login(owner)
    url = reverse("event-webhooks", args=[event.slug])
    for bad, reason in [
        ("ftp://example.org/x", "only http"),
        ("http://10.0.0.1/", "private"),
        ("http://testserver/", "this site"),
    ]:
        response = client.post(url, {"url": bad, "style": "json", "kinds": ["pairings_published"]})
        assert response.status_code == 400
        assert reason in response.content.decode()
    assert not Endpoint.objects.exists()


def test_the_api_says_why_a_url_is_refused_and_creates_nothing(site_host):
    from rest_framework.test import APIClient

    event, owner, _ = make_event()
    api = APIClient()
    api.force_authenticate(owner)
    response = api.post(
        reverse("api-webhook-list"), {"event": event.slug, "url": "http://localhost/hook"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"] == "unsafe_url"
    assert "loopback" in response.json()["detail"]
    assert not Endpoint.objects.exists()


def test_a_refused_change_keeps_nothing_of_itself(site_host, monkeypatch):
    from webhooks.services import endpoint_update

    monkeypatch.setattr(safety, "resolve", lambda host, port: ["93.184.216.34"])
    event, owner, _ = make_event()
    endpoint, _ = endpoint_create(by=owner, event=event, url="https://club.example.org/hook", name="club")
    with pytest.raises(UnsafeURL):
        endpoint_update(endpoint=endpoint, by=owner, name="renamed", style="discord", url="http://10.0.0.1/")
    assert (endpoint.name, endpoint.style) == ("club", "json")
    endpoint.refresh_from_db()
    assert (endpoint.name, endpoint.style, endpoint.url) == ("club", "json", "https://club.example.org/hook")
