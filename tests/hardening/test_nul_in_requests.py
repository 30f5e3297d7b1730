"""A NUL character in a request's path or query is refused with 400 before any view reads it:
PostgreSQL refuses NUL in text (a 500 from a view passing a query parameter to the database, as
the page fuzzing found with /ratings/?game=%00), SQLite would store it."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "url, field",
    [
        ("/ratings/?game=%00", "game"),
        ("/ratings/?game=carnac&game=x%00y", "game"),
        ("/events/?q%00=1", "q\\0"),
        ("/records/%00/", "path"),
    ],
)
def test_a_page_asked_with_a_nul_answers_400_naming_where(client, url, field):
    response = client.get(url)
    assert response.status_code == 400
    assert f"(in {field})" in response.content.decode()


def test_the_api_answers_its_error_body(client):
    response = client.get("/api/v1/events/?search=%00")
    assert response.status_code == 400
    assert response.json()["error"] == "invalid" and response.json()["field"] == "search"


def test_a_request_without_nul_is_served(client):
    assert client.get("/ratings/?game=carnac").status_code == 200
    assert client.get("/api/v1/events/?search=x%2500").status_code == 200  # "%00" spelled out is text


def test_a_form_posted_with_a_nul_is_refused_and_a_file_holding_one_is_not_looked_at(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    assert client.post("/ratings/", {"game": "a\x00b"}).status_code == 400
    upload = SimpleUploadedFile("log.txt", b"Brume log 1\x00", content_type="text/plain")
    response = client.post("/records/upload/", {"file": upload})
    assert "NUL character (in" not in response.content.decode()  # the upload's own checks judge it
