"""The site's own pages that read every app: the front page and the game pages.

They live at the top of the stack (tournament reads games and ranking, never the reverse), so the
games app keeps to its records and live games.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render

from games.engines import UnknownGame
from games.rules_pages import rules_page
from games.selectors import game_catalogue, game_entry, records_visible_to
from ranking.selectors import pools
from tournament.permissions import can_create_event
from tournament.selectors import player_tasks
from tournament.whats_on import game_events, whats_on


def home(request):
    """The front page: what is happening now, for this visitor."""
    catalogue = game_catalogue()
    context = {
        "catalogue": catalogue,
        "titles": {entry.info.slug: entry.info.title for entry in catalogue},
        "now": whats_on(request.user),
        "can_create": can_create_event(request.user),
        "my_open_matches": sum(task.needs_me for task in player_tasks(request.user)),
    }
    return render(request, "games/home.html", context)


def game_detail(request, slug: str):
    """A game: its events, leaderboards, rules and latest records."""
    try:
        entry = game_entry(slug)
    except UnknownGame:
        raise Http404(f"no game called {slug}") from None
    records = records_visible_to(request.user, listing=True).filter(game=slug).order_by("-created_at", "-pk")[:10]
    context = {
        "entry": entry,
        "records": records,
        "events": game_events(request.user, slug),
        "pools": list(pools(slug)),
        "rules": rules_page(slug),
    }
    return render(request, "games/game_detail.html", context)
