import pytest


@pytest.fixture(autouse=True)
def _game_and_db(misty_nim, db):
    """Schedule tests run on the test game with a database."""
