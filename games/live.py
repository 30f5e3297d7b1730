"""Live games: moves played one at a time on Brume, by people and by AI levels.

A live game stores only its setup and its moves; its state is the replay of them. A move is
accepted with a conditional update on the game's version, so two moves sent at once never both
land. When an AI seat is to move, a task plays it. When the game ends it becomes a record.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext, pgettext

from config.kept_queries import KeptUpdate
from config.metrics import LIVE_MOVES
from games import live_states
from games.ai.base import Budget, TurnContext
from games.ai.registry import get_player
from games.engine_texts import Translator, render_svg, translated
from games.engines import Engine, EngineError, IllegalMove, get_engine
from games.gamelog import ClaimedResult, GameLog, Seat
from games.live_clock import after_turn, clock_start
from games.live_clock import describe as describe_clock
from games.live_clock import time_left as clock_time_left
from games.models import GameRecord, LiveGame
from games.push import announce
from games.signals import live_game_finished, live_turn_started

AI_BUDGET = Budget(seconds=0.5)


class LiveMoveRefused(ValueError):
    """The move cannot be played now; the message says why (HTTP 400/409)."""


def _engine(live: LiveGame) -> Engine:
    return get_engine(live.game)


def live_state(live: LiveGame) -> Any:
    """The game's state after its stored moves (replayed once per process: games/live_states.py)."""
    engine = _engine(live)
    return live_states.replayed(
        live.public_id,
        live.moves,
        lambda: engine.setup(live.options, seats=len(live.seats), layout=live.layout),
        engine.play_text,
    )


def ai_level(live: LiveGame, seat: int) -> str | None:
    player = live.seats[seat].get("player", "")
    return player.split("/", 1)[1] if player.startswith("ai:") else None


def ai_may_have_answered(live: LiveGame) -> bool:
    """A move's caller must read the row again to show an AI's answer: only in embedded mode
    (tasks run in-process, on commit) and only in a game with an AI seat."""
    from django.conf import settings

    return settings.CELERY_TASK_ALWAYS_EAGER and any(ai_level(live, seat) for seat in range(len(live.seats)))


def seat_of(live: LiveGame, user) -> int | None:
    if not user.is_authenticated:
        return None
    for index, seat in enumerate(live.seats):
        if seat.get("player") == f"user:{user.pk}":
            return index
    return None


def live_create(
    *,
    game: str,
    seats: Sequence[dict],
    options: dict | None = None,
    seed: int | None = None,
    time_control: dict | None = None,
) -> LiveGame:
    """A new live game; its layout is drawn now from ``seed`` and stored. ``time_control``: see
    games/live_clock.py (none: no game clock)."""
    engine = get_engine(game)
    normalized = engine.normalize_options(options)
    state = engine.setup(
        normalized, seats=len(seats), seed=seed if seed is not None else random.SystemRandom().randrange(2**62)
    )
    live = LiveGame.objects.create(
        game=game,
        options=normalized,
        layout=engine.layout(state),
        seats=list(seats),
        turn_started_at=timezone.now(),
        time_control=time_control or {},
        clock_left=clock_start(time_control or {}, len(seats)),
    )
    transaction.on_commit(lambda: _schedule_ai(live.pk))
    transaction.on_commit(lambda: _schedule_clock(live.pk, 0))
    first = engine.to_move(state)
    if first is not None:
        transaction.on_commit(lambda: live_turn_started.send(sender=LiveGame, live_id=live.pk, seat=first), robust=True)
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


def _schedule_clock(
    live_id: int, turn_version: int, *, current: LiveGame | None = None, to_move: int | None = None
) -> None:
    live = current if current is not None else LiveGame.objects.get(pk=live_id)
    if live.status != LiveGame.Status.PLAYING:
        return
    limit = turn_seconds(live)
    if limit:
        from games.tasks import live_turn_timeout, publish

        publish(live_turn_timeout, live_id, turn_version, what=f"the turn clock of {live}", countdown=limit)
    if live.time_control:
        from games.tasks import live_clock_flag, publish

        seat = to_move if current is not None else _engine(live).to_move(live_state(live))
        if seat is not None:
            left = clock_time_left(live.time_control, live.clock_left, seat, seat, live.turn_started_at, timezone.now())
            publish(live_clock_flag, live_id, turn_version, what=f"the game clock of {live}", countdown=left + 0.5)


