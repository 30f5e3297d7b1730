"""Pages: a stage's standings, leaderboards per pool, a player's profile. Thin over selectors."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from ranking import selectors
from ranking.cache import cached_html
from ranking.charts import Point, rating_history_svg
from ranking.models import RatingPool
from ranking.page_cache import anonymous_page, anonymous_pool_page
from tournament.models import Event
from tournament.permissions import can_view_event
from tournament.silence import hidden_round_ids


def _int(value, default: int | None = None, *, minimum: int = 0) -> int | None:
    try:
        number = int(value)
    except (TypeError, ValueError):
        return default
    return max(minimum, number)


STANDINGS_PER_PAGE = 100


def _selected(options: str, pk: int | None) -> str:
    """The cached option list with one participant selected (ids are whole numbers: exact)."""
    if pk is None:
        return options
    return mark_safe(options.replace(f'<option value="{pk}">', f'<option value="{pk}" selected>', 1))


@anonymous_page
def stage_standings(request, slug: str, number: int):
    event = get_object_or_404(Event, slug=slug)
    if not can_view_event(request.user, event):
        raise Http404("no such event")
    stage = get_object_or_404(event.stages, number=number)
    hidden = hidden_round_ids(request.user, stage)
    standings = selectors.stage_standings_cached(stage, hidden)
    a, b = _int(request.GET.get("a")), _int(request.GET.get("b"))
    ids = standings.participant_ids
    why = standings.why(a, b) if a in ids and b in ids and a != b else ""
    chosen = standings.why_choices(a, b)  # never the same person in both choosers
    groups, page = standings.groups, None
    if not stage.groups and len(standings) > STANDINGS_PER_PAGE:
        page = Paginator(standings.rows, STANDINGS_PER_PAGE).get_page(request.GET.get("page"))
        groups = [("", page.object_list)]
    table = cached_html(
        event.pk,
        f"standings-table:{stage.pk}:{page.number if page else 0}{':hiding' if hidden else ''}",
        "ranking/_standings_table.html",
        lambda: {"standings": standings, "groups": groups, "game": event.game},
    )
    options = cached_html(
        event.pk,
        f"standings-options:{stage.pk}{':hiding' if hidden else ''}",
        "ranking/_why_options.html",
        lambda: {"standings": standings},
    )
    context = {
        "event": event, "stage": stage, "standings": standings, "groups": groups, "page": page,
        "why": why, "a": a, "b": b, "table": table,
        "options_a": _selected(options, chosen[0]),
        "options_b": _selected(options, chosen[1]),
    }  # fmt: skip
    return render(request, "ranking/stage_standings.html", context)


def pool_list(request):
    return render(request, "ranking/pool_list.html", {"pools": selectors.pools(request.GET.get("game"))})


@anonymous_pool_page
def leaderboard(request, pool: str):
    found = get_object_or_404(RatingPool, slug=pool)
    active = _int(request.GET.get("active"))
    min_games = _int(request.GET.get("min_games"), 0)
    established = request.GET.get("established") == "1"
    ratings = selectors.leaderboard(
        found, active_days=active or None, min_games=min_games or 0, include_provisional=not established
    )
    page = Paginator(ratings.values_list("pk", flat=True), 50).get_page(request.GET.get("page"))
    context = {
        "pool": found,
        "page": page,
        "rows": selectors.ratings_in_order(page),
        "offset": (page.number - 1) * 50,
        "active": active or "",
        "min_games": min_games or "",
        "established": established,
        "ladder": found.system == RatingPool.System.LADDER,
    }
    return render(request, "ranking/leaderboard.html", context)


def player_detail(request, username: str):
    player = selectors.player_for_username(username, viewer=request.user)
    if player is None:
        raise Http404("no such player")
    profile = selectors.player_profile(player)
    charts = []
    for rating in profile.ratings:
        rows = profile.history.get(rating.pool_id, [])
        points = [
            Point(row.last_played or selectors.period_start(row.period), row.rating, row.deviation) for row in rows
        ]
        charts.append(
            (
                rating,
                mark_safe(
                    rating_history_svg(
                        points, _("%(player)s in %(pool)s") % {"player": player.name, "pool": rating.pool.name}
                    )
                ),
            )
        )
    context = {"profile": profile, "charts": charts, **_head_to_head_context(request, player)}
    return render(request, "ranking/player_detail.html", context)


def _head_to_head_context(request, player) -> dict:
    """``?against=<username>``: this player's games against another, per game."""
    from ranking.head_to_head import head_to_head, opponents_of

    context = {"opponents": opponents_of(player, request.user), "against": None, "h2h": None}
    name = request.GET.get("against", "")
    if name:
        other = selectors.player_for_username(name[:150], viewer=request.user)
        context["against"] = name[:150]
        if other is None:
            context["h2h_error"] = _("No player by that name.")
        elif other.user_id == player.user_id:
            context["h2h_error"] = _("Choose another player.")
        else:
            context["h2h"] = head_to_head(player, other, request.user)
    return context
