"""Pages about games and game records. Thin: selectors read, services write."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseForbidden
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_POST

from games.ai.registry import levels
from games.ai_batches import batch_create
from games.engine_texts import reason_of
from games.engines import EngineError, UnknownGame, all_engines
from games.forms import UploadForm
from games.models import AIBatch, GameRecord
from games.rules_pages import rules_page
from games.selectors import (
    HIDDEN_DUPLICATE,
    allowed_viewers,
    game_catalogue,
    game_entry,
    live_game_for_seat,
    live_game_for_viewer,
    live_game_links,
    log_download_refusal,
    log_text,
    may_open_record,
    may_see_everything,
    public_verdict,
    record_for_viewer,
    records_of_player,
    records_visible_to,
    replay_frame,
)
from games.services import RecordRejected, record_upload, records_enqueue


def game_rules(request, slug: str):
    """The rules as Brume reads them: docs/games/<slug>.md as a page."""
    try:
        entry = game_entry(slug)
        rules = rules_page(slug, get_language() or "en")
    except UnknownGame:
        raise Http404(f"no game called {slug}") from None
    if rules is None:
        raise Http404(gettext("this game has no rules page yet"))
    return render(request, "games/game_rules.html", {"entry": entry, "rules": rules, "html": mark_safe(rules.html)})


@login_required
def record_upload_page(request):
    form = UploadForm(request.POST or None, request.FILES or None)
    results = []
    if request.method == "POST" and form.is_valid():
        created = []
        for name, content in form.logs():
            try:
                upload = record_upload(data=content, by=request.user, enqueue=False)
            except RecordRejected as exc:
                results.append({"name": name, "error": exc.message})
            else:
                if not upload.created and not may_open_record(upload.record, request.user):
                    results.append({"name": name, "error": HIDDEN_DUPLICATE})
                    continue
                results.append({"name": name, "record": upload.record, "duplicate": not upload.created})
                if upload.created:
                    created.append(upload.record.pk)
        records_enqueue(created)
        if len(results) == 1 and "record" in results[0]:
            if results[0]["duplicate"]:
                messages.info(request, gettext("This log was uploaded before: here is its record."))
            return redirect(results[0]["record"])
        form = UploadForm()
    return render(request, "games/record_upload.html", {"form": form, "results": results})


def _whole_number(text: str | None, low: int, high: int) -> int | None:
    """A number from a query string: ASCII digits (and a leading minus) only, clamped to the
    bounds; None for anything else (``str.isdigit`` accepts '²', which ``int`` refuses)."""
    if not text:
        return None
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
        return None
    return min(max(int(text), low), high)


def _record_context(request, record: GameRecord, ply: int | None = None, viewer: str | None = None) -> dict:
    viewers = allowed_viewers(record, request.user)
    chosen = None if viewer in (None, "", "spectator") else _whole_number(viewer, 0, 64)
    if chosen not in viewers:
        chosen = None
    if ply is None:
        ply = 10**9  # the end of what can be replayed
    frame = replay_frame(record, ply, chosen) if record.is_done else None
    return {
        "record": record,
        "title": game_entry(record.game).info.title,
        "verdict": public_verdict(record, request.user),
        "everything": may_see_everything(record, request.user),
        "frame": frame,
        "viewer": chosen,
        "viewers": viewers,
        "seats": record.log.get("seats", []),
        "moves": record.log.get("moves", []) if may_see_everything(record, request.user) else [],
        # The first illegal move: the replay stops before it and the move list marks it.
        "bad_ply": record.bad_move_ply if record.is_done else None,
        "download": log_download_refusal(record, request.user) is None,
    }


def record_detail(request, public_id: str):
    record = record_for_viewer(public_id, request.user)
    if record is None:
        raise Http404("no such record")
    ply = request.GET.get("ply")
    context = _record_context(request, record, _whole_number(ply, -(10**9), 10**9), request.GET.get("seat"))
    if request.htmx and request.GET.get("part") == "status":
        return render(request, "games/_record_status.html", context)
    if request.htmx and request.GET.get("part") == "frame":
        return render(request, "games/_replay_frame.html", context)
    return render(request, "games/record_detail.html", context)


def ai_batch_list(request):
    batches = AIBatch.objects.all()[:50]
    games = [(engine.info.slug, engine.info.title, list(levels(engine.info.slug))) for engine in all_engines()]
    return render(
        request, "games/ai_batch_list.html", {"batches": batches, "games": games, "can_start": request.user.is_staff}
    )


@require_POST
@login_required
def ai_batch_start(request):
    """Staff start a batch of AI games; workers play it and the page shows its progress."""
    if not request.user.is_staff:
        raise PermissionDenied(gettext("only organisers start AI batches"))
    players = [p.strip() for p in request.POST.get("players", "").split(",") if p.strip()]
    count = _whole_number(request.POST.get("games", "10"), 0, 1001)
    if count is None or not 1 <= count <= 1000:
        messages.error(request, gettext("play between 1 and 1,000 games"))
        return redirect("ai-batch-list")
    try:
        batch = batch_create(
            game=request.POST.get("game", ""), players=players, games=count, by=request.user, move_seconds=0.1
        )
    except (RecordRejected, EngineError, UnknownGame) as exc:
        messages.error(request, reason_of(exc))
    else:
        return redirect("ai-batch-detail", pk=batch.pk)
    return redirect("ai-batch-list")


def ai_batch_detail(request, pk: int):
    batch = get_object_or_404(AIBatch, pk=pk)
    template = "games/_ai_batch_progress.html" if request.htmx else "games/ai_batch_detail.html"
    records = records_visible_to(request.user, listing=True).filter(batches=batch).order_by("id")[:200]
    return render(request, template, {"batch": batch, "records": records})


def live_game(request, public_id: str):
    """Play a live game from one's seat (or watch it); htmx refreshes the board while others move.

    A POST plays a move, or with ``action`` resigns, offers / accepts / declines a draw, aborts
    or claims a win on time; ``?ply=N`` shows the viewer's own board after move N."""
    from games.live import LiveMoveRefused, ai_may_have_answered, live_enforce_clock, live_play, live_view
    from games.live_actions import LIVE_ACTIONS

    if request.method == "POST":  # one read of the row; a seated player needs no visibility query
        live, seat = live_game_for_seat(public_id, request.user)
    else:
        live = live_game_for_viewer(public_id, request.user)
        seat = None
    if live is None:
        raise Http404("no such game")
    if live_enforce_clock(live_id=live.pk, current=live) is not None:  # the turn's time ran out
        live.refresh_from_db()
    moved_by = None  # the seat whose move this request wrote as the game's last
    if request.method == "POST":
        if seat is None:
            raise PermissionDenied(gettext("only the players of this game may move"))
        version = _whole_number(request.POST.get("version", ""), 0, 2**31 - 1)
        action = request.POST.get("action", "move")
        try:
            if action == "move":
                played = len(live.moves)
                live = live_play(
                    live_id=live.pk,
                    seat=seat,
                    text=request.POST.get("move", ""),
                    expected_version=version,
                    current=live,
                )
            elif action in LIVE_ACTIONS:
                if version is None:
                    raise LiveMoveRefused(gettext("the page did not say which position it shows: reload it"))
                LIVE_ACTIONS[action](live_id=live.pk, seat=seat, expected_version=version)
            else:
                raise LiveMoveRefused(gettext("unknown action"))
        except LiveMoveRefused as exc:
            messages.error(request, str(exc))
            live.refresh_from_db()  # a refusal may come from a row that changed meanwhile
        else:
            if action != "move" or ai_may_have_answered(live):
                live.refresh_from_db()  # embedded: an AI seat answered on commit, show its move too
            elif len(live.moves) == played + 1:  # not when its time ran out: then nothing was played
                moved_by = seat
    ply = _whole_number(request.GET.get("ply"), 0, 10**6) if request.method == "GET" else None
    context = {"state": live_view(live, request.user, ply=ply, moved_by=moved_by)}
    if request.htmx:  # the board fragment shows no links: not read (a join of four tables)
        return render(request, "games/_live_board.html", context)
    return render(request, "games/live_game.html", {**context, "links": live_game_links(live)})


