"""Issue 31: a TRF import runs as an organiser job in the background, with a progress bar.

Every test here commits for real (``transaction=True``): the job is sent to a worker by an
on-commit callback, and what a worker or another request sees is what was committed. The
``queue`` fixture stands for a broker with no worker yet: it keeps what is sent, after checking
from a connection of its own that the job it names is already committed."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.tournament.factories import make_event, make_user
from tournament.errors import ServiceError
from tournament.models import Event, OrganiserJob, Participant, ResultEntry, Round
from tournament.services import jobs, trf_import
from tournament.services.registration import participant_add
from tournament.tasks import run_organiser_job

from .helpers import plain_swiss_trf, thirty_player_trf

pytestmark = pytest.mark.django_db(transaction=True)
TABLE = OrganiserJob._meta.db_table


def _committed_row(job_id: int, columns: str = "status"):
    """The job's row as another process sees it: read on a connection of its own."""
    other = connections.create_connection(DEFAULT_DB_ALIAS)
    try:
        with other.cursor() as cursor:
            cursor.execute(f"SELECT {columns} FROM {TABLE} WHERE id = %s", [job_id])
            return cursor.fetchone()
    finally:
        other.close()


@pytest.fixture
def queue(monkeypatch):
    sent = []

    def publish(task, *args, what, **options):
        assert _committed_row(args[0]) == ("queued",), "a job is sent only once its row is committed"
        sent.append((task.name, args))
        return True

    monkeypatch.setattr("games.tasks.publish", publish)
    return sent


def _empty_swiss():
    event, owner, _ = make_event(players=0, stage={"format": "swiss"}, start=False)
    return event, owner, event.stages.get()


def _import_url(event, stage):
    return reverse("stage-import-trf", args=[event.slug, stage.pk])


def _sent_by_the_owner(client):
    """An empty Swiss stage whose owner, signed in on ``client``, has sent the thirty-player file
    through the form: (event, owner, stage, the file's text, its job)."""
    event, owner, stage = _empty_swiss()
    client.force_login(owner)
    text, _ = thirty_player_trf()
    client.post(_import_url(event, stage), {"text": text})
    return event, owner, stage, text, OrganiserJob.objects.get()


def _nothing_stored(event):
    assert not Participant.objects.filter(event=event).exists()
    assert not Round.objects.filter(stage__event=event).exists() and not ResultEntry.objects.exists()
    assert not get_user_model().objects.filter(username__startswith="trf-").exists()
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION and event.stages.get().entrants is None


def test_the_form_answers_a_512_player_7_round_file_at_once_with_a_303_to_the_job_page(client, queue):
    """Today's 146-second request: now the file is checked, the job written down and the
    organiser sent to its page; nothing of the file is stored until a worker runs it."""
    event, owner, stage = _empty_swiss()
    client.force_login(owner)
    text = plain_swiss_trf(512, 7)

    started = time.monotonic()
    response = client.post(_import_url(event, stage), {"text": text})
    elapsed = time.monotonic() - started

    job = OrganiserJob.objects.get()
    assert response.status_code == 303 and response["Location"] == job.get_absolute_url()
    assert elapsed < 15, f"the POST took {elapsed:.1f} s"
    assert (job.status, job.done, job.total, job.stage_id, job.started_by) == (
        "queued",
        0,
        512 + 7 * 256,
        stage.pk,
        owner,
    )
    assert queue == [("tournament.run_organiser_job", (job.pk,))]
    _nothing_stored(event)
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert f'max="{512 + 7 * 256}" value="0"'.encode() in page.content and b'hx-trigger="every 1s"' in page.content


def test_a_file_with_a_bad_line_is_refused_at_once_and_no_job_is_made(client, queue):
    event, owner, stage = _empty_swiss()
    client.force_login(owner)
    text, _ = thirty_player_trf()
    response = client.post(_import_url(event, stage), {"text": text.replace("XXR 7", "XXR 2")}, follow=True)
    assert b"line 3 of the TRF file" in response.content
    assert not OrganiserJob.objects.exists() and queue == []
    _nothing_stored(event)


