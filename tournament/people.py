"""Where a participant's name leads: their player page, their game's AI description, or nowhere.

Shared by every page that names participants (the ``player_link`` template filter), so that a
name is a link in the same way everywhere.
"""

from __future__ import annotations

from django.urls import reverse

from games.engines import UnknownGame
from games.rules_pages import rules_page
from tournament.models import Participant


def participant_username(participant: Participant) -> str | None:
    """The account's username without a query: from ``annotate(username=F("user__username"))``
    or from a ``select_related("user")``."""
    if not participant.user_id:
        return None
    annotated = getattr(participant, "username", None)
    if annotated:
        return annotated
    return participant.user.get_username()


def ai_description_url(game: str) -> str | None:
    """The section of the game's rules page that describes its AI levels, if there is one."""
    if not game:
        return None
    try:
        page = rules_page(game)
    except UnknownGame:
        return None
    if page is None or page.ai_anchor is None:
        return None
    return f"{reverse('game-rules', args=[game])}#{page.ai_anchor}"


def participant_url(participant: Participant, game: str = "") -> str | None:
    username = participant_username(participant)
    if username:
        return reverse("ranking-player", args=[username])
    if participant.ai_level:
        return ai_description_url(game)
    return None
