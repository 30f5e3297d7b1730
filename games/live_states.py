"""Replayed live-game states, kept in a small per-process cache.

A live game is stored as its moves; its state is the setup replayed through them. One move used to
replay the whole game four times (the move itself, the AI's turn check, the clock's, the page) and
every page view once more. States are values (no engine changes a state it plays on:
tests/engines/test_states_are_values.py), so one replay can serve every reader.

The key is the game's public id (random: unlike a row id, never reused by another game, even by a
test database started afresh) and its exact list of moves (its length and hash), never the version alone: a
move computed in a transaction that rolled back leaves a state under moves that were never stored,
which no reader of the stored moves asks for. A game one move ahead of a cached state replays one
move only.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

SIZE = 512  # states kept per process (a few hundred games in progress on one web process)

_states: OrderedDict[tuple, Any] = OrderedDict()
_lock = threading.Lock()


def _key(game_id: str, moves: Sequence[str]) -> tuple:
    return (game_id, len(moves), hash(tuple(moves)))


def remember(game_id: str, moves: Sequence[str], state: Any) -> None:
    key = _key(game_id, moves)
    with _lock:
        _states[key] = state
        _states.move_to_end(key)
        while len(_states) > SIZE:
            _states.popitem(last=False)


def _cached(key: tuple) -> Any | None:
    with _lock:
        state = _states.get(key)
        if state is not None:
            _states.move_to_end(key)
        return state


def cached_state(game_id: str, moves: Sequence[str]) -> Any | None:
    """The kept state after exactly ``moves``, or None (never replays)."""
    return _cached(_key(game_id, moves))


def replayed(game_id: str, moves: Sequence[str], start: Callable[[], Any], play: Callable[[Any, str], Any]) -> Any:
    """The state after ``moves``: from the cache, from the cached state one move earlier, or
    replayed from ``start()``."""
    state = _cached(_key(game_id, moves))
    if state is not None:
        return state
    state = _cached(_key(game_id, moves[:-1])) if moves else None
    if state is not None:
        state = play(state, moves[-1])
    else:
        state = start()
        for text in moves:
            state = play(state, text)
    remember(game_id, moves, state)
    return state


def forget_all() -> None:
    with _lock:
        _states.clear()
