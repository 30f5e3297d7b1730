"""The OpenAPI schema covers every tournament endpoint and generates without warnings."""

from __future__ import annotations

import io
import re

import yaml
from django.core.management import call_command
from django.urls import reverse

from tournament.api.urls import urlpatterns


def test_the_schema_validates_without_warnings():
    out = io.StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    assert out.getvalue().startswith("openapi: 3")


def test_every_tournament_route_is_in_the_schema():
    out = io.StringIO()
    call_command("spectacular", stdout=out)
    paths = yaml.safe_load(out.getvalue())["paths"]
    routes = {"/api/v1/" + re.sub(r"<\w+:(\w+)>", r"{\1}", str(p.pattern)) for p in urlpatterns}
    assert routes <= set(paths)
    assert all(operation.get("summary") for route in routes for operation in paths[route].values())
    report = paths["/api/v1/events/{slug}/matches/{match_id}/games/{game_number}/report/"]["post"]
    assert "If-Match" in [p["name"] for p in report["parameters"]]
    assert {"200", "400", "401", "403", "404", "412"} <= set(report["responses"])
    assert report["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/ResultInput")


def test_the_schema_is_served(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/v1/events/{slug}/stages/{number}/rounds/preview/" in response.content
    assert reverse("api-schema") == "/api/schema/"
