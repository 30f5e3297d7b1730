"""What a seat may do in a live game besides moving: resign, offer a draw and answer one, abort
before the first move, claim a win on time; and the flag, which ends a game whose clock ran out.

Every action is taken inside one transaction on the locked row, checked against the version the
player's page was drawn at (like a move), and refused with a reason when it does not apply. A
game that ends this way becomes a record like any other, whose result carries its termination
(``games.gamelog.TERMINATIONS``) so that validation accepts a game the board has not decided.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from games.engines import get_engine
from games.gamelog import ClaimedResult
from games.live import LiveMoveRefused, _finish, live_state
from games.live_clock import time_left
from games.models import LiveGame
from games.push import announce
from games.signals import live_game_aborted


def losers_last(seats: int, losers: set[int]) -> tuple[int, ...]:
    """Ranks when ``losers`` lost off the board: they share the last place, the others the first.

    In a multiplayer game the others do not play on (no engine can take a seat out of a game
    under way), so they share the first place; docs/live-play.md says so."""
    if seats == 1:
        return (1,)
    last = seats - len(losers) + 1
    return tuple(last if seat in losers else 1 for seat in range(seats))


def _locked(live_id: int, seat: int | None, expected_version: int | None) -> LiveGame:
    live = LiveGame.objects.select_for_update().get(pk=live_id)
    if live.status != LiveGame.Status.PLAYING:
        raise LiveMoveRefused(gettext("the game is over"))
    if seat is None or not 0 <= seat < len(live.seats):
        raise LiveMoveRefused(gettext("only the players of this game may do that"))
    if expected_version is not None and expected_version != live.version:
        raise LiveMoveRefused(gettext("the game moved on since your page was drawn: look at the board again"))
    return live


def _end(live: LiveGame, ranks: tuple[int, ...], termination: str) -> LiveGame:
    engine = get_engine(live.game)
    _finish(live, engine, live_state(live), ClaimedResult(ranks=ranks, termination=termination))
    live.refresh_from_db()
    announce(live)
    return live


@transaction.atomic
def live_resign(*, live_id: int, seat: int | None, expected_version: int | None = None) -> LiveGame:
    """The seat gives up: it loses (ranked last); the game ends."""
    live = _locked(live_id, seat, expected_version)
    return _end(live, losers_last(len(live.seats), {seat}), "resignation")


@transaction.atomic
def live_offer_draw(*, live_id: int, seat: int | None, expected_version: int | None = None) -> LiveGame:
    """Offer a draw (two-player games); when the opponent already offered one, this accepts it."""
    live = _locked(live_id, seat, expected_version)
    if len(live.seats) != 2:
        raise LiveMoveRefused(gettext("a draw can be agreed only in a two-player game"))
    if any(str(other.get("player", "")).startswith("ai:") for i, other in enumerate(live.seats) if i != seat):
        raise LiveMoveRefused(gettext("an AI opponent plays on: it does not agree draws"))
    if live.draw_offer is not None and live.draw_offer != seat:
        return _end(live, (1, 1), "agreement")
    if live.draw_offer == seat:
        raise LiveMoveRefused(gettext("you have offered a draw already"))
    LiveGame.objects.filter(pk=live.pk).update(draw_offer=seat, revision=F("revision") + 1, updated_at=timezone.now())
    live.refresh_from_db()
    announce(live)
    return live


@transaction.atomic
def live_answer_draw(*, live_id: int, seat: int | None, accept: bool, expected_version: int | None = None) -> LiveGame:
    """Accept the opponent's draw offer (the game ends drawn) or decline it (play goes on)."""
    live = _locked(live_id, seat, expected_version)
    if live.draw_offer is None or live.draw_offer == seat:
        raise LiveMoveRefused(gettext("there is no draw offer for you to answer"))
    if accept:
        return _end(live, (1, 1), "agreement")
    LiveGame.objects.filter(pk=live.pk).update(draw_offer=None, revision=F("revision") + 1, updated_at=timezone.now())
    live.refresh_from_db()
    announce(live)
    return live


@transaction.atomic
def live_abort(*, live_id: int, seat: int | None, expected_version: int | None = None) -> LiveGame:
    """Call the game off before its first move: no result, no record; a series game goes back
    to waiting for a game (``live_game_aborted``)."""
    live = _locked(live_id, seat, expected_version)
    if live.version != 0 or live.moves:
        raise LiveMoveRefused(gettext("a game can be aborted only before its first move; resign instead"))
    LiveGame.objects.filter(pk=live.pk).update(
        status=LiveGame.Status.ABORTED,
        termination="aborted",
        draw_offer=None,
        revision=F("revision") + 1,
        updated_at=timezone.now(),
    )
    live.refresh_from_db()
    announce(live)
    transaction.on_commit(lambda: live_game_aborted.send(sender=LiveGame, live=live))
    return live


def _flagged_seat(live: LiveGame) -> int | None:
    """The seat to move when its game clock has run out, else None."""
    if live.status != LiveGame.Status.PLAYING or not live.time_control:
        return None
    now = timezone.now()
    if all(
        time_left(live.time_control, live.clock_left, s, s, live.turn_started_at, now) > 0
        for s in range(len(live.seats))
    ):
        return None  # nobody's time is out, whoever is to move: no need to replay the game
    seat = get_engine(live.game).to_move(live_state(live))
    if seat is None:
        return None
    left = time_left(live.time_control, live.clock_left, seat, seat, live.turn_started_at, timezone.now())
    return seat if left <= 0 else None


def end_on_time(live: LiveGame, seat: int) -> LiveGame:
    """End a game (row locked by the caller) because ``seat``'s clock ran out: it loses."""
    return _end(live, losers_last(len(live.seats), {seat}), "timeout")


def live_flag(*, live_id: int, turn_version: int | None = None, current: LiveGame | None = None) -> LiveGame | None:
    """End the game when the seat to move has run out of time (the clock task at the flag time,
    the sweep, every page view); None when its clock has not run out or the turn moved on.
    Checked first without a lock (every page view asks: ``current`` is the row the view already
    read), then again on the locked row."""
    live = current if current is not None and current.pk == live_id else LiveGame.objects.get(pk=live_id)
    if (turn_version is not None and live.turn_version != turn_version) or _flagged_seat(live) is None:
        return None
    with transaction.atomic():
        live = LiveGame.objects.select_for_update().get(pk=live_id)
        if turn_version is not None and live.turn_version != turn_version:
            return None
        seat = _flagged_seat(live)
        return None if seat is None else end_on_time(live, seat)


@transaction.atomic
def live_claim_time(*, live_id: int, seat: int | None, expected_version: int | None = None) -> LiveGame:
    """Claim the win because the opponent's clock ran out (the workers end such a game by
    themselves; the claim is for whoever gets there first)."""
    live = _locked(live_id, seat, expected_version)
    flagged = _flagged_seat(live)
    if flagged is None or flagged == seat:
        raise LiveMoveRefused(gettext("your opponent still has time on the clock"))
    return end_on_time(live, flagged)


def _accept(**kwargs) -> LiveGame:
    return live_answer_draw(accept=True, **kwargs)


def _decline(**kwargs) -> LiveGame:
    return live_answer_draw(accept=False, **kwargs)


# The actions a page or the API names, each called with live_id, seat and expected_version.
LIVE_ACTIONS = {
    "resign": live_resign,
    "draw_offer": live_offer_draw,
    "draw_accept": _accept,
    "draw_decline": _decline,
    "abort": live_abort,
    "claim_time": live_claim_time,
}
