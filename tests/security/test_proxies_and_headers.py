"""Forwarded headers count only from trusted proxies; CSP, Permissions-Policy; /healthz over HTTP."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

from config.proxies import TrustedProxyMiddleware, client_ip

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent.parent


def through_middleware(**meta):
    request = RequestFactory().get("/", **meta)
    seen = {}

    def view(request):
        seen["client"] = client_ip(request)
        seen["meta"] = dict(request.META)
        seen["secure"] = request.is_secure()
        return HttpResponse()

    TrustedProxyMiddleware(view)(request)
    return seen


@override_settings(BRUME_TRUSTED_PROXIES=[], SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"))
def test_forwarded_headers_from_an_unknown_peer_are_dropped():
    seen = through_middleware(
        REMOTE_ADDR="203.0.113.5",
        HTTP_X_FORWARDED_FOR="1.2.3.4",
        HTTP_X_FORWARDED_PROTO="https",
        HTTP_X_FORWARDED_HOST="evil.example",
    )
    assert seen["client"] == "203.0.113.5"
    assert seen["secure"] is False
    assert not {"HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST"} & set(seen["meta"])


@override_settings(BRUME_TRUSTED_PROXIES=["10.0.0.0/8"], SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"))
def test_a_trusted_proxy_names_the_client_and_the_scheme():
    seen = through_middleware(
        REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.7", HTTP_X_FORWARDED_PROTO="https"
    )
    # The proxy appended the peer it saw (203.0.113.7); what stands left of it the client wrote.
    assert seen["client"] == "203.0.113.7"
    assert seen["meta"]["REMOTE_ADDR"] == "203.0.113.7"
    assert seen["meta"]["HTTP_X_FORWARDED_FOR"] == "203.0.113.7"
    assert seen["secure"] is True


@override_settings(BRUME_TRUSTED_PROXIES=["10.0.0.0/8", "127.0.0.1"])
def test_a_chain_of_trusted_proxies_is_walked_to_the_first_untrusted_address():
    seen = through_middleware(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7, 10.1.2.3")
    assert seen["client"] == "203.0.113.7"


@override_settings(BRUME_TRUSTED_PROXIES=["10.0.0.0/8"])
def test_garbage_in_the_chain_stops_at_the_last_trusted_hop():
    seen = through_middleware(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="not-an-address")
    assert seen["client"] == "10.0.0.2"


def test_the_proxy_middleware_runs_before_anything_else(settings):
    assert settings.MIDDLEWARE[0] == "config.proxies.TrustedProxyMiddleware"


def test_a_bad_trusted_proxy_setting_stops_the_start(monkeypatch):
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-c", "import django, os; django.setup()"],
        env={
            **__import__("os").environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "BRUME_TRUSTED_PROXIES": "10.0.0.0/8,proxy.example",
        },
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode != 0
    assert "BRUME_TRUSTED_PROXIES: 'proxy.example' is not an address or a network" in result.stderr


def test_pages_carry_a_content_security_policy_without_inline_script(client):
    response = client.get("/")
    policy = dict(part.split(" ", 1) for part in response["Content-Security-Policy"].split("; "))
    assert policy["script-src"] == "'self'"
    assert policy["object-src"] == "'none'"
    assert policy["frame-ancestors"] == "'none'"
    assert policy["base-uri"] == "'self'"
    assert policy["form-action"] == "'self'"
    assert policy["default-src"] == "'self'"


def test_pages_deny_camera_microphone_and_geolocation(client):
    policy = client.get("/")["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in policy


def test_no_template_has_an_inline_script_or_event_handler():
    offenders = []
    for template in (ROOT / "templates").rglob("*.html"):
        text = template.read_text(encoding="utf-8")
        if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text) or re.search(r"\son[a-z]+\s*=", text):
            offenders.append(str(template.relative_to(ROOT)))
    assert offenders == []


def test_the_swagger_page_loads_its_start_up_script_as_a_file(client):
    page = client.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert re.search(r"<script>\s*\S", html) is None  # no inline script body
    assert page["Content-Security-Policy"].startswith("default-src 'self'; script-src 'self';")
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200 and script["Content-Type"].startswith("application/javascript")


def test_the_redoc_page_has_no_inline_script_and_only_it_allows_blob_workers(client):
    page = client.get("/api/redoc/")
    assert re.search(r"<script>\s*\S", page.content.decode()) is None
    assert "fonts.googleapis.com" not in page.content.decode()
    assert "script-src 'self';" in page["Content-Security-Policy"]
    assert "worker-src 'self' blob:" in page["Content-Security-Policy"]
    assert "worker-src" not in client.get("/events/")["Content-Security-Policy"]


@override_settings(SECURE_SSL_REDIRECT=True)
def test_a_plain_http_health_probe_is_not_redirected(client):
    assert client.get("/healthz").status_code == 200
    assert client.get("/events/").status_code == 301


@override_settings(
    SECURE_SSL_REDIRECT=True, BRUME_TRUSTED_PROXIES=[], SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https")
)
def test_a_client_cannot_claim_https_with_a_forwarded_header(client):
    assert client.get("/events/", HTTP_X_FORWARDED_PROTO="https").status_code == 301
