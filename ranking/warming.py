"""An event's standings computed again by a worker right after a change commits, before readers ask.

When a round's results come in, the first reader of the event page or the standings would pay
for the new standings (a 1,000-entrant Swiss: a few hundred milliseconds). With a broker, the
commit sends ``ranking.warm_event`` instead: a worker computes the standings and the shown round
tables of the new version, in every language they were read in lately, while readers are served
the previous version's (``ranking.cache``: the worker holds the computation's lock). In-process
mode (no broker) warms nothing: the first reader computes, as before.

A burst of results is warmed once: one warm is pending per event at a time (``BRUME_WARM_DELAY``
seconds after the first change); the task reads the event's version when it runs, and a change
committed while it runs sends the next one.
"""

from __future__ import annotations

import logging

from celery import current_app
from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)

PENDING_SECONDS = 30  # a warm that was never run (broker down, worker gone) blocks no later one longer
LANGUAGES_SECONDS = 60 * 60  # how long a language counts as read for an event


def _pending_key(event_id: int) -> str:
    from ranking.cache import _ns

    return f"{_ns()}:warm:{event_id}:pending"


def _languages_key(event_id: int) -> str:
    from ranking.cache import _ns

    return f"{_ns()}:warm:{event_id}:languages"


def language_read(event_id: int, language: str) -> None:
    """The event's standings were computed for a reader of ``language``: warm it too from now on."""
    key = _languages_key(event_id)
    read = cache.get(key) or ()
    if language not in read and language in dict(settings.LANGUAGES):
        cache.set(key, (*read, language), timeout=LANGUAGES_SECONDS)


def languages_to_warm(event_id: int) -> list[str]:
    read = cache.get(_languages_key(event_id)) or ()
    return [settings.LANGUAGE_CODE, *(language for language in read if language != settings.LANGUAGE_CODE)]


def schedule_warm(event_id: int) -> None:
    """After a committed change of the event: have a worker compute its standings again."""
    if current_app.conf.task_always_eager:
        return  # no worker: it would run here, in the request that made the change
    if not cache.add(_pending_key(event_id), 1, timeout=PENDING_SECONDS):
        return  # one is pending (or the last send failed): it reads the newest version when it runs
    from games.tasks import publish
    from ranking.tasks import warm_event

    # One attempt, no retry: with the broker down, the change that was just committed answers as
    # fast as without the warm; the pending mark stays, so the event tries again in 30 s at most.
    publish(warm_event, event_id, what=f"warming event {event_id}", countdown=settings.BRUME_WARM_DELAY, retry=False)


def warm_event(event_id: int) -> list[str]:
    """Compute what a reader of the event's page and standings would: each stage's standings (as
    a reader who is not signed in sees them) and its shown round tables, per language read."""
    from django.contrib.auth.models import AnonymousUser
    from django.utils import translation

    from ranking.selectors import stage_standings_cached
    from tournament.models import Event
    from tournament.permissions import can_view_event
    from tournament.selectors import round_table_html, stage_rounds_for_page
    from tournament.silence import hidden_round_ids

    cache.delete(_pending_key(event_id))  # a change from now on sends the next warm
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return []
    reader = AnonymousUser()
    public = can_view_event(reader, event)  # else its organisers' view: every round shown
    warmed = []
    for stage in event.stages.all():
        rounds = stage_rounds_for_page(stage, with_matches=False)
        if not rounds:
            continue
        hidden = hidden_round_ids(reader, stage) if public else frozenset()
        for language in languages_to_warm(event_id):
            with translation.override(language):
                stage_standings_cached(stage, hidden)
                for round_ in rounds.shown:
                    round_table_html(event, round_.pk, silent=round_.pk in hidden)
            warmed.append(f"stage {stage.number} in {language}")
    return warmed
