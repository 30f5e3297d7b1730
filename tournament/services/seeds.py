"""Seeding: the organiser orders the participants by hand (drag, or up and down) or by rating.

Seeds only decide something before the first round of the first stage (its Berger numbers,
bracket places, the Swiss ranking of round 1): once that round is published they are fixed, and
a later stage is seeded by the finish of the one before it."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from ranking.cache import event_changed
from tournament.errors import ServiceError
from tournament.models import Event, Participant, Round, Stage
from tournament.services.events import check_organiser

SOURCES = ("brume", "entered")  # Brume's rating in the event's pool, or the rating typed at entry


def check_seeds_open(event: Event) -> None:
    if Round.objects.filter(stage__event=event).exists():
        raise ServiceError(_("seeds are fixed once the first round is published (later stages are seeded by results)"))


@transaction.atomic
def seeds_set_order(*, event: Event, by, order: list[int]) -> list[Participant]:
    """Seed 1, 2, 3... in the order given: every participant of the event, each once."""
    check_organiser(by, event)
    event = Event.objects.select_for_update().get(pk=event.pk)
    check_seeds_open(event)
    participants = {p.pk: p for p in event.participants.all()}
    if len(order) != len(set(order)) or set(order) != set(participants):
        raise ServiceError(_("give every participant of the event exactly once, top seed first"))
    for seed, pid in enumerate(order, start=1):
        participants[pid].seed = seed
    Participant.objects.bulk_update(participants.values(), ["seed"])
    event_changed(event.pk)
    return [participants[pid] for pid in order]


def _pool_seats(stage: Stage | None) -> int:
    if stage is None:
        return 2
    if stage.format == Stage.Format.TABLES:
        return stage.settings.get("preferred_size", 4)
    if stage.format == Stage.Format.SCORE_CHALLENGE:
        return stage.settings.get("team_size", 1)
    return 2


def brume_ratings(event: Event) -> dict[int, float]:
    """Each participant's Brume rating in the pool the event's games go to (unrated: absent)."""
    from ranking.models import Rating
    from ranking.services import pool_for

    participants = list(event.participants.all())
    pool = pool_for(
        event, event.stages.order_by("number").first(), _pool_seats(event.stages.order_by("number").first())
    )
    ratings = Rating.objects.filter(pool=pool).select_related("player")
    by_user = {
        r.player.user_id: r.rating for r in ratings.filter(player__user_id__in=[p.user_id for p in participants])
    }
    by_level = {
        r.player.ai_level: r.rating for r in ratings.filter(player__user__isnull=True, player__ai_game=event.game)
    }
    found = {}
    for p in participants:
        rating = by_level.get(p.ai_level) if p.is_ai else by_user.get(p.user_id)
        if rating is not None:
            found[p.pk] = rating
    return found


def seeds_by_rating(*, event: Event, by, source: str = "brume") -> list[Participant]:
    """Seed by rating, highest first; the unrated after them; equal ratings by name."""
    check_organiser(by, event)
    if source not in SOURCES:
        raise ServiceError(_("seed by one of %(value)s") % {"value": ", ".join(SOURCES)})
    check_seeds_open(event)
    participants = list(event.participants.all())
    if source == "brume":
        ratings = brume_ratings(event)
    else:
        ratings = {p.pk: p.rating for p in participants if p.rating}
    ordered = sorted(
        participants, key=lambda p: (p.pk not in ratings, -ratings.get(p.pk, 0.0), p.name.casefold(), p.pk)
    )
    return seeds_set_order(event=event, by=by, order=[p.pk for p in ordered])
