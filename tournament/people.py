"""Where a participant's name leads: their player page, their game's AI description, or nowhere.

Shared by every page that names participants (the ``player_link`` template filter), so that a
name is a link in the same way everywhere.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import conditional_escape, format_html

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


# A round of AI entrants names a thousand of them: their link is looked up once per game for a
# few seconds (the rules page is read again when its file changes, which a file check per name
# would notice at once, at a cost of two thousand file checks per table).
AI_URL_SECONDS = 10.0
_ai_urls: dict[str, tuple[float, str | None]] = {}


def ai_description_url(game: str) -> str | None:
    """The section of the game's rules page that describes its AI levels, if there is one."""
    if not game:
        return None
    found = _ai_urls.get(game)
    if found is not None and time.monotonic() - found[0] < AI_URL_SECONDS:
        return found[1]
    try:
        page = rules_page(game)
    except UnknownGame:
        return None  # not remembered: only known games are (a fixed set)
    url = None
    if page is not None and page.ai_anchor is not None:
        url = f"{reverse('game-rules', args=[game])}#{page.ai_anchor}"
    _ai_urls[game] = (time.monotonic(), url)
    return url


def participant_url(participant: Participant, game: str = "") -> str | None:
    username = participant_username(participant)
    if username:
        return reverse("ranking-player", args=[username])
    if participant.ai_level:
        return ai_description_url(game)
    return None


def participant_link(participant: Participant, game: str = "") -> str:
    """The participant's name as HTML: linked where ``participant_url`` leads, else plain."""
    url = participant_url(participant, game)
    if url is None:
        return conditional_escape(participant.name)
    return format_html('<a href="{}">{}</a>', url, participant.name)


# What an event's participant list reads of each participant (a thousand of them, each a full
# model instance with its status put in words one by one, took 80 ms to draw; 48 ms this way).
def default_ai_name(ai_level: str) -> str:
    """The name an AI entrant gets when it is added without one (stored as it is, untranslated)."""
    return f"AI {ai_level}"


def is_default_ai_name(name: str, ai_level: str) -> bool:
    return bool(ai_level) and name.strip().casefold() == default_ai_name(ai_level).casefold()


LISTED_FIELDS = ("pk", "seed", "name", "status", "ai_level", "late_entry_round", "checked_in", "user_id", "event_id")


@dataclass(frozen=True, slots=True)
class ParticipantRow:
    """One line of an event's participant list, worked out once."""

    pk: int
    seed: int | None
    link: str  # the name as HTML, linked as everywhere (``participant_link``)
    name: str
    ai_level: str
    status: str  # in words
    is_active: bool
    late_entry_round: int | None
    checked_in: bool

    @property
    def ai_tag(self) -> str:
        """The AI level to show beside the name, unless the name says it already: an AI entrant
        added without a name is called "AI <level>", and the tag would repeat it."""
        return "" if is_default_ai_name(self.name, self.ai_level) else self.ai_level


def participant_rows(participants: Iterable[Participant], game: str) -> list[ParticipantRow]:
    """The participant list's lines; each status is put in words once for all of them."""
    words = {value: str(label) for value, label in Participant.Status.choices}
    return [
        ParticipantRow(
            p.pk, p.seed, participant_link(p, game), p.name, p.ai_level, words.get(p.status, p.status),
            p.status == Participant.Status.ACTIVE, p.late_entry_round, p.checked_in,
        )
        for p in participants
    ]  # fmt: skip
