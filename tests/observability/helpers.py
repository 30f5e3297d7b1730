"""Reading /metrics as Prometheus would."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

TOKEN = "scrape-token-for-tests-0123456789"


def scrape(client) -> str:
    answer = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert answer.status_code == 200, answer.content[:300]
    return answer.content.decode()


def samples(text: str, name: str) -> list:
    return [s for family in text_string_to_metric_families(text) for s in family.samples if s.name == name]


def value(text: str, name: str, **labels) -> float:
    """The sample's value; 0 when absent (a family's child appears at its first use)."""
    found = [s.value for s in samples(text, name) if all(s.labels.get(k) == v for k, v in labels.items())]
    assert len(found) <= 1, found
    return found[0] if found else 0.0
