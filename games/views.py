"""Pages about games and game records. Thin: selectors read, services write."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render

from games.engines import UnknownGame
from games.forms import UploadForm
from games.models import GameRecord
from games.selectors import (
    allowed_viewers,
    game_catalogue,
    game_entry,
    may_see_everything,
    public_verdict,
    replay_frame,
)
from games.services import RecordRejected, record_upload


def home(request):
    return render(request, "games/home.html", {"catalogue": game_catalogue()})


def game_detail(request, slug: str):
    try:
        entry = game_entry(slug)
    except UnknownGame:
        raise Http404(f"no game called {slug}") from None
    return render(request, "games/game_detail.html", {"entry": entry})


@login_required
def record_upload_page(request):
    form = UploadForm(request.POST or None, request.FILES or None)
    results = []
    if request.method == "POST" and form.is_valid():
        for name, content in form.logs():
            try:
                upload = record_upload(data=content, by=request.user)
            except RecordRejected as exc:
                results.append({"name": name, "error": exc.message})
            else:
                results.append({"name": name, "record": upload.record, "duplicate": not upload.created})
        if len(results) == 1 and "record" in results[0]:
            if results[0]["duplicate"]:
                messages.info(request, "This log was uploaded before: here is its record.")
            return redirect(results[0]["record"])
        form = UploadForm()
    return render(request, "games/record_upload.html", {"form": form, "results": results})


def _record_context(request, record: GameRecord, ply: int | None = None, viewer: str | None = None) -> dict:
    viewers = allowed_viewers(record, request.user)
    chosen = None if viewer in (None, "", "spectator") else int(viewer) if viewer.isdigit() else None
    if chosen not in viewers:
        chosen = None
    if ply is None:
        ply = 10**9  # the end of what can be replayed
    frame = replay_frame(record, ply, chosen) if record.is_done else None
    return {
        "record": record,
        "verdict": public_verdict(record, request.user),
        "everything": may_see_everything(record, request.user),
        "frame": frame,
        "viewer": chosen,
        "viewers": viewers,
        "seats": record.log.get("seats", []),
        "moves": record.log.get("moves", []) if may_see_everything(record, request.user) else [],
    }


def record_detail(request, pk: int):
    record = get_object_or_404(GameRecord, pk=pk)
    ply = request.GET.get("ply")
    context = _record_context(
        request, record, int(ply) if ply and ply.lstrip("-").isdigit() else None, request.GET.get("seat")
    )
    if request.htmx and request.GET.get("part") == "status":
        return render(request, "games/_record_status.html", context)
    if request.htmx and request.GET.get("part") == "frame":
        return render(request, "games/_replay_frame.html", context)
    return render(request, "games/record_detail.html", context)
