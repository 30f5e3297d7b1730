"""Large API reads are kept rendered (tournament/api/rendering.py): the bytes are built once per
version of the event, sent as they are to JSON readers, indented on request, shown by the
browsable API, and built again after any change of the event."""

import json

import pytest

from ranking import api as ranking_api
from tests.ranking.events import correct
from tournament.api.views import stages as stage_views
from tournament.models import SeriesGame

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.ranking.urls")]

STANDINGS = "/api/v1/events/{slug}/stages/1/standings/"
ROUND = "/api/v1/events/{slug}/stages/1/rounds/1/"


@pytest.fixture
def played(one_round_played):
    event, owner, _ = one_round_played
    return event, owner


def _not_built_again(monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("the body was built again")

    monkeypatch.setattr(ranking_api, "_standings_json", fail)
    monkeypatch.setattr(stage_views, "RoundDetailSerializer", fail)


@pytest.mark.parametrize("address", [STANDINGS, ROUND])
def test_a_repeated_read_sends_the_kept_bytes_without_building_them(client, played, monkeypatch, address):
    event, _ = played
    url = address.format(slug=event.slug)
    first = client.get(url)
    _not_built_again(monkeypatch)
    second = client.get(url)
    assert first.status_code == second.status_code == 200
    assert second["Content-Type"] == "application/json"
    assert second.content == first.content
    assert json.loads(second.content)["stage" if address == STANDINGS else "matches"]


@pytest.mark.parametrize("address", [STANDINGS, ROUND])
def test_a_kept_body_is_indented_for_a_reader_who_asks(client, played, address):
    event, _ = played
    url = address.format(slug=event.slug)
    compact = client.get(url)
    indented = client.get(url, HTTP_ACCEPT="application/json; indent=4")
    assert indented.status_code == 200
    assert b'\n    "' in indented.content and b"\n" not in compact.content
    assert json.loads(indented.content) == json.loads(compact.content)


@pytest.mark.parametrize("address", [STANDINGS, ROUND])
def test_the_browsable_api_shows_a_kept_body(client, played, address):
    event, _ = played
    url = address.format(slug=event.slug)
    client.get(url)  # kept
    page = client.get(url, HTTP_ACCEPT="text/html")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    first_name = event.participants.order_by("pk").first().name
    assert first_name in page.content.decode()


def test_a_correction_makes_the_standings_body_anew(client, played, django_capture_on_commit_callbacks):
    event, owner = played
    url = STANDINGS.format(slug=event.slug)
    before = client.get(url).json()
    game = SeriesGame.objects.filter(match__round__stage__event=event).order_by("pk").first()
    with django_capture_on_commit_callbacks(execute=True):
        correct(game, owner, list(reversed(game.ranks)))
    after = client.get(url).json()
    assert after != before
    assert [row["participant"]["id"] for row in after["rows"]] != [row["participant"]["id"] for row in before["rows"]]


def test_why_is_answered_beside_a_kept_body(client, played):
    event, _ = played
    url = STANDINGS.format(slug=event.slug)
    rows = client.get(url).json()["rows"]
    a, b = rows[0]["participant"]["id"], rows[-1]["participant"]["id"]
    answered = client.get(f"{url}?why={a},{b}").json()
    assert answered["why"] and answered["rows"] == rows


@pytest.mark.parametrize("reader", ["anonymous", "organiser"])
def test_every_read_of_the_api_opens_in_the_browsable_api(client, played, reader):
    """A person exploring the API in a browser gets each read as a page, kept or not (the lists
    read through selectors have no queryset for DRF's filter form, which answered 500); an
    organiser's pages carry the forms of what they may write."""
    event, owner = played
    if reader == "organiser":
        client.force_login(owner)
    base = f"/api/v1/events/{event.slug}/"
    player = event.participants.filter(user__isnull=False).first().user.username
    for url in [
        "/api/v1/events/", base, base + "participants/", base + "stages/", base + "stages/1/",
        base + "stages/1/rounds/", base + "stages/1/rounds/1/", base + "stages/1/standings/",
        "/api/v1/ratings/", "/api/v1/ratings/misty-nim/", f"/api/v1/ratings/players/{player}/",
        "/api/v1/records/",
    ]:  # fmt: skip
        page = client.get(url, HTTP_ACCEPT="text/html")
        assert page.status_code == 200 and page["Content-Type"].startswith("text/html"), url
