"""The ranking API: a stage's standings, leaderboards and player profiles, as JSON.

Thin views over ``ranking.selectors``; the same figures as the pages.
"""

from __future__ import annotations

import hashlib

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions
from rest_framework.response import Response

from ranking import cache, selectors
from ranking.models import Rating, RatingPool
from tournament import bounds
from tournament.api.base import TournamentView, errors, event_stage, visible_event
from tournament.api.filters import Pages
from tournament.api.rendering import Rendered
from tournament.silence import hidden_round_ids

TAGS = ["ranking"]


def _rating_json(rating: Rating, position: int | None = None) -> dict:
    data = {
        "player": rating.player.name,
        "username": rating.player.user.get_username() if rating.player.user_id else None,
        "ai_level": rating.player.ai_level or None,
        "rating": round(rating.rating, 2),
        "deviation": round(rating.deviation, 2),
        "volatility": round(rating.volatility, 6),
        "provisional": rating.provisional,
        "games": rating.games,
        "wins": rating.wins,
        "draws": rating.draws,
        "losses": rating.losses,
        "last_played": rating.last_played.isoformat(),
    }
    if rating.level:
        data["level"] = rating.level
    if position is not None:
        data = {"position": position, **data}
    return data


def _pool_json(pool: RatingPool) -> dict:
    return {"slug": pool.slug, "game": pool.game, "name": pool.name, "system": pool.system, "variant": pool.variant}


class StageStandingsView(TournamentView):
    @extend_schema(
        tags=TAGS,
        summary="A stage's standings with every tie-break and its working",
        parameters=[OpenApiParameter("why", str, description="two participant ids, a,b: why is a above b")],
        responses={200: OpenApiTypes.OBJECT, **errors(404)},
    )
    def get(self, request, slug: str, number: int):
        stage = event_stage(visible_event(request, slug), number)
        hidden = hidden_round_ids(request.user, stage)
        why = request.query_params.get("why")
        if not why:
            return Response(_standings_rendered(stage, hidden))
        try:
            a, b = (int(part) for part in why.split(","))
        except ValueError:
            raise exceptions.ValidationError({"why": _("give two participant ids: why=12,15")}) from None
        standings = selectors.stage_standings_cached(stage, hidden)
        ids = {row.participant.pk for row in standings}
        if a not in ids or b not in ids:
            raise exceptions.ValidationError({"why": _("both ids must be participants of this stage")})
        return Response({**_standings_json(stage, standings), "why": standings.why(a, b)})


def _standings_json(stage, standings) -> dict:
    return {
        "stage": {"number": stage.number, "name": stage.name},
        "columns": standings.columns,
        "notes": standings.notes,
        "rows": [
            {
                "rank": row.rank,
                "participant": {"id": row.participant.pk, "name": row.participant.name},
                "values": {cell.key: {"shown": cell.shown, "detail": cell.detail} for cell in row.cells},
                "explanation": row.explanation,
                "decided_by": row.decided_by,
                "group": row.group,
            }
            for row in standings
        ],
    }


def _standings_rendered(stage, hidden: frozenset[int]) -> Rendered:
    """The standings' body rendered once per change of the event, per language and hidden rounds
    (a 1,000-entrant stage's is 1.6 MB: building and rendering it took most of a request)."""
    name = f"api-standings:{get_language() or 'en'}:{stage.pk}" + cache.hiding(hidden)
    return cache.cached(
        stage.event_id,
        name,
        lambda: Rendered.of(_standings_json(stage, selectors.stage_standings_cached(stage, hidden))),
    )


class PoolListView(TournamentView):
    @extend_schema(
        tags=TAGS,
        operation_id="ratings_pools_list",
        summary="Every rating pool and ladder",
        responses={200: {"type": "array", "items": {"type": "object"}}},
    )
    def get(self, request):
        return Response([_pool_json(pool) for pool in selectors.pools(request.query_params.get("game"))])


