"""The demo data shows every new link and page at work: names linked, game pages, the home
page, the Next panel's lists and bulk confirmation, a player's records, log and head-to-head."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from tournament.models import Event, SeriesGame

pytestmark = pytest.mark.django_db


def test_the_demo_shows_the_links_pages_and_bulk_confirmation(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # ratings are computed after each commit
        call_command("load_demo")
    users = {user.username: user for user in get_user_model().objects.all()}
    swiss = Event.objects.get(slug="carnac-autumn-swiss")

    home = client.get("/").content.decode()
    assert f'href="{swiss.get_absolute_url()}"' in home and "Latest results" in home
    assert "brouillard-winter-open" in home  # coming up: registration open

    game = client.get(reverse("game-detail", args=["carnac"])).content.decode()
    assert f'href="{swiss.get_absolute_url()}"' in game and 'href="/games/carnac/rules/"' in game
    assert 'href="/ratings/carnac' in game  # a leaderboard of the game

    page = client.get(swiss.get_absolute_url()).content.decode()
    assert 'href="/ratings/players/alice/"' in page and 'href="/games/carnac/rules/#ai-levels">Menhir Bot</a>' in page

    client.force_login(users["orga"])
    page = client.get(swiss.get_absolute_url()).content.decode()
    matches = reverse("event-matches", args=[swiss.slug])
    assert f'href="{matches}?needs=dispute">Rule on 1 dispute</a>' in page
    assert f'href="{matches}?needs=confirmation">Confirm 1 reported result</a>' in page
    reported = SeriesGame.objects.get(match__round__stage__event=swiss, status="reported")
    listing = client.get(f"{matches}?needs=confirmation").content.decode()
    assert f'value="{reported.pk}:{reported.version}"' in listing
    client.post(reverse("event-games-confirm", args=[swiss.slug]), {"game": [f"{reported.pk}:{reported.version}"]})
    assert SeriesGame.objects.get(pk=reported.pk).status == "confirmed"

    client.force_login(users["alice"])
    records = client.get(reverse("my-records")).content.decode()
    public_id = re.search(r'<td><a href="/records/([A-Za-z0-9_-]{16})/">', records)[1]
    assert client.get(reverse("record-log", args=[public_id])).status_code == 200
    player = client.get(reverse("ranking-player", args=["alice"]) + "?against=bob").content.decode()
    assert 'id="head-to-head"' in player and "No player by that name" not in player
