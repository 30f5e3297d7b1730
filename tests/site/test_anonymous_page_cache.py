"""Event pages kept for anonymous readers per version of the event (ranking/page_cache.py): a
repeat costs no rendering, every reader gets a CSRF token of their own, a committed change shows
at once, and nothing kept ever reaches a signed-in person or another language."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournament.factories import make_event, make_user
from tournament.models import Event
from tournament.services.results import game_decide
from tournament.services.rounds import round_publish

pytestmark = pytest.mark.django_db
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="(\w+)"')
ANY_TOKEN = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")\w+')


@pytest.fixture
def running(misty_nim):
    event, owner, _ = make_event(players=6)
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PUBLIC)
    round_ = round_publish(stage=event.stages.get(), by=owner, number=1)
    return event, owner, round_


def _pages(event):
    return [
        event.get_absolute_url(),
        f"/events/{event.slug}/stages/1/standings/",
        f"/events/{event.slug}/stages/1/rounds/1/",
    ]


def _queries(client, url) -> tuple[int, str]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured.captured_queries), response.content.decode()


@pytest.mark.parametrize("which", range(3))
def test_a_repeated_anonymous_view_renders_nothing(running, which):
    event, _, _ = running
    url = _pages(event)[which]
    first_count, first = _queries(Client(), url)
    again_count, again = _queries(Client(), url)
    assert again_count <= 1 < first_count  # the event's id by its slug, nothing rendered
    assert ANY_TOKEN.sub("", again) == ANY_TOKEN.sub("", first)


def test_each_reader_gets_a_csrf_token_that_works_with_their_own_cookie(running):
    event, _, _ = running
    Client().get(event.get_absolute_url())  # kept
    reader = Client(enforce_csrf_checks=True)
    page = reader.get(event.get_absolute_url())
    token = TOKEN.search(page.content.decode()).group(1)
    assert "\x00" not in page.content.decode()
    switched = reader.post("/i18n/language/", {"language": "fr", "next": "/", "csrfmiddlewaretoken": token})
    assert switched.status_code == 302


def test_a_committed_result_shows_at_once(running):
    event, owner, round_ = running
    url = f"/events/{event.slug}/stages/1/rounds/1/"
    before = Client().get(url).content.decode()
    match = round_.matches.filter(is_bye=False).order_by("table").first()
    game_decide(game=match.games.get(), by=owner, ranks=[1, 2], reason="played")
    after = Client().get(url).content.decode()
    assert after != before and "won" in after


def test_a_signed_in_reader_never_gets_the_kept_page(running):
    event, _, _ = running
    Client().get(event.get_absolute_url())
    person = Client()
    person.force_login(make_user("margot"))
    page = person.get(event.get_absolute_url()).content.decode()
    assert "margot" in page


def test_each_language_is_kept_apart(running):
    event, _, _ = running
    english = Client().get(event.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    french = Client().get(event.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<html lang="en">' in english and '<html lang="fr">' in french


def test_other_queries_and_htmx_are_rendered_every_time(running):
    event, _, _ = running
    url = f"/events/{event.slug}/stages/1/standings/"
    Client().get(url)
    assert _queries(Client(), url + "?a=1&b=2")[0] > 1
    assert _queries(Client(), url + "?page=1x")[0] > 1


def test_a_private_event_is_never_kept(running):
    event, _, _ = running
    Client().get(event.get_absolute_url())
    event.visibility = Event.Visibility.PRIVATE
    event.save(update_fields=["visibility"])
    assert Client().get(event.get_absolute_url()).status_code == 404
