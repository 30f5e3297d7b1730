"""Print-ready sheets for the wall and the tables of a venue: a round's pairings, a stage's
standings, a match's scoresheet. Each is read through the same checks and selectors as its page
(who may see the event, which results are shown), so a sheet never shows more than the page."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games.engines import get_engine
from ranking.selectors import stage_standings_cached
from tournament import selectors
from tournament.models import Match, Round, Stage
from tournament.sheets import qr_svg, series_games
from tournament.silence import hidden_round_ids
from tournament.views._common import _event_for

LOG_ANCHOR = "attach-log"  # the match page's log attach form (templates/tournament/_match_games.html)


@require_safe
def round_sheet(request, slug: str, number: int, round_number: int):
    event = _event_for(request, slug)
    stage = get_object_or_404(Stage, event=event, number=number)
    try:
        round_ = selectors.stage_round(stage, round_number)
    except Round.DoesNotExist:
        raise Http404("no such round") from None
    tables = [  # a list, not a dict: two players may share a name
        (seat.participant.name, match.table)
        for match in round_.matches.all()
        if not match.is_bye
        for seat in match.seats.all()
    ]
    context = {
        "event": event,
        "stage": stage,
        "round": round_,
        "game_title": get_engine(event.game).info.title,
        "by_name": sorted(tables, key=lambda item: (item[0].casefold(), item[0], item[1])),
    }
    return render(request, "tournament/sheet_round.html", context)


@require_safe
def standings_sheet(request, slug: str, number: int):
    event = _event_for(request, slug)
    stage = get_object_or_404(Stage, event=event, number=number)
    standings = stage_standings_cached(stage, hidden_round_ids(request.user, stage))  # as the standings page
    context = {"event": event, "stage": stage, "standings": standings, "groups": standings.groups}
    return render(request, "ranking/sheet_standings.html", context)


@require_safe
def match_scoresheet(request, slug: str, match_id: int):
    event = _event_for(request, slug)
    try:
        match = selectors.match_detail(match_id)
    except Match.DoesNotExist:
        raise Http404("no such match") from None
    if match.round.stage.event_id != event.pk or match.is_bye:
        raise Http404("no such match")
    seats = [seat.participant for seat in match.seats.all()]
    names = {participant.pk: participant.name for participant in seats}
    orders = [[names[pid] for pid in game.seat_order if pid in names] for game in match.games.all()]
    upload_url = request.build_absolute_uri(match.get_absolute_url()) + "#" + LOG_ANCHOR
    context = {
        "event": event,
        "match": match,
        "stage": match.round.stage,
        "players": [participant.name for participant in seats],
        "games": series_games(match.round.stage.series_length, [p.name for p in seats], orders),
        "score_label": get_engine(event.game).info.score_label,
        "upload_url": upload_url,
        "qr": mark_safe(qr_svg(upload_url, title=_("Attach the game logs of %(match)s") % {"match": match})),
    }
    return render(request, "tournament/sheet_match.html", context)
