"""CI's two passes leave out complementary parts of the suite, and no pass named runs it all."""

import types

import pytest

from tests import ci_passes

NODES = [
    "tests/engines/carnac/test_rules.py::test_a_dolmen",
    "tests/pairing/test_swiss.py::test_no_rematch",
    "tests/hardening/test_api_fuzz.py::test_quick",
    "tests/tournament/test_logs.py::test_attach",
    "tests/browser/test_smoke.py::test_home",
]


def run_pass(monkeypatch, name):
    monkeypatch.setenv("BRUME_CI_PASS", name) if name else monkeypatch.delenv("BRUME_CI_PASS", raising=False)
    deselected = []
    config = types.SimpleNamespace(hook=types.SimpleNamespace(pytest_deselected=lambda items: deselected.extend(items)))
    items = [types.SimpleNamespace(nodeid=node) for node in NODES]
    ci_passes.deselect(config, items)
    return [item.nodeid for item in items], [item.nodeid for item in deselected]


def test_no_pass_named_runs_every_test(monkeypatch):
    assert run_pass(monkeypatch, "") == (NODES, [])


def test_the_two_passes_together_run_every_test_and_both_run_what_the_configuration_can_change(monkeypatch):
    embedded, left_by_embedded = run_pass(monkeypatch, "embedded")
    services, left_by_services = run_pass(monkeypatch, "services")
    assert set(embedded) | set(services) == set(NODES)
    assert not set(left_by_embedded) & set(left_by_services)
    assert left_by_embedded == ["tests/hardening/test_api_fuzz.py::test_quick"]
    assert left_by_services == NODES[:2]
    assert {"tests/tournament/test_logs.py::test_attach", "tests/browser/test_smoke.py::test_home"} <= (
        set(embedded) & set(services)
    )


def test_an_unknown_pass_is_refused_before_anything_runs(monkeypatch):
    with pytest.raises(pytest.UsageError, match="BRUME_CI_PASS"):
        run_pass(monkeypatch, "postgres")
