"""Tournament pages. Thin: selectors read, services write, errors become messages."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games.ai.registry import levels
from games.engines import all_engines, get_engine
from ranking.cache import cached_html
from ranking.selectors import stage_standings_cached
from ranking.tiebreaks import all_tiebreaks
from tournament import bounds, selectors
from tournament.errors import NotAllowed, ServiceError
from tournament.forms import AddParticipantForm, DecideForm, DisputeForm, EventCreateForm, ReportForm, StageForm
from tournament.models import Event, Match, Participant, Round, SeriesGame, Stage
from tournament.permissions import can_create_event, can_view_event, is_organiser, seat_participant
from tournament.services import events as event_services
from tournament.services import registration, results, rounds, stages, walkovers
from tournament.services.logs import log_effect


def _event_for(request, slug: str) -> Event:
    event = get_object_or_404(Event, slug=slug)
    if not can_view_event(request.user, event):
        raise Http404("no such event")  # private events do not reveal that they exist
    return event


def _fail(request, error: ServiceError) -> None:
    if isinstance(error, NotAllowed):
        raise PermissionDenied(error.message)
    messages.error(request, error.message)


def _number(request, key: str, what: str, *, low: int = 1, high: int = bounds.MAX_ID, default=None):
    """A whole number from a POSTed form (ASCII digits only, within bounds), ``default`` when the
    field is absent or blank; raises OutOfBounds otherwise."""
    text = request.POST.get(key, "")
    if not text.strip():
        return default
    return bounds.parse_whole_number(text, what, low, high, field=key)


def _bad_number(error: bounds.OutOfBounds) -> HttpResponseBadRequest:
    return HttpResponseBadRequest(f"{error.message}.", content_type="text/plain; charset=utf-8")


def _require_organiser(request, event: Event) -> None:
    """Refuse (403) anyone but the event's organisers, before their form is even read."""
    if not is_organiser(request.user, event):
        raise PermissionDenied("only the event's organisers may do this")


def _attempt(request, call, success=None):
    """Run one service call for a page: its refusal becomes a message (or a 403); on success the
    message ``success`` (a text, or a function of the call's result) is shown."""
    try:
        result = call()
    except ServiceError as error:
        _fail(request, error)
        return None
    if success:
        messages.success(request, success(result) if callable(success) else success)
    return result


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


@login_required
def event_create(request):
    if not can_create_event(request.user):
        raise PermissionDenied("only organisers create events")
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
            messages.success(request, f"{event.name} is created as a draft.")
            return redirect(event)
    template = (
        "tournament/_game_options.html" if request.htmx and request.method == "GET" else "tournament/event_form.html"
    )
    return render(request, template, {"form": form})


def event_detail(request, slug: str):
    event = _event_for(request, slug)
    organiser = is_organiser(request.user, event)
    stage_list = list(event.stages.all())
    context = {
        "event": event,
        "engine": get_engine(event.game),
        "organiser": organiser,
        "participants": event.participants.all(),
        "stages": [(stage, selectors.stage_rounds_for_page(stage, with_matches=organiser)) for stage in stage_list],
        "actions": selectors.organiser_actions(event) if organiser else [],
        "my_registration": event.participants.filter(user=request.user).first()
        if request.user.is_authenticated
        else None,
        "standings": {stage.pk: stage_standings_cached(stage) for stage in stage_list},
        "brackets": {stage.pk: selectors.stage_bracket_svg_cached(stage) for stage in stage_list},
        "check_in": any(stage.settings.get("check_in") for stage in stage_list if stage.status != Stage.Status.CLOSED),
    }
    context["round_tables"] = {
        round_.pk: selectors.round_table_html(event, round_.pk)
        for _, rounds in context["stages"]
        for round_ in rounds.shown
    }
    if organiser:
        context["add_form"] = AddParticipantForm(levels=levels(event.game))
    else:  # the organisers' table has forms: everyone else's is the same for all
        context["participants_table"] = cached_html(
            event.pk,
            f"participants:{int(context['check_in'])}",
            "tournament/_participants_table.html",
            lambda: {"event": event, "participants": context["participants"], "check_in": context["check_in"]},
        )
    return render(request, "tournament/event_detail.html", context)


def round_detail(request, slug: str, number: int, round_number: int):
    """One round's pairings and results (the event page shows a large stage's latest round only)."""
    event = _event_for(request, slug)
    stage = get_object_or_404(Stage, event=event, number=number)
    round_ = stage.rounds.filter(number=round_number).first()
    if round_ is None:
        raise Http404("no such round")
    context = {
        "event": event,
        "stage": stage,
        "round": round_,
        "round_table": selectors.round_table_html(event, round_.pk),
        "organiser": is_organiser(request.user, event),
    }
    return render(request, "tournament/round_detail.html", context)


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
                stage_id = _number(request, "stage", "the stage")
            except bounds.OutOfBounds as error:
                return _bad_number(error)
            stages.stage_close(stage=get_object_or_404(Stage, event=event, pk=stage_id), by=request.user)
        elif action == "advance":
            following = selectors.current_stage(event)
            previous = get_object_or_404(Stage, event=event, number=following.number - 1)
            stages.stage_advance(stage=previous, by=request.user)
        else:
            messages.error(request, "unknown action")
            return redirect(event)
    except ServiceError as error:
        _fail(request, error)
    else:
        messages.success(request, "Done.")
    return redirect(event)


