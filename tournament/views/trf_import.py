"""The organiser's "Import a TRF" form on a Swiss stage's page (tournament.services.trf_import)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournament.forms import TrfImportForm
from tournament.models import Stage
from tournament.permissions import is_organiser
from tournament.services.trf_import import stage_import_trf
from tournament.views._common import _attempt, _event_for


def _said(done) -> str:
    return ngettext(
        "Imported %(rounds)s round: %(created)s participants added, %(matched)s found in the event by name.",
        "Imported %(rounds)s rounds: %(created)s participants added, %(matched)s found in the event by name.",
        done.rounds,
    ) % {"rounds": done.rounds, "created": done.created, "matched": done.matched}


@require_POST
@login_required
def stage_import_trf_page(request, slug: str, stage_id: int):
    event = _event_for(request, slug)
    if not is_organiser(request.user, event):
        raise PermissionDenied(_("only the event's organisers import into its stages"))
    stage = get_object_or_404(Stage, event=event, pk=stage_id)
    form = TrfImportForm(request.POST, request.FILES)
    if not form.is_valid():
        for error in form.errors.get("__all__", []) + form.errors.get("text", []):
            messages.error(request, error)
        return redirect("stage-edit", event.slug, stage.pk)
    done = _attempt(
        request, lambda: stage_import_trf(stage=stage, by=request.user, text=form.cleaned_data["text"]), _said
    )
    if done is None:
        return redirect("stage-edit", event.slug, stage.pk)
    return redirect(event)
