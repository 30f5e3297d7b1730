"""The URL converter for the public ids of records and live games (registered once, on import)."""

from django.urls import register_converter

from games.models import PUBLIC_ID_PATTERN


class PublicIdConverter:
    """A record's or a live game's random public id; anything else (a database id) matches nothing."""

    regex = PUBLIC_ID_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return str(value)


register_converter(PublicIdConverter, "public_id")