def live_enforce_clock(
    *, live_id: int, turn_version: int | None = None, current: LiveGame | None = None
) -> LiveGame | None:
    """When the turn's time has run out, end the turn for the player (remaining MP are lost).

    Called by the clock task when the limit falls due, and by every page view (so the clock also
    holds without a worker). Does nothing for a turn that has already moved on. The game clock
    (base + increment, days per move) is enforced here too: a flag ends the game. ``current``: the
    row as the caller just read it (a page view), so that the common case reads nothing more.
    """
    from games.live_actions import live_flag

    flagged = live_flag(live_id=live_id, turn_version=turn_version, current=current)
    if flagged is not None:
        return flagged
    live = current if current is not None and current.pk == live_id else LiveGame.objects.get(pk=live_id)
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


# A move's write: ``LiveGame.objects.filter(pk=…, version=…).update(…)``, its SQL compiled once per
# process (config/kept_queries.py). The markers are keys of the fields' ranges that no game has.
_MOVE_WRITE = KeptUpdate(
    lambda pk, version: LiveGame.objects.filter(pk=pk, version=version),
    arguments=2,
    markers=(2_123_456_788, 2_123_456_789),
)


def live_play(
    *, live_id: int, seat: int, text: str, expected_version: int | None = None, current: LiveGame | None = None
) -> LiveGame:
    """Play ``text`` for ``seat``; refused with a reason when it is not that seat's turn, the game
    moved on meanwhile, or the move is illegal.

    ``current``: the row as the caller just read it (a move POST reads the game once): it is not
    read again, since the conditional update on ``version`` refuses a move computed on a row that
    another move changed meanwhile; a move that does not end the game is then that one statement,
    with no transaction around it (no BEGIN and COMMIT round trips: the statement is its own).
    Without ``current`` the row is locked first. The state comes from the per-process cache
    (games/live_states.py): the move is played on the state of the version the row is at. The
    work a move starts (the AI's answer; a new turn's clocks and notification) is sent as tasks
    once the move is committed (``_after_move``): with a broker none of it runs in the request.
    """
    if current is not None and current.pk == live_id:
        return _play(current, seat, text, expected_version, locked=False)
    with transaction.atomic():
        return _play(LiveGame.objects.select_for_update().get(pk=live_id), seat, text, expected_version, locked=True)


def _play(live: LiveGame, seat: int, text: str, expected_version: int | None, *, locked: bool) -> LiveGame:
    if live.status != LiveGame.Status.PLAYING:
        raise LiveMoveRefused(gettext("the game is over"))
    if expected_version is not None and expected_version != live.version:
        raise LiveMoveRefused(gettext("the game moved on since your page was drawn: look at the board again"))
    engine = _engine(live)
    state = live_state(live)
    if engine.to_move(state) != seat:
        raise LiveMoveRefused(gettext("it is not your turn"))
    now = timezone.now()
    if live.time_control and not clock_time_left(
        live.time_control, live.clock_left, seat, seat, live.turn_started_at, now
    ):
        from games.live_actions import end_on_time, live_flag

        if locked:
            return end_on_time(live, seat)  # the flag fell before the move arrived: the move is not played
        flagged = live_flag(live_id=live.pk)  # the row was read without a lock: the flag falls on the locked row
        if flagged is None:
            raise LiveMoveRefused(gettext("another move arrived first: look at the board again"))
        return flagged
    try:
        # The seat's move is checked against its view (the reason of a refusal is the view's);
        # ``written`` is the referee's record form, which goes only into the stored moves.
        state, written = engine.play_player(state, seat, text.strip())
    except IllegalMove as exc:
        raise LiveMoveRefused(translated(exc.reason)) from None
    fields = {
        "moves": [*live.moves, written],
        # What the seat sent, for its own move list (aligned with ``moves``: older games lack it).
        "player_texts": [*live.player_texts, *[""] * (len(live.moves) - len(live.player_texts)), text.strip()],
        "version": live.version + 1,
        "revision": live.revision + 1,
        "updated_at": now,
        "draw_offer": None,  # a move declines an offer on the table
    }
    next_turn = engine.to_move(state) != seat  # a turn may take several moves (The FOG's MP)
    if next_turn:
        fields.update(turn_version=live.version + 1, turn_started_at=now)
        if live.time_control:
            fields["clock_left"] = after_turn(live.time_control, live.clock_left, seat, live.turn_started_at, now)
    finished = engine.outcome(state) is not None
    # The move and the game's record are written together; a move that does not end the game is one statement.
    with transaction.atomic() if finished else nullcontext():
        updated = _MOVE_WRITE.update(live.pk, live.version, **fields)
        if updated != 1:
            raise LiveMoveRefused(gettext("another move arrived first: look at the board again"))
        live_states.remember(live.public_id, fields["moves"], state)
        for name, value in fields.items():  # the row as written: not read again
            setattr(live, name, value)
        if finished:
            _finish(live, engine, state)
        announce(live)  # first on commit: the other seats hear of the move before an AI answers it
    LIVE_MOVES.labels(live.game).inc()  # stored (/metrics: live moves per second)
    if not finished:
        to_move = engine.to_move(state)
        transaction.on_commit(lambda: _after_move(live, to_move, next_turn))
    return live


