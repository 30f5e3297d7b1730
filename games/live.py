"""Live games: moves played one at a time on Brume, by people and by AI levels.

A live game stores only its setup and its moves; its state is the replay of them. A move is
accepted with a conditional update on the game's version, so two moves sent at once never both
land. When an AI seat is to move, a task plays it. When the game ends it becomes a record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.ai.base import Budget, TurnContext
from games.ai.registry import get_player
from games.engines import Engine, EngineError, IllegalMove, get_engine
from games.gamelog import ClaimedResult, GameLog, Seat
from games.models import GameRecord, LiveGame
from games.push import announce
from games.signals import live_game_finished

AI_BUDGET = Budget(seconds=0.5)


class LiveMoveRefused(ValueError):
    """The move cannot be played now; the message says why (HTTP 400/409)."""


def _engine(live: LiveGame) -> Engine:
    return get_engine(live.game)


def live_state(live: LiveGame) -> Any:
    engine = _engine(live)
    state = engine.setup(live.options, seats=len(live.seats), layout=live.layout)
    for text in live.moves:
        state = engine.play_text(state, text)
    return state


def ai_level(live: LiveGame, seat: int) -> str | None:
    player = live.seats[seat].get("player", "")
    return player.split("/", 1)[1] if player.startswith("ai:") else None


def seat_of(live: LiveGame, user) -> int | None:
    if not user.is_authenticated:
        return None
    for index, seat in enumerate(live.seats):
        if seat.get("player") == f"user:{user.pk}":
            return index
    return None


def live_create(*, game: str, seats: Sequence[dict], options: dict | None = None, seed: int | None = None) -> LiveGame:
    """A new live game; its layout is drawn now from ``seed`` and stored."""
    engine = get_engine(game)
    normalized = engine.normalize_options(options)
    state = engine.setup(
        normalized, seats=len(seats), seed=seed if seed is not None else random.SystemRandom().randrange(2**62)
    )
    live = LiveGame.objects.create(
        game=game, options=normalized, layout=engine.layout(state), seats=list(seats), turn_started_at=timezone.now()
    )
    transaction.on_commit(lambda: _schedule_ai(live.pk))
    transaction.on_commit(lambda: _schedule_clock(live.pk, 0))
    return live


def turn_seconds(live: LiveGame) -> int:
    """The per-turn time limit, when the game has one (The FOG's Hourglass); 0 for none."""
    option = _engine(live).info.extra.get("turn_clock_option")
    return int(live.options.get(option) or 0) if option else 0


def seconds_left(live: LiveGame) -> int | None:
    limit = turn_seconds(live)
    if not limit or live.turn_started_at is None or live.status != LiveGame.Status.PLAYING:
        return None
    return max(0, limit - int((timezone.now() - live.turn_started_at).total_seconds()))


def _schedule_clock(live_id: int, turn_version: int) -> None:
    live = LiveGame.objects.get(pk=live_id)
    limit = turn_seconds(live)
    if limit and live.status == LiveGame.Status.PLAYING:
        from games.tasks import live_turn_timeout, publish

        publish(live_turn_timeout, live_id, turn_version, what=f"the turn clock of {live}", countdown=limit)


def live_enforce_clock(*, live_id: int, turn_version: int | None = None) -> LiveGame | None:
    """When the turn's time has run out, end the turn for the player (remaining MP are lost).

    Called by the clock task when the limit falls due, and by every page view (so the clock also
    holds without a worker). Does nothing for a turn that has already moved on.
    """
    live = LiveGame.objects.get(pk=live_id)
    left = seconds_left(live)
    if left is None or left > 0 or (turn_version is not None and live.turn_version != turn_version):
        return None
    timeout_move = _engine(live).info.extra.get("turn_timeout_move")
    seat = _engine(live).to_move(live_state(live))
    if not timeout_move or seat is None:
        return None
    try:
        return live_play(live_id=live.pk, seat=seat, text=timeout_move, expected_version=live.version)
    except LiveMoveRefused:
        return None  # a move landed in between; its turn runs its own clock


def _schedule_ai(live_id: int) -> None:
    live = LiveGame.objects.get(pk=live_id)
    if live.status != LiveGame.Status.PLAYING:
        return
    seat = _engine(live).to_move(live_state(live))
    if seat is not None and ai_level(live, seat):
        from games.tasks import play_live_ai_move, publish

        publish(play_live_ai_move, live.pk, live.version, what=f"the AI move of {live}")


def live_games_requeue(*, older_than: float | None = None, limit: int = 200) -> list[int]:
    """Send again what a live game waits for when nobody moved in it for ``older_than`` seconds
    (``BRUME_SWEEP_AFTER`` by default): the AI seat's move whose task was never sent (the broker
    was down) or was lost, and a turn whose clock ran out while no page was open. A repeated
    move is refused by the game's version, so sending twice plays once."""
    from django.conf import settings

    after = settings.BRUME_SWEEP_AFTER if older_than is None else older_than
    stale = LiveGame.objects.filter(
        status=LiveGame.Status.PLAYING, updated_at__lte=timezone.now() - timedelta(seconds=after)
    )
    sent = []
    for live in stale.order_by("updated_at", "pk")[:limit]:
        if live_enforce_clock(live_id=live.pk) is not None:
            sent.append(live.pk)
            continue
        seat = _engine(live).to_move(live_state(live))
        if seat is not None and ai_level(live, seat):
            from games.tasks import play_live_ai_move, publish

            if not publish(play_live_ai_move, live.pk, live.version, what=f"the AI move of {live}"):
                break
            sent.append(live.pk)
    return sent


@transaction.atomic
def live_play(*, live_id: int, seat: int, text: str, expected_version: int | None = None) -> LiveGame:
    """Play ``text`` for ``seat``; refused with a reason when it is not that seat's turn, the game
    moved on meanwhile, or the move is illegal."""
    live = LiveGame.objects.select_for_update().get(pk=live_id)
    if live.status != LiveGame.Status.PLAYING:
        raise LiveMoveRefused("the game is over")
    if expected_version is not None and expected_version != live.version:
        raise LiveMoveRefused("the game moved on since your page was drawn: look at the board again")
    engine = _engine(live)
    state = live_state(live)
    if engine.to_move(state) != seat:
        raise LiveMoveRefused("it is not your turn")
    try:
        # The seat's move is checked against its view (the reason of a refusal is the view's);
        # ``written`` is the referee's record form, which goes only into the stored moves.
        state, written = engine.play_player(state, seat, text.strip())
    except IllegalMove as exc:
        raise LiveMoveRefused(exc.reason) from None
    now = timezone.now()
    fields = {"moves": [*live.moves, written], "version": live.version + 1, "updated_at": now}
    next_turn = engine.to_move(state) != seat  # a turn may take several moves (The FOG's MP)
    if next_turn:
        fields.update(turn_version=live.version + 1, turn_started_at=now)
    updated = LiveGame.objects.filter(pk=live.pk, version=live.version).update(**fields)
    if updated != 1:
        raise LiveMoveRefused("another move arrived first: look at the board again")
    live.refresh_from_db()
    finished = engine.outcome(state) is not None
    if finished:
        _finish(live, engine, state)
    announce(live)  # first on commit: the other seats hear of the move before an AI answers it
    if not finished:
        transaction.on_commit(lambda: _schedule_ai(live.pk))
        if next_turn:
            turn_version = live.turn_version
            transaction.on_commit(lambda: _schedule_clock(live.pk, turn_version))
    return live


def live_ai_move(*, live_id: int, version: int) -> LiveGame | None:
    """Play the AI seat's move if the game is still where the task was asked (idempotent)."""
    live = LiveGame.objects.get(pk=live_id)
    if live.status != LiveGame.Status.PLAYING or live.version != version:
        return None
    engine = _engine(live)
    state = live_state(live)
    seat = engine.to_move(state)
    level = ai_level(live, seat) if seat is not None else None
    if level is None:
        return None
    ctx = TurnContext.at(
        engine, state, options=live.options, budget=AI_BUDGET, rng=random.Random(f"{live.pk}:{version}")
    )
    move = get_player(live.game, level).choose(ctx)
    try:
        # The AI seat moves like a person: in the player form of its own view.
        text = engine.player_move_text(ctx.view, move)
        return live_play(live_id=live.pk, seat=seat, text=text, expected_version=version)
    except LiveMoveRefused:
        return None  # someone else's move landed first; that task schedules the next one


def _finish(live: LiveGame, engine: Engine, state: Any) -> None:
    from games.services import record_upload

    outcome = engine.outcome(state)
    log = GameLog(
        game=live.game,
        options=live.options,
        seats=tuple(Seat(name=s["name"], player=s.get("player", "")) for s in live.seats),
        layout=live.layout,
        moves=tuple(live.moves),
        result=ClaimedResult(ranks=outcome.ranks, scores=outcome.scores),
        meta={"live_game": live.public_id},
    )
    record = record_upload(data=log, source=GameRecord.Source.PLAYED).record
    LiveGame.objects.filter(pk=live.pk).update(status=LiveGame.Status.FINISHED, record=record)
    live.refresh_from_db()
    transaction.on_commit(lambda: live_game_finished.send(sender=LiveGame, live=live))


@dataclass(frozen=True)
class LiveView:
    live: LiveGame
    seat: int | None  # the viewer's seat, None for a spectator
    view: dict
    svg: str
    my_turn: bool
    moves: list[str]  # the viewer's legal moves in the player form (from its view), on its turn
    waiting_for: str  # whose turn it is, in words
    outcome: str
    seconds_left: int | None = None  # on the turn's clock, when the game has one


def live_view(live: LiveGame, user) -> LiveView:
    """What this user may see of the game: their seat's view, or the spectator's."""
    engine = _engine(live)
    try:
        state = live_state(live)
    except EngineError as exc:  # cannot happen for moves that were accepted; say so if it does
        raise LiveMoveRefused(f"the game cannot be replayed: {exc}") from None
    seat = seat_of(live, user)
    # Everything below is built from this seat's view (the spectator's for None), never from the
    # state: the state stays in this function.
    view = engine.observe(state, seat)
    to_move = view["to_move"]
    mine = to_move is not None and to_move == seat
    legal = engine.player_moves(view) if mine else []
    outcome = engine.outcome(state) if view["over"] else None
    waiting = "" if to_move is None else "you" if mine else live.seats[to_move]["name"]
    return LiveView(
        live,
        seat,
        view,
        engine.render_svg(view),
        mine,
        legal,
        waiting,
        outcome.reason if outcome else "",
        seconds_left(live),
    )
