"""The organiser's pages and buttons: creating and running an event, its stages, rounds and participants."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from games.ai.registry import levels
from ranking.tiebreaks import all_tiebreaks
from tournament import bounds, selectors
from tournament.errors import ServiceError
from tournament.forms import AddParticipantForm, EventCreateForm, StageForm
from tournament.models import Event, Match, Participant, Round, Stage
from tournament.permissions import can_create_event, is_organiser
from tournament.services import events as event_services
from tournament.services import registration, rounds, stages, walkovers
from tournament.views._common import (
    _attempt,
    _bad_number,
    _event_for,
    _fail,
    _number,
    _require_organiser,
)


@login_required
def event_create(request):
    if not can_create_event(request.user):
        raise PermissionDenied(_("only organisers create events"))
    form = EventCreateForm(request.POST or None, request.FILES or None, initial={"game": request.GET.get("game")})
    if request.method == "POST" and form.is_valid():
        try:
            event = event_services.event_create(
                owner=request.user,
                name=form.cleaned_data["name"],
                game=form.cleaned_data["game"],
                options=form.option_values(),
                description=form.cleaned_data["description"],
                location=form.cleaned_data["location"],
                starts_on=form.cleaned_data["starts_on"],
                visibility=form.cleaned_data["visibility"],
                stage=form.stage_values(),
            )
        except ServiceError as error:
            _fail(request, error)
        else:
            messages.success(request, _("%(name)s is created as a draft.") % {"name": event.name})
            return redirect(event)
    template = (
        "tournament/_game_options.html" if request.htmx and request.method == "GET" else "tournament/event_form.html"
    )
    return render(request, template, {"form": form})


@require_POST
@login_required
def event_action(request, slug: str):
    """The organiser's buttons: status changes, closing a stage."""
    event = _event_for(request, slug)
    action = request.POST.get("action")
    try:
        if action in ("open_registration", "start", "finish", "back_to_draft"):
            status = {
                "open_registration": Event.Status.REGISTRATION,
                "start": Event.Status.RUNNING,
                "finish": Event.Status.FINISHED,
                "back_to_draft": Event.Status.DRAFT,
            }[action]
            event_services.event_set_status(event=event, by=request.user, status=status)
        elif action == "close_stage":
            _require_organiser(request, event)
            try:
                stage_id = _number(request, "stage", _("the stage"))
            except bounds.OutOfBounds as error:
                return _bad_number(error)
            stages.stage_close(stage=get_object_or_404(Stage, event=event, pk=stage_id), by=request.user)
        elif action == "advance":
            following = selectors.current_stage(event)
            previous = get_object_or_404(Stage, event=event, number=following.number - 1)
            stages.stage_advance(stage=previous, by=request.user)
        else:
            messages.error(request, _("unknown action"))
            return redirect(event)
    except ServiceError as error:
        _fail(request, error)
    else:
        messages.success(request, _("Done."))
    return redirect(event)


@login_required
def stage_form(request, slug: str, stage_id: int | None = None):
    """Add a stage, or change one before its first round: format, points, tie-break order."""
    event = _event_for(request, slug)
    if not is_organiser(request.user, event):
        raise PermissionDenied(_("only the event's organisers change its stages"))
    stage = get_object_or_404(Stage, event=event, pk=stage_id) if stage_id else None
    if stage is not None:
        initial = StageForm.initial_for(stage)
    else:
        number = event.stages.count() + 1
        initial = {"name": f"Stage {number}", "format": Stage.Format.SINGLE_ELIMINATION if number > 1 else None}
    form = StageForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        if stage is None:
            saved = _attempt(
                request,
                lambda: stages.stage_create(event=event, by=request.user, **form.stage_fields()),
                lambda created: f"{created.name} is added.",
            )
        else:
            saved = _attempt(
                request,
                lambda: stages.stage_update(stage=stage, by=request.user, **form.stage_fields()),
                lambda updated: f"{updated.name} is saved.",
            )
        if saved is not None:
            return redirect(event)
    context = {"event": event, "stage": stage, "form": form, "tiebreaks": all_tiebreaks()}
    return render(request, "tournament/stage_form.html", context)


@require_POST
@login_required
def participant_add(request, slug: str):
    event = _event_for(request, slug)
    if not is_organiser(request.user, event):  # before the name is looked up: it says who has an account
        raise PermissionDenied(_("only the event's organisers may do this"))
    form = AddParticipantForm(request.POST, levels=levels(event.game))
    if not form.is_valid():
        messages.error(request, " ".join(form.non_field_errors()) or _("check the form"))
        return redirect(event)
    data = form.cleaned_data
    _attempt(
        request,
        lambda: registration.participant_add(
            event=event, by=request.user, user=data.get("user"), ai_level=data["ai_level"], name=data["name"]
        ),
        lambda participant: f"{participant.name} is registered.",
    )
    return redirect(event)


@require_POST
@login_required
def participant_check_in(request, slug: str, participant_id: int):
    event = _event_for(request, slug)
    participant = get_object_or_404(Participant, event=event, pk=participant_id)
    checked_in = request.POST.get("undo") != "1"
    _attempt(
        request,
        lambda: registration.participant_check_in(participant=participant, by=request.user, checked_in=checked_in),
    )
    return redirect(event)


