"""What a push says about a live game: its version and status, public facts only."""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class LiveEvent:
    game: str  # the live game's public id; routes the event, never sent to a page
    version: int
    status: str  # "playing" or "finished"

    @property
    def finished(self) -> bool:
        return self.status != "playing"

    def data(self) -> dict:
        """The only thing a page is told: the same for every seat and every spectator."""
        return {"version": self.version, "status": self.status}

    def to_wire(self) -> str:
        return json.dumps({"game": self.game, **self.data()}, separators=(",", ":"))

    @classmethod
    def from_wire(cls, text: str | bytes) -> LiveEvent | None:
        try:
            data = json.loads(text)
            return cls(str(data["game"]), int(data["version"]), str(data["status"]))
        except (ValueError, KeyError, TypeError):
            return None  # not ours, or garbled: dropped


def event_of(live) -> LiveEvent:
    """A live game's event. Its ``version`` is the game's revision, which counts every change a
    page must show (moves, a draw offered or declined, the end), not only the moves."""
    return LiveEvent(live.public_id, live.revision, live.status)


def sse_event(event: LiveEvent) -> str:
    """One Server-Sent Event: its id is the version, so a reconnecting page says where it was."""
    return f"id: {event.version}\ndata: {json.dumps(event.data(), separators=(',', ':'))}\n\n"


def sse_retry(milliseconds: int) -> str:
    return f"retry: {milliseconds}\n\n"


HEARTBEAT = ": keep-alive\n\n"
