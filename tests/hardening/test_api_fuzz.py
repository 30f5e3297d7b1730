"""Schemathesis over the whole OpenAPI schema (/api/schema/): no request, however odd, gets a 5xx,
and every documented response matches its schema.

Each operation is run twice with an organiser's token: once with path parameters that name real
things of a running event (so that bodies and query strings reach the code behind them), once with
generated path parameters. The quick suite runs a small budget per operation; the ``slow`` sweep
runs many more examples.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from rest_framework.authtoken.models import Token
from rest_framework.throttling import SimpleRateThrottle
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from tests.tournament_api.world import build_world

CHECKS = [not_a_server_error, response_schema_conformance]
QUICK_EXAMPLES = 6
SWEEP_EXAMPLES = 50  # per operation; the API grew to ~70 operations: 120 made CI overrun its 30 minutes


@pytest.fixture
def api_world(misty_nim, db, monkeypatch):
    """A running event with a published round, the owner's token, a stored record; no throttling."""
    from config.wsgi import application
    from games.services import record_upload

    monkeypatch.setattr(SimpleRateThrottle, "allow_request", lambda self, request, view: True)
    # As Django's test client does: a request must not close the test's database connection.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    world = build_world()
    owner = world.users["owner"]
    token = Token.objects.create(user=owner)
    record = record_upload(
        data='Brume log 1\nGame: misty-nim\nSeat 1: A\nSeat 2: B\nLayout: {"pile": 2, "secrets": [1, 2]}\n\n1. t2\n',
        by=owner,
    ).record
    real = {
        "slug": world.event.slug,
        "number": world.stage_number,
        "round_number": 1,
        "match_id": world.match.pk,
        "game_number": 1,
        "participant_id": world.participant("player").pk,
        "pk": record.pk,
        "public_id": record.public_id,
        "username": owner.username,
    }
    schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
    key = token.key

    def restore():
        Token.objects.get_or_create(user=owner, defaults={"key": key})

    yield schema, {"Authorization": f"Token {key}"}, real, restore
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def fuzz_operations(schema, headers: dict, real: dict, restore, examples: int) -> dict:
    """Run every operation; return the number of cases sent and the failures found."""
    sent, failures = 0, []
    for result in schema.get_all_operations():
        operation = result.ok()
        names = {parameter.name for parameter in operation.path_parameters}
        fixed = {name: value for name, value in real.items() if name in names}
        for path_parameters in ({**fixed}, None) if names else ({},):
            strategy = operation.as_strategy(path_parameters=path_parameters or None, headers=headers)

            @settings(
                max_examples=examples,
                deadline=None,
                database=None,
                suppress_health_check=list(HealthCheck),
                derandomize=True,
            )
            @given(case=strategy)
            def run(case):
                nonlocal sent
                sent += 1
                restore()  # DELETE /auth/token/ revokes the token: the next case has it again
                case.call_and_validate(headers=headers, checks=CHECKS)

            try:
                run()
            except (Exception, BaseExceptionGroup) as exc:  # collect every operation's failure, then report them all
                failures.append(f"{operation.label}: {type(exc).__name__}: {str(exc)[:2500]}")
    return {"sent": sent, "failures": failures}


def test_no_api_operation_answers_a_server_error_or_breaks_its_schema(api_world):
    report = fuzz_operations(*api_world, QUICK_EXAMPLES)
    print(f"schemathesis quick run: {report['sent']} cases")
    assert report["sent"] > 100
    assert report["failures"] == [], "\n\n".join(report["failures"])


@pytest.mark.slow
def test_a_long_sweep_of_the_api_finds_no_server_error(api_world):
    report = fuzz_operations(*api_world, SWEEP_EXAMPLES)
    print(f"schemathesis sweep: {report['sent']} cases")
    assert report["failures"] == [], "\n\n".join(report["failures"])
