"""Pages anyone who may see the event reads: the event list, an event, a round, a match."""

from __future__ import annotations

from django.db.models import F
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from games.engines import all_engines, get_engine
from ranking.cache import PEOPLE, cached_html
from ranking.page_cache import anonymous_page
from ranking.selectors import stage_standings_cached
from tournament import selectors
from tournament.forms import DecideForm, DisputeForm, ReportForm
from tournament.models import Event, SeriesGame, Stage
from tournament.outputs import event_outputs, round_outputs
from tournament.people import LISTED_FIELDS, ParticipantRow, participant_rows
from tournament.permissions import can_create_event, is_organiser, seat_participant
from tournament.services.logs import log_effect
from tournament.silence import HIDDEN, hidden_round_ids, match_hidden_from
from tournament.views._common import (
    _event_for,
)
from tournament.views.organiser_tools import organiser_tools_context


def event_list(request):
    # Filters outside the known values filter nothing rather than reaching the database.
    status = request.GET.get("status") or None
    status = status if status in Event.Status.values else None
    game = request.GET.get("game") or None
    game = game if game in {engine.info.slug for engine in all_engines()} else None
    events = selectors.event_list(request.user, status=status, game=game)
    return render(
        request,
        "tournament/event_list.html",
        {
            "events": events,
            "status": status,
            "game": game,
            "statuses": Event.Status.choices,
            "can_create": can_create_event(request.user),
        },
    )


@anonymous_page
def event_detail(request, slug: str):
    event = _event_for(request, slug)
    organiser = is_organiser(request.user, event)
    stage_list = list(event.stages.all())
    hidden = {stage.pk: hidden_round_ids(request.user, stage) for stage in stage_list}
    context = {
        "event": event,
        "engine": get_engine(event.game),
        "organiser": organiser,
        "participants": event.participants.annotate(username=F("user__username")),
        "stages": [(stage, selectors.stage_rounds_for_page(stage, with_matches=organiser)) for stage in stage_list],
        "actions": selectors.organiser_actions(event) if organiser else [],
        "my_registration": event.participants.filter(user=request.user).first()
        if request.user.is_authenticated
        else None,
        "standings": {stage.pk: stage_standings_cached(stage, hidden[stage.pk]) for stage in stage_list},
        "brackets": {stage.pk: selectors.stage_bracket_svg_cached(stage, hidden[stage.pk]) for stage in stage_list},
        "check_in": any(stage.settings.get("check_in") for stage in stage_list if stage.status != Stage.Status.CLOSED),
    }
    context["outputs"] = event_outputs(
        event, [(stage, rounds.shown[-1]) for stage, rounds in context["stages"] if rounds.shown], hidden
    )
    context["round_tables"] = {
        round_.pk: selectors.round_table_html(event, round_.pk, silent=round_.pk in hidden[stage.pk])
        for stage, rounds in context["stages"]
        for round_ in rounds.shown
    }

    def listed() -> list[ParticipantRow]:
        return participant_rows(context["participants"].only(*LISTED_FIELDS), event.game)

    if organiser:
        context.update(organiser_tools_context(event))
        context["flagged_matches"] = selectors.flagged_matches(event)
        context["participant_rows"] = listed()
    else:  # the organisers' table has forms: everyone else's is the same for all
        context["participants_table"] = cached_html(
            event.pk,
            f"participants:{int(context['check_in'])}",
            "tournament/_participants_table.html",
            lambda: {"event": event, "participant_rows": listed(), "check_in": context["check_in"]},
            scope=PEOPLE,  # drawn again when a participant changes, not with every result
        )
    return render(request, "tournament/event_detail.html", context)


def event_live_games(request, slug: str):
    """The event's games being played on Brume now, which anyone who sees the event may watch
    (the event page loads this list by itself and refreshes it)."""
    from games.selectors import live_games_visible_to

    event = _event_for(request, slug)
    games = selectors.live_games_in_progress(event).filter(live__in=live_games_visible_to(request.user, listing=True))
    context = {"event": event, "live_games": list(games[:100])}
    template = "tournament/_live_now.html" if request.htmx else "tournament/event_live_games.html"
    return render(request, template, context)


@anonymous_page
def round_detail(request, slug: str, number: int, round_number: int):
    """One round's pairings and results (the event page shows a large stage's latest round only)."""
    event = _event_for(request, slug)
    stage = get_object_or_404(Stage, event=event, number=number)
    round_ = stage.rounds.filter(number=round_number).first()
    if round_ is None:
        raise Http404("no such round")
    hidden = hidden_round_ids(request.user, stage)
    context = {
        "event": event,
        "stage": stage,
        "round": round_,
        "round_table": selectors.round_table_html(event, round_.pk, silent=round_.pk in hidden),
        "organiser": is_organiser(request.user, event),
        "outputs": round_outputs(event, stage, round_, hidden),
    }
    return render(request, "tournament/round_detail.html", context)


def match_detail(request, slug: str, match_id: int):
    event = _event_for(request, slug)
    try:
        match = selectors.match_detail(match_id)
    except Exception:
        raise Http404("no such match") from None
    if match.round.stage.event_id != event.pk:
        raise Http404("no such match")
    if match_hidden_from(request.user, match):
        return render(request, "tournament/match_silent.html", {"event": event, "match": match, "hidden": _(HIDDEN)})
    return render(request, "tournament/match_detail.html", _match_context(request, event, match))


def _match_context(request, event: Event, match) -> dict:
    me = seat_participant(request.user, match)
    organiser = is_organiser(request.user, event)
    participants = {seat.participant_id: seat.participant for seat in match.seats.all()}
    games = []
    for game in match.games.all():
        seats = [participants[pid] for pid in game.seat_order]
        open_game = game.status != SeriesGame.Status.CONFIRMED
        games.append(
            {
                "game": game,
                "seats": seats,
                "results": list(zip(seats, game.ranks or [], game.scores or [None] * len(seats), strict=False)),
                "can_report": me is not None
                and game.status in (SeriesGame.Status.AWAITING, SeriesGame.Status.REPORTED),
                "can_confirm": game.status == SeriesGame.Status.REPORTED
                and ((me is not None and game.reported_by_id != me.pk) or organiser),
                "can_dispute": me is not None
                and game.status == SeriesGame.Status.REPORTED
                and game.reported_by_id != me.pk,
                "can_decide": organiser,
                "can_play_online": me is not None and game.status == SeriesGame.Status.AWAITING,
                "log_effect": log_effect(game),
                "can_attach": organiser
                or (me is not None and game.live_id is None and game.status != SeriesGame.Status.CONFIRMED),
                "report_form": ReportForm(seats=seats, prefix=f"g{game.pk}") if open_game else None,
                "dispute_form": DisputeForm(prefix=f"g{game.pk}"),
                "decide_form": DecideForm(seats=seats, prefix=f"d{game.pk}"),
            }
        )
    score_label = get_engine(event.game).info.score_label
    return {
        "event": event,
        "match": match,
        "me": me,
        "organiser": organiser,
        "games": games,
        "score_label": score_label,
    }