def test_the_job_page_shows_progress_then_the_result_and_stops_asking(client, queue):
    event, _owner, stage, _text, job = _sent_by_the_owner(client)
    OrganiserJob.objects.filter(pk=job.pk).update(status="running", done=40)

    page = client.get(job.get_absolute_url())
    assert b'<progress id="job-bar" max="106" value="40"' in page.content
    assert b"40 of 106 steps (37%)" in page.content and b'hx-trigger="every 1s"' in page.content
    part = client.get(job.get_absolute_url(), headers={"HX-Request": "true"})
    assert part.content.lstrip().startswith(b'<div id="job-progress"') and b"<html" not in part.content

    run_organiser_job(job.pk)  # the worker

    part = client.get(job.get_absolute_url(), headers={"HX-Request": "true"}).content.decode()
    assert "hx-trigger" not in part and "<progress" not in part  # htmx stops asking
    assert "Done: the whole file is stored." in part
    assert "Imported 5 rounds: 30 participants added, 0 found in the event by name." in part
    assert "Matches stored with their results: 73 (72 played, 1 by forfeit); byes: 3." in part
    for number in range(1, 6):
        assert reverse("round-detail", args=[event.slug, 1, number]) in part
    assert Round.objects.filter(stage=stage).count() == 5 and event.participants.count() == 30
    job.refresh_from_db()
    assert (job.status, job.done, job.input_text) == ("done", 106, "")


def test_a_file_that_passes_the_quick_check_but_fails_in_the_worker_stores_nothing(client, queue):
    """The stage is closed between the organiser's request and the worker: the import, checked
    again under the stage's lock, refuses, and the job says so in words."""
    event, _owner, stage, _text, job = _sent_by_the_owner(client)
    type(stage).objects.filter(pk=stage.pk).update(status="closed")

    run_organiser_job(job.pk)

    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", "this stage is closed")
    page = client.get(job.get_absolute_url()).content.decode()
    assert "The import failed: nothing was stored." in page and "This stage is closed" in page
    assert "hx-trigger" not in page
    _nothing_stored(event)


def test_an_error_in_the_middle_of_the_import_fails_the_job_and_leaves_nothing_stored(client, queue, monkeypatch):
    """Players and two rounds are written before the error: all of it is rolled back."""
    event, _owner, _stage, _text, job = _sent_by_the_owner(client)
    real, calls = trf_import.game_decide, []

    def breaks_at_the_fortieth_game(**kwargs):
        calls.append(1)
        if len(calls) == 40:
            raise RuntimeError("the disk is full")
        return real(**kwargs)

    monkeypatch.setattr(trf_import, "game_decide", breaks_at_the_fortieth_game)

    run_organiser_job(job.pk)

    job.refresh_from_db()
    assert (job.status, job.error) == ("failed", "the job stopped on an unexpected error")
    assert "The import failed: nothing was stored." in client.get(job.get_absolute_url()).content.decode()
    _nothing_stored(event)


def test_a_refusal_in_the_worker_is_worded_in_the_organiser_s_language(client, queue):
    event, owner, stage = _empty_swiss()
    client.force_login(owner)
    text, _ = thirty_player_trf()
    client.cookies["brume_language"] = "fr"
    client.post(_import_url(event, stage), {"text": text})
    job = OrganiserJob.objects.get()
    assert job.language == "fr"
    type(stage).objects.filter(pk=stage.pk).update(status="closed")
    run_organiser_job(job.pk)
    job.refresh_from_db()
    assert job.status == "failed" and job.error != "this stage is closed"