def _after_move(live: LiveGame, to_move: int | None, next_turn: bool) -> None:
    """Send the tasks a move starts, from what the move knows (nothing is read again): the AI
    seat's move, and the work of a new turn (``live_after_move``). Without a broker they run
    in-process and then (embedded mode)."""
    from games.tasks import live_after_move, play_live_ai_move, publish

    if to_move is not None and ai_level(live, to_move):
        publish(play_live_ai_move, live.pk, live.version, what=f"the AI move of {live}")
    if next_turn:
        what = f"the new turn of {live} at version {live.version}"
        publish(live_after_move, live.pk, live.version, to_move, what=what)


def live_after_move(*, live_id: int, version: int, to_move: int | None) -> None:
    """A new turn's work, in a worker: its clocks are set (the flag and turn-timeout tasks) and
    the seat to move is told it is its turn. Nothing when the game moved on (a repeated
    delivery, or a later move that sent its own)."""
    live = LiveGame.objects.filter(pk=live_id, version=version, status=LiveGame.Status.PLAYING).first()
    if live is None:
        return
    _schedule_clock(live.pk, live.turn_version, current=live, to_move=to_move)
    if to_move is not None:
        live_turn_started.send_robust(sender=LiveGame, live_id=live.pk, seat=to_move)


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


def _finish(live: LiveGame, engine: Engine, state: Any, ending: ClaimedResult | None = None) -> None:
    """Store the game's record and end it: on the board's outcome, or on ``ending`` (a result with
    its termination: resignation, agreement, timeout) before the board decides."""
    from games.services import record_upload

    outcome = engine.outcome(state) if ending is None else None
    log = GameLog(
        game=live.game,
        options=live.options,
        seats=tuple(Seat(name=s["name"], player=s.get("player", "")) for s in live.seats),
        layout=live.layout,
        moves=tuple(live.moves),
        result=ending or ClaimedResult(ranks=outcome.ranks, scores=outcome.scores),
        meta={"live_game": live.public_id},
    )
    record = record_upload(data=log, source=GameRecord.Source.PLAYED).record
    LiveGame.objects.filter(pk=live.pk).update(
        status=LiveGame.Status.FINISHED,
        revision=F("revision") + 1,
        record=record,
        draw_offer=None,
        termination="" if ending is None else ending.termination,
        updated_at=timezone.now(),
    )
    live.refresh_from_db()
    transaction.on_commit(lambda: live_game_finished.send(sender=LiveGame, live=live))


@dataclass(frozen=True)
class Clock:
    name: str
    seconds: int  # left now
    running: bool  # this seat's clock is counting down
    mine: bool


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
    gestures: tuple = ()  # how to make each of ``moves`` by clicking the board (Gesture.as_json), from the view
    placement: dict | None = None  # a move made by placing pieces (Placement.as_json), from the view
    history: list = field(default_factory=list)  # MoveLine, as this viewer may read them
    clocks: list = field(default_factory=list)  # Clock per seat, when the game has a game clock
    actions: frozenset = frozenset()  # what the viewer may do besides moving (resign, draw_offer, ...)
    draw_offered_by: str = ""  # the seat name offering a draw, when one is on the table
    ply: int | None = None  # an earlier move being looked at (the board is the view after it)
    time_control: str = ""  # in words


def _ending_words(termination: str, loser: str) -> str:
    """A termination in words, in the active language (the termination itself for an unknown one)."""
    if termination == "resignation":
        return gettext("%(loser)s resigned") % {"loser": loser}
    if termination == "agreement":
        return gettext("drawn by agreement")
    if termination == "timeout":
        return gettext("%(loser)s ran out of time") % {"loser": loser}
    if termination == "aborted":
        return gettext("aborted before the first move")
    return termination


