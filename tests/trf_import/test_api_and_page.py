"""The API's ``POST .../stages/<n>/import.trf`` and the stage page's "Import a TRF" form.

Since issue 31 an import runs as an organiser job after the request's commit (in-process here,
as in embedded mode): the tests that import use real commits (``transaction=True``)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from tests.tournament.factories import make_event, make_user
from tournament.models import Participant, ResultEntry, Round
from tournament.services.rounds import round_publish

from .helpers import thirty_player_trf


def _empty_swiss():
    event, owner, _ = make_event(players=0, stage={"format": "swiss"}, start=False)
    return event, owner, event.stages.get()


def _url(event):
    return reverse("api-stage-import-trf", args=[event.slug, 1])


@pytest.mark.django_db(transaction=True)
def test_an_organiser_imports_a_trf_sent_as_text_and_gets_a_202_with_the_job_to_follow():
    event, owner, stage = _empty_swiss()
    client = APIClient()
    client.force_authenticate(owner)
    text, _ = thirty_player_trf()
    response = client.post(_url(event), data=text.encode(), content_type="text/plain")
    assert response.status_code == 202, response.content
    body = response.json()
    assert response["Location"] == body["url"] == reverse("api-job-detail", args=[event.slug, body["id"]])
    assert body["status"] == "done"  # no broker: the job ran in-process after the commit
    status = client.get(response["Location"]).json()
    assert status["status"] == "done" and status["done"] == status["total"] == 30 + 73 + 3  # players, pairings, byes
    assert {key: status["result"][key] for key in ("created", "matched", "rounds", "matches", "byes")} == {
        "created": 30,
        "matched": 0,
        "rounds": 5,
        "matches": 73,
        "byes": 3,
    }
    assert event.participants.get(seed=1).name == "Player 01"
    stage.refresh_from_db()
    assert stage.settings["rounds"] == 7 and Round.objects.filter(stage__event=event).count() == 5


@pytest.mark.django_db(transaction=True)
def test_an_organiser_imports_a_trf_uploaded_as_a_file_in_windows_1252():
    event, owner, _ = _empty_swiss()
    client = APIClient()
    client.force_authenticate(owner)
    text, _ = thirty_player_trf()
    text = text.replace("Player 01", "Zoé Brüll")
    upload = SimpleUploadedFile("autumn.trf", text.encode("cp1252"), content_type="application/octet-stream")
    response = client.post(_url(event), data={"file": upload}, format="multipart")
    assert response.status_code == 202, response.content
    assert event.participants.get(seed=1).name == "Zoé Brüll"


def test_a_bad_file_gets_a_400_in_the_api_error_shape_with_the_line_and_nothing_is_stored():
    event, owner, _ = _empty_swiss()
    client = APIClient()
    client.force_authenticate(owner)
    text, _ = thirty_player_trf()
    broken = text.replace("XXR 7", "XXR 3")
    response = client.post(_url(event), data=broken.encode(), content_type="text/plain")
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "trf_refused" and body["detail"].startswith("line 3 of the TRF file")
    assert not Participant.objects.filter(event=event).exists() and not ResultEntry.objects.exists()


def test_an_empty_body_is_a_400_that_says_what_to_send():
    event, owner, _ = _empty_swiss()
    client = APIClient()
    client.force_authenticate(owner)
    response = client.post(_url(event), data={}, format="multipart")
    assert response.status_code == 400 and "text/plain" in response.json()["detail"]


def test_a_player_or_a_stranger_is_refused_and_anonymous_callers_are_asked_to_sign_in():
    event, _owner, people = make_event(players=2, stage={"format": "swiss"})
    text, _ = thirty_player_trf()
    for who in (people[0].user, make_user()):
        client = APIClient()
        client.force_authenticate(who)
        response = client.post(_url(event), data=text.encode(), content_type="text/plain")
        assert response.status_code == 403 and response.json()["error"] == "forbidden"
    response = APIClient().post(_url(event), data=text.encode(), content_type="text/plain")
    assert response.status_code == 401
    assert event.participants.count() == 2 and not Round.objects.filter(stage__event=event).exists()


def test_a_private_event_of_someone_else_is_not_found():
    event, _owner, _ = make_event(players=0, stage={"format": "swiss"}, start=False)
    event.visibility = "private"
    event.save()
    client = APIClient()
    client.force_authenticate(make_user())
    text, _ = thirty_player_trf()
    assert client.post(_url(event), data=text.encode(), content_type="text/plain").status_code == 404


def test_a_stage_with_a_round_is_refused_by_the_api():
    event, owner, _ = make_event(players=4, stage={"format": "swiss"})
    round_publish(stage=event.stages.get(), by=owner)
    client = APIClient()
    client.force_authenticate(owner)
    text, _ = thirty_player_trf()
    response = client.post(_url(event), data=text.encode(), content_type="text/plain")
    assert response.status_code == 400 and "published rounds" in response.json()["detail"]
    assert event.participants.count() == 4


@pytest.mark.django_db(transaction=True)
def test_the_stage_page_offers_the_form_and_imports_an_uploaded_file(client):
    event, owner, stage = _empty_swiss()
    client.force_login(owner)
    page = client.get(reverse("stage-edit", args=[event.slug, stage.pk]))
    assert b"Import a TRF" in page.content
    text, _ = thirty_player_trf()
    upload = SimpleUploadedFile("autumn.trf", text.encode())
    response = client.post(reverse("stage-import-trf", args=[event.slug, stage.pk]), {"file": upload}, follow=True)
    job = event.jobs.get()
    assert response.redirect_chain == [(job.get_absolute_url(), 303)]
    assert b"Imported 5 rounds: 30 participants added" in response.content
    assert stage.rounds.count() == 5


def test_the_stage_page_shows_a_bad_pasted_file_s_line_and_stores_nothing(client):
    event, owner, stage = _empty_swiss()
    client.force_login(owner)
    text, _ = thirty_player_trf()
    response = client.post(
        reverse("stage-import-trf", args=[event.slug, stage.pk]),
        {"text": text.replace("XXR 7", "XXR 2")},
        follow=True,
    )
    assert b"line 3 of the TRF file" in response.content
    assert not stage.rounds.exists() and not event.participants.exists()


def test_the_stage_page_refuses_someone_who_does_not_organise(client):
    event, _, stage = _empty_swiss()
    client.force_login(make_user())
    text, _ = thirty_player_trf()
    response = client.post(reverse("stage-import-trf", args=[event.slug, stage.pk]), {"text": text})
    assert response.status_code in (403, 404)
    assert not event.participants.exists()


def test_a_body_over_two_megabytes_is_refused_unread_and_nothing_is_stored():
    event, owner, _ = _empty_swiss()
    client = APIClient()
    client.force_authenticate(owner)
    text, _ = thirty_player_trf()
    huge = text + "099 " + "x" * (2 * 1024 * 1024) + "\r\n"
    for response in (
        client.post(_url(event), data=huge.encode(), content_type="text/plain"),
        client.post(_url(event), data={"file": SimpleUploadedFile("big.trf", huge.encode())}, format="multipart"),
    ):
        assert response.status_code == 400 and "larger than 2 MB" in response.json()["detail"], response.content
    assert not event.participants.exists()


def test_the_imported_rounds_show_on_the_event_round_and_standings_pages_and_the_api(client):
    from tournament.services.trf_import import stage_import_trf

    event, owner, stage = _empty_swiss()
    text, _ = thirty_player_trf()
    stage_import_trf(stage=stage, by=owner, text=text)
    for url in (
        event.get_absolute_url(),
        reverse("round-detail", args=[event.slug, 1, 2]),
        reverse("standings-sheet", args=[event.slug, 1]),
        reverse("api-round-detail", args=[event.slug, 1, 4]),
        reverse("api-stage-trf", args=[event.slug, 1]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert b"Player 07" in response.content or b"Player%2007" in response.content, url
