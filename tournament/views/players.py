"""What a player does: registering, withdrawing, reporting and confirming games, their matches."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament import bounds, selectors
from tournament.errors import ServiceError
from tournament.forms import DecideForm, DisputeForm, ReportForm
from tournament.models import Participant, SeriesGame
from tournament.services import registration, results
from tournament.services.logs import log_effect
from tournament.silence import HIDDEN, match_hidden_from
from tournament.views._common import (
    _attempt,
    _bad_number,
    _event_for,
    _fail,
    _number,
)
from tournament.views.public import _match_context


@require_POST
@login_required
def event_register(request, slug: str):
    event = _event_for(request, slug)
    _attempt(
        request,
        lambda: registration.participant_register(event=event, user=request.user),
        _("You are registered for %(event)s.") % {"event": event.name},
    )
    return redirect(event)


@require_POST
@login_required
def participant_withdraw(request, slug: str, participant_id: int):
    event = _event_for(request, slug)
    participant = get_object_or_404(Participant, event=event, pk=participant_id)
    _attempt(
        request,
        lambda: registration.participant_withdraw(participant=participant, by=request.user),
        _("%(name)s is withdrawn.") % {"name": participant.name},
    )
    return redirect(event)


@require_POST
@login_required
def game_action(request, slug: str, game_id: int):
    """Report, confirm, dispute or decide one series game; htmx swaps the match panel in place."""
    event = _event_for(request, slug)
    game = get_object_or_404(
        SeriesGame.objects.select_related("match__round__stage"), pk=game_id, match__round__stage__event=event
    )
    if match_hidden_from(request.user, game.match):  # its answer would show the match's results
        raise PermissionDenied(_(HIDDEN))
    participants = {p.pk: p for p in Participant.objects.filter(pk__in=game.seat_order)}
    seats = [participants[pid] for pid in game.seat_order]
    action = request.POST.get("action")
    try:
        expected = _number(request, "version", _("the result's version"), low=0, high=2**31 - 1)
    except bounds.OutOfBounds as error:
        return _bad_number(error)
    try:
        if action == "report":
            form = ReportForm(request.POST, seats=seats, prefix=f"g{game.pk}")
            if not form.is_valid():
                raise ServiceError(_("choose the result"))
            results.game_report(
                game=game, by=request.user, ranks=form.ranks(), scores=form.scores(), expected_version=expected
            )
        elif action == "confirm":
            results.game_confirm(game=game, by=request.user, expected_version=expected)
        elif action == "dispute":
            form = DisputeForm(request.POST, prefix=f"g{game.pk}")
            results.game_dispute(
                game=game, by=request.user, reason=form.data.get(f"g{game.pk}-reason", ""), expected_version=expected
            )
        elif action == "attach_log":
            _attach_log(request, game)
        elif action == "play_online":
            from tournament.services.logs import game_play_online

            return redirect(game_play_online(game=game, by=request.user))
        elif action == "decide":
            form = DecideForm(request.POST, seats=seats, prefix=f"d{game.pk}")
            if not form.is_valid():
                raise ServiceError(_("choose the result and give a reason"))
            results.game_decide(
                game=game,
                by=request.user,
                ranks=form.ranks(),
                scores=form.scores(),
                reason=form.cleaned_data["reason"],
                expected_version=expected,
            )
        else:
            raise ServiceError(_("unknown action"))
    except ServiceError as error:
        _fail(request, error)
    except Exception as error:  # form.scores() raises ValidationError for half-filled scores
        from django.core.exceptions import ValidationError

        if not isinstance(error, ValidationError):
            raise
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("Saved."))
    match = selectors.match_detail(game.match_id)
    if request.htmx:
        return render(request, "tournament/_match_games.html", _match_context(request, event, match))
    return redirect(match)


def _attach_log(request, game: SeriesGame) -> None:
    from tournament.services.logs import game_attach_log

    upload_file = request.FILES.get("log_file")
    data = upload_file.read(2_000_001) if upload_file else request.POST.get("log_text", "")
    if not data or (isinstance(data, str) and not data.strip()):
        raise ServiceError(_("choose a log file or paste a log"))
    game = game_attach_log(game=game, by=request.user, data=data)
    game = SeriesGame.objects.select_related("record", "record_reporter").get(pk=game.pk)
    messages.info(
        request,
        _("The log is stored as record %(public_id)s: %(value)s.")
        % {"public_id": game.record.public_id, "value": log_effect(game)},
    )


@login_required
def my_matches(request):
    from tournament.views.calendars import private_calendar_url

    context = {
        "tasks": selectors.player_tasks(request.user),
        "calendar_url": private_calendar_url(request, request.user),
    }
    return render(request, "tournament/my_matches.html", context)