@login_required
def stage_form(request, slug: str, stage_id: int | None = None):
    """Add a stage, or change one before its first round: format, points, tie-break order."""
    event = _event_for(request, slug)
    if not is_organiser(request.user, event):
        raise PermissionDenied("only the event's organisers change its stages")
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
def event_register(request, slug: str):
    event = _event_for(request, slug)
    _attempt(
        request,
        lambda: registration.participant_register(event=event, user=request.user),
        f"You are registered for {event.name}.",
    )
    return redirect(event)


@require_POST
@login_required
def participant_add(request, slug: str):
    event = _event_for(request, slug)
    if not is_organiser(request.user, event):  # before the name is looked up: it says who has an account
        raise PermissionDenied("only the event's organisers may do this")
    form = AddParticipantForm(request.POST, levels=levels(event.game))
    if not form.is_valid():
        messages.error(request, " ".join(form.non_field_errors()) or "check the form")
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
def participant_withdraw(request, slug: str, participant_id: int):
    event = _event_for(request, slug)
    participant = get_object_or_404(Participant, event=event, pk=participant_id)
    _attempt(
        request,
        lambda: registration.participant_withdraw(participant=participant, by=request.user),
        f"{participant.name} is withdrawn.",
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
        first = _number(request, "first", "the first participant", default=0)
        second = _number(request, "second", "the second participant", default=0)
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
        messages.success(request, "The pairing is changed.")
    return redirect(f"{event.get_absolute_url()}#stage-{round_.stage_id}")


@login_required
def round_pair(request, slug: str, stage_id: int):
    """GET: the preview of the next round. POST: publish it (the round number guards double posts)."""
    event = _event_for(request, slug)
    stage = get_object_or_404(Stage, event=event, pk=stage_id)
    if request.method == "POST":
        _require_organiser(request, event)
        try:
            number = _number(request, "number", "the round number")
        except bounds.OutOfBounds as error:
            return _bad_number(error)
        try:
            round_ = rounds.round_publish(stage=stage, by=request.user, number=number)
        except ServiceError as error:
            _fail(request, error)
            return redirect(event)
        messages.success(request, f"Round {round_.number} is published.")
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


def match_detail(request, slug: str, match_id: int):
    event = _event_for(request, slug)
    try:
        match = selectors.match_detail(match_id)
    except Exception:
        raise Http404("no such match") from None
    if match.round.stage.event_id != event.pk:
        raise Http404("no such match")
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


@require_POST
@login_required
def match_forfeit(request, slug: str, match_id: int):
    """An organiser records who did not play a match: the other side wins it without play."""
    event = _event_for(request, slug)
    match = get_object_or_404(Match, pk=match_id, round__stage__event=event)
    _require_organiser(request, event)
    try:
        absent = _number(request, "absent", "the absent participant", default=-1)
    except bounds.OutOfBounds as error:
        return _bad_number(error)
    _attempt(
        request,
        lambda: walkovers.match_forfeit(
            match=match, by=request.user, absent=absent, reason=request.POST.get("reason", "")
        ),
        "The forfeit is recorded.",
    )
    return redirect(match)


@require_POST
@login_required
def game_action(request, slug: str, game_id: int):
    """Report, confirm, dispute or decide one series game; htmx swaps the match panel in place."""
    event = _event_for(request, slug)
    game = get_object_or_404(
        SeriesGame.objects.select_related("match__round__stage"), pk=game_id, match__round__stage__event=event
    )
    participants = {p.pk: p for p in Participant.objects.filter(pk__in=game.seat_order)}
    seats = [participants[pid] for pid in game.seat_order]
    action = request.POST.get("action")
    try:
        expected = _number(request, "version", "the result's version", low=0, high=2**31 - 1)
    except bounds.OutOfBounds as error:
        return _bad_number(error)
    try:
        if action == "report":
            form = ReportForm(request.POST, seats=seats, prefix=f"g{game.pk}")
            if not form.is_valid():
                raise ServiceError("choose the result")
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
                raise ServiceError("choose the result and give a reason")
            results.game_decide(
                game=game,
                by=request.user,
                ranks=form.ranks(),
                scores=form.scores(),
                reason=form.cleaned_data["reason"],
                expected_version=expected,
            )
        else:
            raise ServiceError("unknown action")
    except ServiceError as error:
        _fail(request, error)
    except Exception as error:  # form.scores() raises ValidationError for half-filled scores
        from django.core.exceptions import ValidationError

        if not isinstance(error, ValidationError):
            raise
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, "Saved.")
    match = selectors.match_detail(game.match_id)
    if request.htmx:
        return render(request, "tournament/_match_games.html", _match_context(request, event, match))
    return redirect(match)


def _attach_log(request, game: SeriesGame) -> None:
    from tournament.services.logs import game_attach_log

    upload_file = request.FILES.get("log_file")
    data = upload_file.read(2_000_001) if upload_file else request.POST.get("log_text", "")
    if not data or (isinstance(data, str) and not data.strip()):
        raise ServiceError("choose a log file or paste a log")
    game = game_attach_log(game=game, by=request.user, data=data)
    game = SeriesGame.objects.select_related("record", "record_reporter").get(pk=game.pk)
    messages.info(request, f"The log is stored as record {game.record.public_id}: {log_effect(game)}.")


@login_required
def my_matches(request):
    return render(request, "tournament/my_matches.html", {"tasks": selectors.player_tasks(request.user)})
