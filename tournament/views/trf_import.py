"""The organiser's "Import a TRF" form on a Swiss stage's page, and the page of the job that
imports it (tournament.services.trf_import, tournament.services.jobs)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tournament.errors import Conflict, ServiceError
from tournament.forms import TrfImportForm
from tournament.models import OrganiserJob, Stage
from tournament.permissions import is_organiser
from tournament.selectors import organiser_job_for
from tournament.services.jobs import active_job
from tournament.services.trf_import import stage_import_trf_queue
from tournament.views._common import _event_for, _fail


def _see_other(to):
    """A redirect after a POST that the browser follows with a GET (303)."""
    response = redirect(to)
    response.status_code = 303
    return response


@require_POST
@login_required
def stage_import_trf_page(request, slug: str, stage_id: int):
    """Check the file and the stage at once (a bad line is named here), then queue the import
    and send the organiser to its job's page."""
    event = _event_for(request, slug)
    if not is_organiser(request.user, event):
        raise PermissionDenied(_("only the event's organisers import into its stages"))
    stage = get_object_or_404(Stage, event=event, pk=stage_id)
    form = TrfImportForm(request.POST, request.FILES)
    if not form.is_valid():
        for error in form.errors.get("__all__", []) + form.errors.get("text", []):
            messages.error(request, error)
        return _see_other(reverse("stage-edit", args=[event.slug, stage.pk]))
    try:
        job = stage_import_trf_queue(
            stage=stage, by=request.user, text=form.cleaned_data["text"], language=request.LANGUAGE_CODE
        )
    except Conflict as error:
        messages.error(request, error.message)
        running = active_job(stage, OrganiserJob.Kind.TRF_IMPORT)
        return _see_other(running if running is not None else reverse("stage-edit", args=[event.slug, stage.pk]))
    except ServiceError as error:
        _fail(request, error)
        return _see_other(reverse("stage-edit", args=[event.slug, stage.pk]))
    return _see_other(job)


def _result_lines(job: OrganiserJob) -> list[str]:
    """What a finished TRF import stored, in sentences."""
    found = job.result or {}
    if job.kind != OrganiserJob.Kind.TRF_IMPORT or not found:
        return []
    counts = {
        key: found.get(key, 0) for key in ("rounds", "created", "matched", "matches", "games", "forfeits", "byes")
    }
    return [
        ngettext(
            "Imported %(rounds)s round: %(created)s participants added, %(matched)s found in the event by name.",
            "Imported %(rounds)s rounds: %(created)s participants added, %(matched)s found in the event by name.",
            counts["rounds"],
        )
        % counts,
        _("Matches stored with their results: %(matches)s (%(games)s played, %(forfeits)s by forfeit); byes: %(byes)s.")
        % counts,
    ]


@require_GET
def job_detail(request, slug: str, public_id: str):
    """A job's progress, then what it stored or why it failed. Only the event's organisers see
    a job; to anyone else it does not exist (404). htmx asks for the progress part every second
    until the job ends (the part then has no trigger, so the asking stops)."""
    event = _event_for(request, slug)
    job = organiser_job_for(request.user, event, public_id)
    if job is None:
        raise Http404("no such job")
    template = "tournament/_job_progress.html" if request.htmx else "tournament/job_detail.html"
    context = {
        "event": event,
        "job": job,
        "result_lines": _result_lines(job),
        "result_rounds": range(1, (job.result or {}).get("rounds", 0) + 1),
    }
    return render(request, template, context)