def _ending_text(live: LiveGame) -> str:
    """How a game that ended off the board ended, in words ('' for one the board decided)."""
    if not live.termination:
        return ""
    loser = ""
    if live.record_id and live.termination in ("resignation", "timeout"):
        ranks = (live.record.log.get("result") or {}).get("ranks") or []
        losers = [live.seats[i]["name"] for i, rank in enumerate(ranks) if rank == max(ranks)]
        loser = gettext(" and ").join(losers)
    return _ending_words(live.termination, loser or gettext("a player"))


def _clocks(live: LiveGame, seat: int | None, to_move: int | None) -> list[Clock]:
    if not live.time_control or live.status == LiveGame.Status.ABORTED:
        return []
    running = to_move if live.status == LiveGame.Status.PLAYING else None
    now = timezone.now()
    return [
        Clock(
            live.seats[i]["name"],
            int(clock_time_left(live.time_control, live.clock_left, i, running, live.turn_started_at, now)),
            i == running,
            i == seat,
        )
        for i in range(len(live.seats))
    ]


def _actions(live: LiveGame, seat: int | None, clocks: list[Clock]) -> frozenset:
    if seat is None or live.status != LiveGame.Status.PLAYING:
        return frozenset()
    actions = {"resign"}
    if live.version == 0:
        actions.add("abort")
    against_ai = any(ai_level(live, other) for other in range(len(live.seats)) if other != seat)
    if len(live.seats) == 2 and not against_ai:
        if live.draw_offer is None:
            actions.add("draw_offer")
        elif live.draw_offer != seat:
            actions.update({"draw_accept", "draw_decline"})
    if any(clock.running and not clock.mine and clock.seconds <= 0 for clock in clocks):
        actions.add("claim_time")
    return frozenset(actions)


def live_view(
    live: LiveGame, user, ply: int | None = None, *, picture: bool = True, moved_by: int | None = None
) -> LiveView:
    """What this user may see of the game: their seat's view, or the spectator's; at an earlier
    move ``ply`` when asked (the board then is the viewer's own view after that move).
    ``picture=False``: no SVG board and no click gestures (the API sends neither). ``moved_by``:
    the seat whose move the caller just wrote as the game's last (the answer to a move POST)."""
    from games.live_history import board_at, cached_move_lines, move_lines, replay_views

    engine = _engine(live)
    seat = seat_of(live, user)
    views = None
    try:
        if ply is not None and 0 <= ply < len(live.moves):  # an earlier board: every view is needed
            state, views = replay_views(live, engine, seat)
        else:
            ply, state = None, live_state(live)
    except EngineError as exc:  # cannot happen for moves that were accepted; say so if it does
        raise LiveMoveRefused(gettext("the game cannot be replayed: %(error)s") % {"error": exc}) from None
    # Everything below is built from this seat's views (the spectator's for None), never from the
    # state: the state stays in this function and only its outcome is read once the view says over.
    view = views[-1] if views else engine.observe(state, seat)
    to_move = view["to_move"] if live.status == LiveGame.Status.PLAYING else None
    mine = to_move is not None and to_move == seat
    legal = engine.player_moves(view) if mine else []
    clicks = mine and picture  # how to move by clicking the board: for the page only
    words = Translator()  # the gestures' and the placement's labels: each looked up once
    gestures = tuple(gesture.as_json(words) for gesture in engine.move_gestures(view)) if clicks else ()
    placement = engine.move_placement(view) if clicks and ply is None else None
    outcome = engine.outcome(state) if view["over"] else None
    waiting = "" if to_move is None else pgettext("waiting for", "you") if mine else live.seats[to_move]["name"]
    if views:
        _shown, svg = board_at(engine, views, ply)
        history = move_lines(live, engine, seat, views)
    else:
        svg = render_svg(engine, view) if picture else ""
        history = cached_move_lines(live, engine, seat, moved_by=moved_by)
    clocks = _clocks(live, seat, to_move)
    offered = live.draw_offer if live.status == LiveGame.Status.PLAYING else None
    return LiveView(
        live,
        seat,
        view,
        svg,
        mine and ply is None,
        legal if ply is None else [],
        waiting,
        _ending_text(live) or (translated(outcome.reason) if outcome else ""),
        seconds_left(live),
        gestures=gestures if ply is None else (),
        placement=placement.as_json(words) if placement is not None else None,
        history=history,
        clocks=clocks,
        actions=_actions(live, seat, clocks),
        draw_offered_by=live.seats[offered]["name"] if offered is not None else "",
        ply=ply,
        time_control=describe_clock(live.time_control),
    )
