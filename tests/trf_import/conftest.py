import pytest


@pytest.fixture(autouse=True)
def _game_and_db(misty_nim, db):
    """TRF import tests run on the test game with a database."""
