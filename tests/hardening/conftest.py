import pytest
from rest_framework.test import APIClient

from tests.tournament.factories import make_event


@pytest.fixture(autouse=True)
def _game_and_db(misty_nim, db):
    """Hardening tests run on the test game with a database."""


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def running(api):
    """A running Swiss event of four players starting today, its owner signed in to the API."""
    import datetime

    event, owner, _ = make_event(players=4)
    event.starts_on = datetime.date(2025, 6, 14)
    event.save(update_fields=["starts_on"])
    api.force_authenticate(owner)
    return event