def test_only_the_event_s_organisers_see_a_job(client, queue):
    event, owner, stage = _empty_swiss()
    arbiter, stranger = make_user(), make_user()
    event.arbiters.add(arbiter)
    player = participant_add(event=event, by=owner, user=make_user()).user
    other_event, other_owner, _ = make_event(players=0, stage={"format": "swiss"}, start=False)
    client.force_login(owner)
    text, _ = thirty_player_trf()
    client.post(_import_url(event, stage), {"text": text})
    job = OrganiserJob.objects.get()
    page, api = job.get_absolute_url(), reverse("api-job-detail", args=[event.slug, job.public_id])

    for who, seen in ((owner, 200), (arbiter, 200), (stranger, 404), (other_owner, 404), (player, 404), (None, 404)):
        client.logout()
        api_client = APIClient()
        if who is not None:
            client.force_login(who)
            api_client.force_authenticate(who)
        assert client.get(page).status_code == seen, who
        response = api_client.get(api)
        assert response.status_code == seen, who
        if seen == 404:
            assert response.json()["error"] == "not_found"
    # Another event's organiser, at the job's id under their own event, finds nothing either.
    client.force_login(other_owner)
    assert client.get(reverse("job-detail", args=[other_event.slug, job.public_id])).status_code == 404
    assert len(job.public_id) == 16 and not job.public_id.isdigit()


def test_a_second_import_into_the_stage_while_one_is_under_way_is_refused(client, queue):
    event, owner, stage, text, first = _sent_by_the_owner(client)

    response = client.post(_import_url(event, stage), {"text": text}, follow=True)
    assert response.redirect_chain == [(first.get_absolute_url(), 303)]
    assert "an import into this stage is already under way" in response.content.decode()
    api = APIClient()
    api.force_authenticate(owner)
    refused = api.post(reverse("api-stage-import-trf", args=[event.slug, 1]), text.encode(), content_type="text/plain")
    assert refused.status_code == 409 and refused.json()["error"] == "job_running"
    assert OrganiserJob.objects.count() == 1 and len(queue) == 1


def test_a_job_whose_worker_vanished_long_ago_no_longer_blocks_a_new_import(client, queue):
    event, _owner, stage, text, lost = _sent_by_the_owner(client)
    OrganiserJob.objects.filter(pk=lost.pk).update(status="running", updated_at=timezone.now() - timedelta(hours=1))

    response = client.post(_import_url(event, stage), {"text": text})

    lost.refresh_from_db()
    assert lost.status == "failed" and "nothing was stored" in lost.error
    fresh = OrganiserJob.objects.exclude(pk=lost.pk).get()
    assert response["Location"] == fresh.get_absolute_url() and fresh.status == "queued"


def test_the_sweep_fails_a_lost_job_in_its_starters_language_and_leaves_a_live_one(client, queue):
    """Before, a lost job stayed "running" on its page until the next import into its stage."""
    from games.sweep import sweep

    _event, _owner, _stage, _text, lost = _sent_by_the_owner(client)
    other_event, other_owner, other_stage = _empty_swiss()
    live = OrganiserJob.objects.create(
        kind="trf_import", event=other_event, stage=other_stage, started_by=other_owner, status="running"
    )
    OrganiserJob.objects.filter(pk=lost.pk).update(
        status="running", language="fr", updated_at=timezone.now() - timedelta(hours=1)
    )

    assert sweep(older_than=0)["organiser jobs"] == 1  # older_than does not shorten a worker's time

    lost.refresh_from_db()
    live.refresh_from_db()
    assert lost.status == "failed" and lost.input_text == "" and lost.finished_at is not None
    assert "rien n'a été enregistré" in lost.error, lost.error
    assert live.status == "running"
    assert jobs.jobs_give_up_stale() == []  # done once


def test_the_admin_lists_jobs_and_changes_none(client, queue):
    event, owner, stage = _empty_swiss()
    client.force_login(owner)
    client.post(_import_url(event, stage), {"text": thirty_player_trf()[0]})
    job = OrganiserJob.objects.get()
    admin = get_user_model().objects.create_superuser("jobs-admin", "jobs-admin@example.org", "x" * 12)
    client.force_login(admin)
    listing = client.get("/admin/tournament/organiserjob/")
    assert listing.status_code == 200 and job.public_id in listing.content.decode()
    page = client.get(f"/admin/tournament/organiserjob/{job.pk}/change/")
    assert page.status_code == 200 and 'name="status"' not in page.content.decode()  # shown, not a form
    assert client.get("/admin/tournament/organiserjob/add/").status_code == 403


