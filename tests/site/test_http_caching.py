"""Public pages and API reads answer a revalidation with 304 Not Modified, and only while
nothing changed."""

import pytest

from tests.ranking.events import confirm, make_event, play_round
from tournament.services.rounds import round_publish

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.ranking.urls")]


@pytest.fixture(autouse=True)
def _game(misty_nim):
    """Pages run on the test game."""


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    event, owner, _ = make_event(players=4)
    with django_capture_on_commit_callbacks(execute=True):
        play_round(event.stages.get(), owner, lambda order: ([1, 2], None))
    return event, owner


@pytest.mark.parametrize(
    "path",
    ["/events/{slug}/", "/events/{slug}/stages/1/standings/", "/api/v1/events/{slug}/stages/1/standings/", "/events/"],
)
def test_a_page_unchanged_since_the_last_read_answers_304_without_a_body(client, played, path):
    event, _ = played
    url = path.format(slug=event.slug)
    first = client.get(url)
    assert first.status_code == 200 and first.headers["ETag"]
    again = client.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"])
    assert again.status_code == 304 and again.content == b""


def test_a_changed_standings_page_answers_200_with_the_new_body(client, played, django_capture_on_commit_callbacks):
    event, owner = played
    url = f"/api/v1/events/{event.slug}/stages/1/standings/"
    etag = client.get(url).headers["ETag"]
    with django_capture_on_commit_callbacks(execute=True):
        round_ = round_publish(stage=event.stages.get(), by=owner)
        confirm(round_.matches.filter(is_bye=False).first().games.get(), [1, 2])
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


def test_a_signed_in_readers_unchanged_page_answers_304_though_its_csrf_tokens_are_masked_afresh(client, played):
    event, owner = played
    client.force_login(owner)
    url = f"/events/{event.slug}/"
    first = client.get(url)
    second = client.get(url)
    assert b"csrfmiddlewaretoken" in first.content and first.content != second.content  # tokens differ
    assert first.headers["ETag"] == second.headers["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=first.headers["ETag"]).status_code == 304


def test_the_etag_leaves_out_only_the_csrf_tokens():
    from config.http import body_etag

    token, other = "a" * 64, "b" * 64
    page = '<input name="csrfmiddlewaretoken" value="{}"><p>{}</p>'
    assert body_etag(page.format(token, "x").encode()) == body_etag(page.format(other, "x").encode())
    assert body_etag(page.format(token, "x").encode()) != body_etag(page.format(token, "y").encode())
