"""Pages about games. Thin: selectors do the reading."""

from django.http import Http404
from django.shortcuts import render

from games.engines import UnknownGame
from games.selectors import game_catalogue, game_entry


def home(request):
    return render(request, "games/home.html", {"catalogue": game_catalogue()})


def game_detail(request, slug: str):
    try:
        entry = game_entry(slug)
    except UnknownGame:
        raise Http404(f"no game called {slug}") from None
    return render(request, "games/game_detail.html", {"entry": entry})
