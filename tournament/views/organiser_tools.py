"""The organiser's tools for an event's participants and details: adding many at once, seeds,
declared conflicts, and editing the event after its creation."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.ai.registry import level_descriptions, levels
from games.engine_texts import translated
from tournament import bounds
from tournament.errors import ServiceError
from tournament.forms import AddParticipantForm, BulkAddForm, EventEditForm
from tournament.models import DeclaredConflict, Event, Round
from tournament.services import bulk_registration, conflicts, seeds
from tournament.services import events as event_services
from tournament.views._common import _attempt, _bad_number, _event_for, _fail, _number, _require_organiser


def organiser_tools_context(event: Event) -> dict:
    """What the event page shows its organisers around the participants."""
    return {
        "add_form": AddParticipantForm(levels=levels(event.game), descriptions=level_descriptions(event.game)),
        "bulk_form": BulkAddForm(),
        "conflicts": DeclaredConflict.objects.filter(event=event).select_related("first", "second"),
        "seeds_open": not Round.objects.filter(stage__event=event).exists(),
    }


def _organised_event(request, slug: str) -> Event:
    event = _event_for(request, slug)
    _require_organiser(request, event)  # 403 before the form is read
    return event


@login_required
def event_edit(request, slug: str):
    event = _organised_event(request, slug)
    locked = event_services.options_locked_reason(event)
    form = EventEditForm(request.POST or None, event=event, options_locked=locked)
    if request.method == "POST" and form.is_valid():
        fields = {
            key: form.cleaned_data[key]
            for key in ("name", "description", "location", "starts_on", "visibility", "time_zone", "starts_at")
        }
        if not locked:
            fields["options"] = {**event.options, **form.option_values()}
        saved = _attempt(
            request,
            lambda: event_services.event_update(event=event, by=request.user, **fields),
            _("The event is saved."),
        )
        if saved is not None:
            return redirect(saved)
    return render(request, "tournament/event_edit.html", {"event": event, "form": form, "options_locked": locked})


@login_required
def participants_bulk(request, slug: str):
    """GET: the form. POST ``preview``: what each row becomes. POST ``confirm``: add the valid rows
    (the list is read and checked again: the preview is never trusted)."""
    event = _organised_event(request, slug)
    form = BulkAddForm(request.POST or None, request.FILES or None)
    descriptions = {level: translated(text) for level, text in level_descriptions(event.game).items()}
    context = {"event": event, "form": form, "descriptions": descriptions}
    if request.method == "POST" and form.is_valid():
        text = form.cleaned_data["entries"]
        if request.POST.get("action") == "confirm":
            added = _attempt(
                request,
                lambda: bulk_registration.bulk_add(event=event, by=request.user, text=text),
                lambda added: f"{len(added)} participant{'s' if len(added) != 1 else ''} added.",
            )
            if added is not None:
                return redirect(f"{event.get_absolute_url()}#participants-title")
        try:
            context["plan"] = bulk_registration.bulk_preview(event=event, by=request.user, text=text)
        except ServiceError as error:
            _fail(request, error)
        context["text"] = text
        context["addable"] = sum(1 for row in context.get("plan", ()) if row.addable)
    return render(request, "tournament/participants_bulk.html", context)


@require_POST
@login_required
def seeds_update(request, slug: str):
    """Seeds by rating, a whole new order (the drag script), or one participant up or down."""
    event = _organised_event(request, slug)
    action = request.POST.get("action")
    if action == "by_rating":
        _attempt(
            request,
            lambda: seeds.seeds_by_rating(event=event, by=request.user, source=request.POST.get("source", "brume")),
            _("Seeded by rating."),
        )
    elif action == "order":
        try:
            order = [
                bounds.parse_whole_number(part, _("a participant"), 1, bounds.MAX_ID)
                for part in request.POST.get("order", "").split(",")
            ]
        except bounds.OutOfBounds as error:
            return _bad_number(error)
        _attempt(request, lambda: seeds.seeds_set_order(event=event, by=request.user, order=order), _("Seeds saved."))
    elif action in ("up", "down"):
        try:
            moved = _number(request, "participant", _("the participant"))
        except bounds.OutOfBounds as error:
            return _bad_number(error)
        order = list(event.participants.order_by("seed", "name", "id").values_list("pk", flat=True))
        if moved in order:
            index = order.index(moved)
            other = index - 1 if action == "up" else index + 1
            if 0 <= other < len(order):
                order[index], order[other] = order[other], order[index]
        _attempt(request, lambda: seeds.seeds_set_order(event=event, by=request.user, order=order), _("Seeds saved."))
    else:
        messages.error(request, _("unknown action"))
    return redirect(f"{event.get_absolute_url()}#participants-title")


@require_POST
@login_required
def conflict_add(request, slug: str):
    event = _organised_event(request, slug)
    try:
        first = _number(request, "first", _("the first participant"), default=0)
        second = _number(request, "second", _("the second participant"), default=0)
    except bounds.OutOfBounds as error:
        return _bad_number(error)
    _attempt(
        request,
        lambda: conflicts.conflict_declare(
            event=event, by=request.user, first=first, second=second, reason=request.POST.get("reason", "")
        ),
        lambda declared: f"{declared.first.name} and {declared.second.name} will never be paired together.",
    )
    return redirect(f"{event.get_absolute_url()}#conflicts-title")


@require_POST
@login_required
def conflict_remove(request, slug: str, conflict_id: int):
    event = _organised_event(request, slug)
    _attempt(
        request,
        lambda: conflicts.conflict_remove(event=event, by=request.user, conflict_id=conflict_id),
        _("The declared conflict is removed."),
    )
    return redirect(f"{event.get_absolute_url()}#conflicts-title")
