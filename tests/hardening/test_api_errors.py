"""Bad input to the API is a 4xx with the documented JSON body, never a 500 or an HTML page."""

from __future__ import annotations

import json

import pytest
from django.test import override_settings
from django.urls import path

from games.gamelog.limits import MAX_JSON_DEPTH
from games.gamelog.model import MAX_LOG_BYTES
from tests.tournament.factories import make_user

DEEP = "[" * 100_000 + "]" * 100_000


def assert_json_error(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = response.json()
    assert set(body) >= {"error", "detail"} and body["detail"]
    if code is not None:
        assert body["error"] == code
    return body


@pytest.mark.parametrize(
    "url", ["/api/v1/logs/validate/", "/api/v1/auth/token/", "/api/v1/events/", "/api/v1/records/"]
)
def test_deeply_nested_json_is_a_400_on_every_json_endpoint(api, url):
    api.force_authenticate(make_user(organiser=True))
    response = api.generic("POST", url, DEEP, content_type="application/json")
    body = assert_json_error(response, 400)
    assert "nested" in body["detail"] or "deep" in body["detail"]


def test_deeply_nested_json_is_a_400_for_anonymous_callers_too(api):
    assert_json_error(api.generic("POST", "/api/v1/logs/validate/", DEEP, content_type="application/json"), 400)
    assert_json_error(api.generic("POST", "/api/v1/auth/token/", DEEP, content_type="application/json"), 400)


def test_json_just_within_the_depth_limit_is_read(api):
    body = json.dumps(
        {"username": "x", "password": "y", "extra": json.loads("[" * (MAX_JSON_DEPTH - 1) + "]" * (MAX_JSON_DEPTH - 1))}
    )
    response = api.generic("POST", "/api/v1/auth/token/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["error"] != "parse_error"


def test_a_json_array_as_a_record_upload_is_a_400(api):
    api.force_authenticate(make_user())
    response = api.post("/api/v1/records/", [1, 2, 3], format="json")
    assert_json_error(response, 400)


def test_an_unknown_api_path_is_a_json_404(api):
    body = assert_json_error(api.get("/api/v1/no-such-thing/"), 404, "not_found")
    assert "/api/schema/" in body["detail"]


def test_an_unknown_page_is_still_an_html_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404 and not response["Content-Type"].startswith("application/json")


def test_a_json_body_over_the_limit_is_a_json_413(api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = json.dumps({"username": "x", "password": "y" * 2000})
    assert_json_error(api.generic("POST", "/api/v1/auth/token/", body, content_type="application/json"), 413)


def test_a_form_body_over_django_limit_is_a_json_413_under_the_api(api, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = api.post("/api/v1/auth/token/", {"username": "x", "password": "y" * 2000})
    assert_json_error(response, 413, "too_large")


def test_a_text_log_over_the_limit_is_a_413(api):
    api.force_authenticate(make_user())
    response = api.generic("POST", "/api/v1/records/", "x" * (MAX_LOG_BYTES + 1), content_type="text/plain")
    assert_json_error(response, 413, "too_large")


def _boom(request):
    raise RuntimeError("a bug")


urlpatterns = [path("api/v1/boom/", _boom), path("boom/", _boom)]
handler500 = "config.api_errors.server_error"  # as config/urls.py wires it


@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_an_unexpected_error_under_the_api_is_a_json_500(client):
    client.raise_request_exception = False
    assert_json_error(client.get("/api/v1/boom/"), 500, "server_error")
    assert not client.get("/boom/")["Content-Type"].startswith("application/json")