@require_POST
@login_required
def round_swap(request, slug: str, round_id: int):
    """The organiser swaps two participants of a published round that has no result yet."""
    from tournament.services.pairing_edits import round_swap as swap

    event = _event_for(request, slug)
    round_ = get_object_or_404(Round, pk=round_id, stage__event=event)
    _require_organiser(request, event)
    try:
        first = _number(request, "first", _("the first participant"), default=0)
        second = _number(request, "second", _("the second participant"), default=0)
    except bounds.OutOfBounds as error:
        return _bad_number(error)
    try:
        swap(
            round_=round_,
            by=request.user,
            first=first,
            second=second,
            reason=request.POST.get("reason", ""),
            allow=request.POST.get("allow") == "on",
        )
    except ServiceError as error:
        _fail(request, error)
    else:
        messages.success(request, _("The pairing is changed."))
    return redirect(f"{event.get_absolute_url()}#stage-{round_.stage_id}")


@login_required
def round_pair(request, slug: str, stage_id: int):
    """GET: the preview of the next round. POST: publish it (the round number guards double posts)."""
    event = _event_for(request, slug)
    stage = get_object_or_404(Stage, event=event, pk=stage_id)
    if request.method == "POST":
        _require_organiser(request, event)
        try:
            number = _number(request, "number", _("the round number"))
        except bounds.OutOfBounds as error:
            return _bad_number(error)
        from tournament.views.schedules import publish_with_schedule

        try:
            round_ = publish_with_schedule(request, event, stage, number)
        except ServiceError as error:
            _fail(request, error)
            return redirect(event)
        messages.success(request, _("Round %(number)s is published.") % {"number": round_.number})
        return redirect(f"{event.get_absolute_url()}#stage-{stage.pk}")
    try:
        preview = rounds.round_preview(stage=stage, by=request.user)
    except ServiceError as error:
        _fail(request, error)
        return redirect(event)
    names = {p.pk: p.name for p in event.participants.all()}
    return render(
        request, "tournament/round_preview.html", {"event": event, "stage": stage, "preview": preview, "names": names}
    )


@require_POST
@login_required
def match_forfeit(request, slug: str, match_id: int):
    """An organiser records who did not play a match: the other side wins it without play."""
    event = _event_for(request, slug)
    match = get_object_or_404(Match, pk=match_id, round__stage__event=event)
    _require_organiser(request, event)
    try:
        absent = _number(request, "absent", _("the absent participant"), default=-1)
    except bounds.OutOfBounds as error:
        return _bad_number(error)
    _attempt(
        request,
        lambda: walkovers.match_forfeit(
            match=match, by=request.user, absent=absent, reason=request.POST.get("reason", "")
        ),
        _("The forfeit is recorded."),
    )
    return redirect(match)


@login_required
def event_matches(request, slug: str):
    """The organiser's list of open matches, filtered by what they need (``?needs=dispute``,
    ``confirmation``, ``result``): where the Next panel's counts lead."""
    from tournament.organiser_lists import MATCH_NEEDS, matches_needing

    event = _event_for(request, slug)
    _require_organiser(request, event)
    needs = request.GET.get("needs")
    needs = needs if needs in MATCH_NEEDS else None
    rows = matches_needing(event, needs)
    context = {
        "event": event,
        "needs": needs,
        "needs_text": MATCH_NEEDS.get(needs, "anything"),
        "filters": MATCH_NEEDS,
        "rows": rows,
        "reported": [game for row in rows for game in row.reported],
    }
    return render(request, "tournament/event_matches.html", context)


@require_POST
@login_required
def event_games_confirm(request, slug: str):
    """Confirm every listed result one side reported (``game=<id>:<version>``, repeated)."""
    from tournament.services.bulk_results import games_confirm_reported

    event = _event_for(request, slug)
    _require_organiser(request, event)
    items = []
    for value in request.POST.getlist("game"):
        found = re.fullmatch(r"([0-9]{1,18}):([0-9]{1,9})", value)
        if found is None:
            return _bad_number(bounds.OutOfBounds(_("each game is sent as <id>:<version>"), field="game"))
        items.append((int(found[1]), int(found[2])))
    if not items:
        messages.error(request, _("choose at least one result to confirm"))
        return redirect(f"{reverse('event-matches', args=[event.slug])}?needs=confirmation")
    done = _attempt(request, lambda: games_confirm_reported(event=event, by=request.user, items=items))
    if done is not None:
        if done.confirmed:
            count = len(done.confirmed)
            messages.success(
                request,
                ngettext("%(count)s result confirmed.", "%(count)s results confirmed.", count) % {"count": count},
            )
        for refused in done.refused[:20]:
            game = refused.game
            where = (
                _("round %(round)s, table %(table)s, game %(number)s")
                % {"round": game.match.round.number, "table": game.match.table, "number": game.number}
                if game
                else _("game %(number)s") % {"number": refused.game_id}
            )
            messages.error(
                request, _("Not confirmed: %(where)s: %(reason)s.") % {"where": where, "reason": refused.reason}
            )
        if len(done.refused) > 20:
            messages.error(request, _("… and %(value)s more not confirmed.") % {"value": len(done.refused) - 20})
    return redirect(f"{reverse('event-matches', args=[event.slug])}?needs=confirmation")
