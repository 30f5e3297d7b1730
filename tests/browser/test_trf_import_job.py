"""Issue 31 in a real browser: an organiser imports a TRF, is sent to the job's page, sees the
progress bar while the job waits for its worker, then the page turns by itself (htmx, every
second) into what was stored."""

import threading

import pytest
from django.db import connection
from playwright.sync_api import expect

from tests.browser.conftest import sign_in
from tests.tournament.factories import make_event
from tests.trf_import.helpers import thirty_player_trf
from tournament.models import OrganiserJob
from tournament.tasks import run_organiser_job

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _test_game(misty_nim, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def queue(monkeypatch):
    """A broker whose worker the test starts: the job waits until the page has shown it waiting."""
    sent = []
    monkeypatch.setattr("games.tasks.publish", lambda task, job_id, **options: sent.append(job_id) or True)
    return sent


def _worker(job_id: int) -> threading.Thread:
    def work():
        try:
            run_organiser_job(job_id)
        finally:
            connection.close()

    thread = threading.Thread(target=work)
    thread.start()
    return thread


def test_an_organiser_imports_a_trf_and_watches_the_job_end_in_what_was_stored(live_server, page, queue):
    event, owner, _ = make_event(players=0, stage={"format": "swiss"}, start=False)
    stage = event.stages.get()
    text, _ = thirty_player_trf()
    sign_in(page, live_server, owner)
    page.goto(live_server.url + f"/events/{event.slug}/stages/{stage.pk}/edit/")
    page.set_input_files("#trf-file", files=[{"name": "autumn.trf", "mimeType": "text/plain", "buffer": text.encode()}])
    page.get_by_role("button", name="Import the TRF").click()

    page.wait_for_url(f"**/events/{event.slug}/jobs/*/")
    bar = page.locator("progress#job-bar")
    expect(bar).to_be_visible()
    expect(bar).to_have_attribute("max", "106")
    expect(page.get_by_text("0 of 106 steps (0%)")).to_be_visible()
    job = OrganiserJob.objects.get()
    assert page.url == live_server.url + job.get_absolute_url() and queue == [job.pk]

    worker = _worker(job.pk)
    expect(page.get_by_text("Done: the whole file is stored.")).to_be_visible(timeout=60_000)
    worker.join(timeout=60)
    expect(page.get_by_text("Imported 5 rounds: 30 participants added, 0 found in the event by name.")).to_be_visible()
    expect(
        page.get_by_text("Matches stored with their results: 73 (72 played, 1 by forfeit); byes: 3.")
    ).to_be_visible()
    expect(page.locator("progress")).to_have_count(0)
    page.get_by_role("link", name="round 5").click()
    page.wait_for_url(f"**/events/{event.slug}/stages/1/rounds/5/")
    expect(page.get_by_text("Player 07").first).to_be_visible()
