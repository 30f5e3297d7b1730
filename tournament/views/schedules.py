"""The organiser's schedule form for a round (tournament.services.schedules holds the rules)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.views.decorators.http import require_POST

from tournament.forms import RoundScheduleForm
from tournament.models import Round
from tournament.services import schedules
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
            f"Round {round_.number}'s schedule is saved.",
        )
    return redirect("round-detail", event.slug, round_.stage.number, round_.number)