def test_a_job_delivered_twice_imports_once():
    event, owner, stage = _empty_swiss()
    text, _ = thirty_player_trf()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("games.tasks.publish", lambda *args, **kwargs: True)
        job = trf_import.stage_import_trf_queue(stage=stage, by=owner, text=text)
    assert jobs.job_run(job_id=job.pk).status == "done"
    assert jobs.job_run(job_id=job.pk) is None
    assert Round.objects.filter(stage=stage).count() == 5 and event.participants.count() == 30


def test_progress_is_written_at_most_every_half_second_and_at_the_last_step():
    now = [0.0]
    progress = jobs.JobProgress(1, clock=lambda: now[0])
    progress._off, written = False, []
    progress._write = lambda done, total: written.append(done)
    for done in range(1, 22):
        now[0] += 0.125  # exact in binary: every fourth step is half a second on
        progress(done, 21)
    assert written == [4, 8, 12, 16, 20, 21]


@pytest.mark.skipif(connection.vendor == "sqlite", reason="SQLite has one writer: the import's transaction holds it")
def test_progress_is_seen_by_another_connection_while_the_import_s_transaction_is_open(monkeypatch):
    """What the job page reads while a worker imports: the row's progress moves on, while none
    of the import is visible yet."""
    event, owner, stage = _empty_swiss()
    text, _ = thirty_player_trf()
    monkeypatch.setattr("games.tasks.publish", lambda *args, **kwargs: True)
    monkeypatch.setattr(jobs, "PROGRESS_EVERY_SECONDS", 0.0)
    job = trf_import.stage_import_trf_queue(stage=stage, by=owner, text=text)
    real, seen = trf_import.game_decide, []

    def look_from_outside(**kwargs):
        if len(seen) < 3:
            status, done = _committed_row(job.pk, "status, done")
            other = connections.create_connection(DEFAULT_DB_ALIAS)
            try:
                with other.cursor() as cursor:
                    cursor.execute("SELECT count(*) FROM tournament_participant WHERE event_id = %s", [event.pk])
                    participants = cursor.fetchone()[0]
            finally:
                other.close()
            seen.append((status, done, participants))
        return real(**kwargs)

    monkeypatch.setattr(trf_import, "game_decide", look_from_outside)
    assert jobs.job_run(job_id=job.pk).status == "done"
    assert seen[0] == ("running", 30, 0)  # the 30 players are written, none is visible yet
    assert seen[1][1] == 31 and seen[2][1] == 32


def _api_import(owner, event):
    """The owner sends the thirty-player file to the API: (their client, the answer)."""
    client = APIClient()
    client.force_authenticate(owner)
    response = client.post(
        reverse("api-stage-import-trf", args=[event.slug, 1]),
        thirty_player_trf()[0].encode(),
        content_type="text/plain",
    )
    return client, response


def test_the_api_answers_202_then_the_job_s_status_says_how_far_it_is(queue):
    event, owner, _ = _empty_swiss()
    client, response = _api_import(owner, event)
    assert response.status_code == 202
    body = client.get(response["Location"]).json()
    assert (body["status"], body["done"], body["total"], body["result"]) == ("queued", 0, 106, None)
    run_organiser_job(queue[0][1][0])
    body = client.get(response["Location"]).json()
    assert body["status"] == "done" and body["result"]["games"] == 72 and body["page"].endswith(f"/jobs/{body['id']}/")


def test_a_failure_in_the_worker_shows_in_the_api_status(queue):
    event, owner, stage = _empty_swiss()
    client, response = _api_import(owner, event)
    type(stage).objects.filter(pk=stage.pk).update(status="closed")
    run_organiser_job(queue[0][1][0])
    body = client.get(response["Location"]).json()
    assert (body["status"], body["error"], body["result"]) == ("failed", "this stage is closed", None)


def test_a_service_refusal_raised_by_the_work_is_the_job_s_error(queue, monkeypatch):
    _, owner, stage = _empty_swiss()
    text, _ = thirty_player_trf()
    job = trf_import.stage_import_trf_queue(stage=stage, by=owner, text=text)

    def refuse(job, progress):
        raise ServiceError("the file's fourth round names a player twice")

    monkeypatch.setitem(jobs.RUNNERS, OrganiserJob.Kind.TRF_IMPORT, refuse)
    assert jobs.job_run(job_id=job.pk).error == "the file's fourth round names a player twice"
