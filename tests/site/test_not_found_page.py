"""A missing page is the site's own page (menu, a way back), and says no more than "not found"."""

import re

import pytest

from tests.tournament.factories import make_event
from tournament.models import Event

pytestmark = pytest.mark.django_db


def test_a_missing_page_keeps_the_site_around_it(client, misty_nim):
    response = client.get("/no-such-page/")
    html = response.content.decode()
    assert response.status_code == 404
    assert "<h1>Page not found</h1>" in html and "<code>/no-such-page/</code>" in html
    assert 'href="/events/"' in html and "brume.css" in html


def test_a_private_event_reads_exactly_like_a_missing_one(client, misty_nim):
    event, _, _ = make_event()
    Event.objects.filter(pk=event.pk).update(visibility=Event.Visibility.PRIVATE)

    def page(path):  # the CSRF token is masked afresh on every response
        body = re.sub(r'"X-CSRFToken": "\w+"', "", client.get(path).content.decode())
        return re.sub(r'name="csrfmiddlewaretoken" value="\w+"', "", body)

    private, missing = page(event.get_absolute_url()), page("/events/no-such-event/")
    assert private.replace(event.slug, "no-such-event") == missing
    assert event.name not in private


def test_an_api_404_stays_json(client):
    response = client.get("/api/v1/no-such-endpoint/")
    assert response.status_code == 404 and response["Content-Type"].startswith("application/json")
