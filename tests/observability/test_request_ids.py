"""Each request has an id (the incoming X-Request-ID when sane, else a new one), echoed in the
response, on every log line of the request and of the tasks it sends."""

from __future__ import annotations

import io
import json
import logging
from types import SimpleNamespace

import pytest
from celery import shared_task
from django.conf import settings as django_settings
from django.http import HttpResponse
from django.test import RequestFactory

from config import celery as brume_celery
from config.logs import REQUEST_ID, TASK, JsonFormatter, RequestIdFilter
from config.observe import ObserveRequestMiddleware

log = logging.getLogger("tests.observability")


@shared_task(name="tests.observability.log_a_line")
def log_a_line(text: str) -> None:
    log.warning("the task says %s", text)


@pytest.fixture
def json_lines():
    """Lines as the site's console handler writes them in production (BRUME_LOG_FORMAT=json)."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RequestIdFilter())
    handler.setFormatter(JsonFormatter())
    logging.getLogger().addHandler(handler)
    try:
        yield lambda: [json.loads(line) for line in stream.getvalue().splitlines()]
    finally:
        logging.getLogger().removeHandler(handler)


def test_the_site_logs_through_the_request_id_filter_in_the_chosen_format():
    console = django_settings.LOGGING["handlers"]["console"]
    assert "request_id" in console["filters"]
    assert django_settings.LOGGING["filters"]["request_id"]["()"] == "config.logs.RequestIdFilter"
    assert django_settings.LOGGING["formatters"]["json"]["()"] == "config.logs.JsonFormatter"
    assert console["formatter"] == ("json" if django_settings.BRUME_LOG_FORMAT == "json" else "plain")


@pytest.mark.django_db
def test_a_sane_incoming_request_id_is_kept_and_echoed(client):
    answer = client.get("/healthz/live", HTTP_X_REQUEST_ID="edge-4f9c2a71-0001")
    assert answer["X-Request-ID"] == "edge-4f9c2a71-0001"


@pytest.mark.django_db
@pytest.mark.parametrize("incoming", [None, "", "short", "x" * 65, "a b c d e f g h", "<script>alert(1)</script>"])
def test_a_missing_or_odd_request_id_is_replaced_by_a_new_one(client, incoming):
    headers = {} if incoming is None else {"HTTP_X_REQUEST_ID": incoming}
    first = client.get("/healthz/live", **headers)["X-Request-ID"]
    second = client.get("/healthz/live", **headers)["X-Request-ID"]
    assert len(first) == 32 and int(first, 16) >= 0
    assert first != second


def test_a_request_and_the_task_it_starts_log_with_the_requests_id(json_lines):
    """Tasks run in-process here (no broker): the task runs inside the request."""

    def view(request):
        log.warning("the view says hello")
        log_a_line.delay("goodbye")
        return HttpResponse("ok")

    answer = ObserveRequestMiddleware(view)(RequestFactory().get("/", HTTP_X_REQUEST_ID="trace-0123456789"))
    assert answer["X-Request-ID"] == "trace-0123456789"
    lines = [line for line in json_lines() if line["logger"] == "tests.observability"]
    assert [(line["message"], line["request_id"]) for line in lines] == [
        ("the view says hello", "trace-0123456789"),
        ("the task says goodbye", "trace-0123456789"),
    ]
    assert lines[1]["task"] == "tests.observability.log_a_line"
    assert REQUEST_ID.get() is None  # nothing left behind after the request


def test_a_task_sent_to_a_broker_carries_the_id_in_its_headers_and_logs_with_it(json_lines):
    """What a worker sees: the id in the message's headers becomes the context of the task's run."""
    headers = {}
    token = REQUEST_ID.set("trace-abcdef012345")
    try:
        brume_celery._carry_the_request_id(headers=headers)
    finally:
        REQUEST_ID.reset(token)
    assert headers == {brume_celery.REQUEST_ID_HEADER: "trace-abcdef012345"}

    # a worker: the message's headers are on the task's request; nothing else is in context
    task = SimpleNamespace(name="games.ping", request=SimpleNamespace(**headers))
    brume_celery._task_started(task_id="t-1", task=task)
    log.warning("inside the task")
    brume_celery._task_finished(task_id="t-1", task=task, state="SUCCESS")
    log.warning("after the task")
    lines = [line for line in json_lines() if line["logger"] == "tests.observability"]
    assert lines[0]["request_id"] == "trace-abcdef012345" and lines[0]["task_id"] == "t-1"
    assert "request_id" not in lines[1] and "task" not in lines[1]
    assert REQUEST_ID.get() is None and TASK.get() is None


def test_a_json_line_carries_the_callers_extra_fields_and_the_exception(json_lines):
    try:
        raise ValueError("boom")
    except ValueError:
        log.exception("it broke", extra={"game": "carnac"})
    [line] = [line for line in json_lines() if line["logger"] == "tests.observability"]
    assert line["level"] == "ERROR" and line["game"] == "carnac"
    assert "ValueError: boom" in line["exception"]
