import pytest
from rest_framework.test import APIClient

from .world import build_world


@pytest.fixture(autouse=True)
def _game_and_db(misty_nim, db):
    """Tournament API tests run on the test game with a database."""


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def world():
    """A running Swiss event on the test game with round 1 published; see world.py."""
    return build_world()
