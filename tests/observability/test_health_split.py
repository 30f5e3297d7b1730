"""Liveness answers whatever the database does; readiness (and /healthz, the same) says 503 when
the database is unreachable. The same with a real PostgreSQL stopped:
tests/security/test_database_outage.py."""

from __future__ import annotations


def test_liveness_answers_without_touching_the_database(client):
    """No django_db mark: any query would raise, as with the database down."""
    answer = client.get("/healthz/live")
    assert answer.status_code == 200 and answer.json() == {"status": "ok"}


def test_readiness_says_503_when_the_database_cannot_be_reached(client):
    for path in ("/healthz/ready", "/healthz"):
        answer = client.get(path)
        assert answer.status_code == 503 and answer.json() == {"status": "unavailable"}


def test_the_probes_are_exempt_from_the_https_redirect(client, settings):
    import re

    exempt = [re.compile(pattern) for pattern in settings.SECURE_REDIRECT_EXEMPT]
    for path in ("healthz", "healthz/live", "healthz/ready", "metrics"):
        assert any(pattern.search(path) for pattern in exempt), path
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/healthz/live").status_code == 200
    assert client.get("/status/").status_code == 301