class LeaderboardView(TournamentView):
    pagination_class = Pages

    @extend_schema(
        tags=TAGS,
        operation_id="ratings_leaderboard_list",
        summary="A pool's leaderboard, best first",
        parameters=[
            OpenApiParameter("active", int, description="played in the last N days"),
            OpenApiParameter("min_games", int, description="at least N rated games"),
            OpenApiParameter("established", bool, description="leave out provisional ratings"),
        ],
        responses={200: OpenApiTypes.OBJECT, **errors(400, 404)},
    )
    def get(self, request, pool: str):
        found = RatingPool.objects.filter(slug=pool).first()
        if found is None:
            raise exceptions.NotFound(_("no rating pool %(pool)s") % {"pool": repr(pool)})
        try:  # bounded (docs/limits.md): a day count becomes a date, which has a range
            active = bounds.parse_whole_number(request.query_params.get("active") or "0", "active", 0, 36_500)
            min_games = bounds.parse_whole_number(request.query_params.get("min_games") or "0", "min_games", 0, 10**9)
        except bounds.OutOfBounds as exc:
            raise exceptions.ValidationError(
                {"active": _("whole numbers of days and games"), "detail": exc.message}
            ) from None
        established = request.query_params.get("established") in ("1", "true")

        def rendered() -> Rendered:
            ratings = selectors.leaderboard(
                found, active_days=active or None, min_games=min_games, include_provisional=not established
            )
            page = selectors.ratings_in_order(self.paginate_queryset(ratings.values_list("pk", flat=True)))
            start = (self.paginator.page.number - 1) * self.paginator.get_page_size(request)
            rows = [_rating_json(rating, start + index) for index, rating in enumerate(page, start=1)]
            body = self.get_paginated_response(rows).data
            body["pool"] = _pool_json(found)
            return Rendered.of(body)

        # The first pages everyone reads are rendered once per version of the pool (kept in the
        # cache, not in the process: small, and many); a question with filters is answered anew.
        asked = request.query_params
        if set(asked) - {"page", "page_size"} or not all(_short_number(asked.getlist(n)) for n in asked):
            return Response(rendered())
        address = request.build_absolute_uri().encode()  # the links to the next pages are absolute
        name = f"api-leaderboard:{hashlib.blake2b(address, digest_size=12).hexdigest()}"
        return Response(cache.cached(found.pk, name, rendered, scope=cache.POOL, in_process=False))


def _short_number(values: list[str]) -> bool:
    return len(values) == 1 and values[0].isascii() and values[0].isdigit() and len(values[0]) <= 6


class PlayerView(TournamentView):
    @extend_schema(
        tags=TAGS,
        summary="A player's ratings, rating history and rated results",
        responses={200: OpenApiTypes.OBJECT, **errors(404)},
    )
    def get(self, request, username: str):
        player = selectors.player_for_username(username, viewer=request.user)
        if player is None:
            raise exceptions.NotFound(_("no player %(username)s") % {"username": repr(username)})
        profile = selectors.player_profile(player)
        return Response(
            {
                "player": player.name,
                "ratings": [
                    {
                        "pool": _pool_json(rating.pool),
                        **_rating_json(rating),
                        "history": [
                            {
                                "period_start": selectors.period_start(row.period).isoformat(),
                                "last_played": row.last_played.isoformat() if row.last_played else None,
                                "rating": round(row.rating, 2),
                                "deviation": round(row.deviation, 2),
                                "games": row.games,
                            }
                            for row in profile.history.get(rating.pool_id, [])
                        ],
                    }
                    for rating in profile.ratings
                ],
                "results": [
                    {
                        "pool": result.pool.slug,
                        "played_on": result.played_on.isoformat(),
                        "event": result.event_name,
                        "opponents": result.opponents,
                        "rank": result.rank,
                        "seats": result.seats,
                        "result": result.place,
                        "score": result.score,
                    }
                    for result in profile.results
                ],
            }
        )
