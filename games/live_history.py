"""What happened in a live game, as one viewer may know it: the move list and the board at any
earlier move, each built from that viewer's own views (a seat's, or the spectator's).

A line of the move list is never the referee's record form of a hidden-information game: it
is what the seat itself sent for its own moves, and for the others' moves only that they moved
(what the seat learnt from them is on its board). Games without hidden information show every
move as written, since there the player form is the record form (docs/engine-contract.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.cache import cache

from games.engine_texts import render_svg
from games.engines import Engine
from games.models import LiveGame


@dataclass(frozen=True)
class MoveLine:
    ply: int  # 1-based
    seat: int  # who moved
    name: str  # the mover's seat name
    text: str  # the move as this viewer may read it; "" when it is hidden from them
    mine: bool


def replay_views(live: LiveGame, engine: Engine, seat: int | None) -> tuple[Any, list[dict]]:
    """The state now (for the referee's use only) and the viewer's view before the first move
    and after each move."""
    state = engine.setup(live.options, seats=len(live.seats), layout=live.layout)
    views = [engine.observe(state, seat)]
    for text in live.moves:
        state = engine.play_text(state, text)
        views.append(engine.observe(state, seat))
    return state, views


def move_lines(live: LiveGame, engine: Engine, seat: int | None, views: list[dict] | None = None) -> list[MoveLine]:
    """The move list as ``seat`` (None: a spectator) may read it."""
    views = views if views is not None else replay_views(live, engine, seat)[1]
    public = not engine.info.hidden_information
    lines = []
    for ply, before in enumerate(views[:-1], start=1):
        mover = before.get("to_move")
        if mover is None:
            continue
        mine = seat is not None and mover == seat
        if mine and ply <= len(live.player_texts) and live.player_texts[ply - 1]:
            text = live.player_texts[ply - 1]
        elif public:
            text = live.moves[ply - 1]
        else:
            text = ""
        lines.append(MoveLine(ply, mover, live.seats[mover]["name"], text, mine))
    return lines


def _lines_key(live: LiveGame, version: int, seat: int | None) -> str:
    return f"brume:live-lines:{live.public_id}:{version}:{'spectator' if seat is None else seat}"


def cached_move_lines(
    live: LiveGame, engine: Engine, seat: int | None, *, moved_by: int | None = None
) -> list[MoveLine]:
    """``move_lines`` kept until the game's next move: a page refreshed while nobody moves reads
    them from the cache instead of replaying every view (bench/live_page.py). After a move, the
    lines of the version before plus the new move's line (``last_line``), with no replay.

    ``moved_by``: the seat whose move this request just wrote as the game's last one. Nobody can
    have kept the lines of that version yet (they are not looked up), and when ``seat`` is the
    mover its line needs no view: it moved, and wrote what it sent."""
    key = _lines_key(live, live.version, seat)
    lines = None if moved_by is not None else cache.get(key)
    if lines is None:
        before = cache.get(_lines_key(live, live.version - 1, seat)) if live.moves else None
        last = last_line(live, engine, seat, moved_by=moved_by) if before is not None else None
        lines = [*before, *last] if last is not None else move_lines(live, engine, seat)
        cache.set(key, lines, 600)
    return lines


def last_line(
    live: LiveGame, engine: Engine, seat: int | None, *, moved_by: int | None = None
) -> list[MoveLine] | None:
    """The line of the game's last move as ``seat`` may read it, from the seat's view of the
    state before that move (kept by games/live_states.py); None when that state is not kept.
    ``moved_by``: the seat known to have played it (its own line then needs no view)."""
    from games.live_states import cached_state

    if seat is not None and moved_by == seat:
        mover = seat  # the seat played on its own turn: its view before the move said so
    else:
        before = cached_state(live.public_id, live.moves[:-1])
        if before is None:
            return None
        mover = engine.observe(before, seat).get("to_move")  # who moved, as the seat saw it
    if mover is None:
        return []
    ply = len(live.moves)
    mine = seat is not None and mover == seat
    if mine and ply <= len(live.player_texts) and live.player_texts[ply - 1]:
        text = live.player_texts[ply - 1]
    elif not engine.info.hidden_information:
        text = live.moves[ply - 1]
    else:
        text = ""
    return [MoveLine(ply, mover, live.seats[mover]["name"], text, mine)]


def board_at(engine: Engine, views: list[dict], ply: int) -> tuple[dict, Any]:
    """The viewer's view after move ``ply`` (clamped to the game so far) and its picture."""
    ply = min(max(ply, 0), len(views) - 1)
    return views[ply], render_svg(engine, views[ply])
