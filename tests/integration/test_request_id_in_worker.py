"""A task sent while a request is served logs, in a real worker, with that request's id."""

from __future__ import annotations

import json

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from config.observe import ObserveRequestMiddleware
from tests.integration.conftest import start_worker, stop_worker

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_workers_log_lines_about_a_task_carry_the_id_of_the_request_that_sent_it(
    celery_app_on_redis, redis_url, tmp_path, worker_queue
):
    from games.tasks import ping

    worker = start_worker(redis_url, tmp_path / "worker.log", worker_queue, extra_env={"BRUME_LOG_FORMAT": "json"})
    try:
        sent = []

        def view(request):
            sent.append(ping.apply_async(queue=worker_queue))
            return HttpResponse("ok")

        request = RequestFactory().post("/", HTTP_X_REQUEST_ID="trace-worker-0042")
        assert ObserveRequestMiddleware(view)(request)["X-Request-ID"] == "trace-worker-0042"
        assert sent[0].get(timeout=30)["pong"] is True
    finally:
        stop_worker(worker)
    lines = [json.loads(line) for line in worker.log().splitlines() if line.startswith("{")]
    about_the_task = [line for line in lines if line.get("task_id") == sent[0].id]
    assert about_the_task, worker.log()[-3000:]
    assert {line.get("request_id") for line in about_the_task} == {"trace-worker-0042"}
    assert any("succeeded" in line["message"] for line in about_the_task)