RECORDS_PER_PAGE = 25


@login_required
def my_records(request):
    """The records the user uploaded or played in, newest first, each linking to its page."""
    from django.core.paginator import Paginator

    page = Paginator(records_of_player(request.user), RECORDS_PER_PAGE).get_page(request.GET.get("page"))
    titles = {entry.info.slug: entry.info.title for entry in game_catalogue()}
    mine = f"user:{request.user.pk}"
    rows = [
        {
            "record": record,
            "title": titles.get(record.game, record.game),
            "uploaded": record.uploaded_by_id == request.user.pk,
            "played": any(seat.get("player") == mine for seat in record.log.get("seats", [])),
        }
        for record in page.object_list
    ]
    return render(request, "games/my_records.html", {"page": page, "rows": rows})


def record_log(request, public_id: str):
    """The record's log as a file: text (``?format=json`` for the JSON form), only once the user
    may see all of it (``log_download_refusal``)."""
    record = record_for_viewer(public_id, request.user)
    if record is None:
        raise Http404("no such record")
    refusal = log_download_refusal(record, request.user)
    if refusal is not None:
        return HttpResponseForbidden(
            gettext("The log cannot be downloaded yet: %(reason)s.") % {"reason": refusal},
            content_type="text/plain; charset=utf-8",
        )
    if request.GET.get("format") == "json":
        from games.gamelog import jsonform

        body = jsonform.dumps(jsonform.log_from_dict(record.log), indent=2)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        name = f"brume-{record.game}-{record.public_id}.json"
    else:
        response = HttpResponse(log_text(record), content_type="text/plain; charset=utf-8")
        name = f"brume-{record.game}-{record.public_id}.txt"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response
