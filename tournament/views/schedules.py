"""The organisers' schedule forms: a round's times (also at publishing) and a stage's deadline
settings (tournament.services.schedules and .stages hold the rules)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.errors import ServiceError
from tournament.forms import RoundScheduleForm, StageDeadlineForm
from tournament.models import Round, Stage
from tournament.permissions import is_organiser
from tournament.services import schedules
from tournament.services.rounds import round_publish
from tournament.services.stages import stage_update
from tournament.views._common import _attempt, _event_for, _require_organiser


@require_POST
@login_required
def round_schedule(request, slug: str, round_id: int):
    event = _event_for(request, slug)
    _require_organiser(request, event)
    round_ = get_object_or_404(Round.objects.select_related("stage"), pk=round_id, stage__event=event)
    form = RoundScheduleForm(request.POST)
    with timezone.override(schedules.event_zone(event)):
        valid = form.is_valid()
    if not valid:
        errors = [f"{form.fields[name].label}: {' '.join(errs)}" for name, errs in form.errors.items()]
        messages.error(request, " ".join(errors))
    else:
        _attempt(
            request,
            lambda: schedules.round_schedule(
                round_=round_,
                by=request.user,
                starts_at=form.cleaned_data["starts_at"],
                report_deadline=form.cleaned_data["report_deadline"],
            ),
            _("Round %(number)s's schedule is saved.") % {"number": round_.number},
        )
    return redirect("round-detail", event.slug, round_.stage.number, round_.number)


@login_required
def stage_deadlines(request, slug: str, stage_id: int):
    """What happens at deadlines, changeable while the stage runs (the rest of a stage is fixed)."""
    event = _event_for(request, slug)
    if not is_organiser(request.user, event):
        raise PermissionDenied(_("only the event's organisers change its stages"))
    stage = get_object_or_404(Stage, event=event, pk=stage_id)
    initial = {"auto_confirm_hours": stage.auto_confirm_hours, "at_deadline": stage.at_deadline}
    form = StageDeadlineForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        saved = _attempt(
            request,
            lambda: stage_update(
                stage=stage,
                by=request.user,
                auto_confirm_hours=form.cleaned_data.get("auto_confirm_hours"),
                at_deadline=form.cleaned_data.get("at_deadline") or Stage.AtDeadline.NOTHING,
            ),
            f"{stage.name}'s deadline settings are saved.",
        )
        if saved is not None:
            return redirect(event)
    return render(request, "tournament/stage_deadlines.html", {"event": event, "stage": stage, "form": form})


def publish_with_schedule(request, event, stage: Stage, number: int) -> Round:
    """Publish a round from the preview page, with its times when the organiser gave them: a
    refused schedule publishes nothing."""
    form = RoundScheduleForm(request.POST)
    with timezone.override(schedules.event_zone(event)):
        if not form.is_valid():
            errors = [f"{form.fields[name].label}: {' '.join(errs)}" for name, errs in form.errors.items()]
            raise ServiceError(" ".join(errors))
    times = {key: form.cleaned_data.get(key) for key in ("starts_at", "report_deadline")}
    if not any(times.values()):
        return round_publish(stage=stage, by=request.user, number=number)
    with transaction.atomic():
        round_ = round_publish(stage=stage, by=request.user, number=number)
        return schedules.round_schedule(round_=round_, by=request.user, **times)
