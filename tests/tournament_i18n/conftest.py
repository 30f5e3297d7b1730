import pytest
from rest_framework.test import APIClient

from tests.tournament_api.world import build_world


@pytest.fixture(autouse=True)
def _game_and_db(misty_nim, db):
    """These tests run on the test game with a database (and the compiled catalogues: make catalogues)."""


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def world():
    """A running Swiss event on the test game with round 1 published (tests/tournament_api/world.py)."""
    return build_world()
