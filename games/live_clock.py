"""The game clock of a live game: time per seat, counted on the server.

A live game's ``time_control`` is {"base": seconds, "increment": seconds} (each seat has a bank
of time; the increment is added after each of its turns) or {"per_move": seconds}
(correspondence: each turn has that long), or {} for no clock. ``clock_left`` holds what each
seat had left when the current turn began; the seat to move is running since
``turn_started_at``. A turn of several moves (The FOG's movement points) is one turn.

Plain functions of the stored numbers: the services decide when a turn begins and ends.
"""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import ngettext

DAY = 86_400
MAX_BASE_MINUTES = 24 * 60
MAX_INCREMENT_SECONDS = 600
MAX_DAYS_PER_MOVE = 30


def time_control_of(*, base_minutes: int | None, increment_seconds: int = 0, days_per_move: int | None) -> dict:
    """The live game's time control from a stage's settings (days per move wins when both are set)."""
    if days_per_move:
        return {"per_move": int(days_per_move) * DAY}
    if base_minutes:
        return {"base": int(base_minutes) * 60, "increment": int(increment_seconds or 0)}
    return {}


def clock_start(time_control: dict, seats: int) -> list[float]:
    """Each seat's time at the start of the game."""
    if not time_control:
        return []
    start = time_control.get("per_move") or time_control.get("base") or 0
    return [float(start)] * seats


def time_left(time_control: dict, clock_left: list, seat: int, to_move: int | None, turn_started_at, now) -> float:
    """Seconds ``seat`` has left now (its clock runs while it is to move)."""
    left = float(clock_left[seat])
    if seat == to_move and turn_started_at is not None:
        left -= (now - turn_started_at).total_seconds()
    return max(0.0, left)


def after_turn(time_control: dict, clock_left: list, seat: int, turn_started_at: datetime | None, now) -> list[float]:
    """The clocks once ``seat`` ends its turn at ``now``: its time spent, then the increment
    (base + increment), or a fresh day count for its next turn (correspondence)."""
    clocks = [float(x) for x in clock_left]
    if "per_move" in time_control:
        clocks[seat] = float(time_control["per_move"])
        return clocks
    spent = (now - turn_started_at).total_seconds() if turn_started_at is not None else 0.0
    clocks[seat] = max(0.0, clocks[seat] - spent) + float(time_control.get("increment", 0))
    return clocks


def describe(time_control: dict) -> str:
    """The time control in words: '5+3', '3 days per move', '' for none."""
    if "per_move" in time_control:
        days = time_control["per_move"] // DAY
        return ngettext("%(days)d day per move", "%(days)d days per move", days) % {"days": days}
    if "base" in time_control:
        minutes = time_control["base"] / 60
        return f"{minutes:g}+{time_control.get('increment', 0)}"
    return ""
