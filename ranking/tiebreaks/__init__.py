"""The tie-break registry: each tie-break is a small module that registers one or more keys.

A stage's order is just a list of keys (``["match_points", "game_wins", "buchholz"]``). Adding
a tie-break is adding a module here that calls ``register``; nothing else changes.
"""

from ranking.tiebreaks.base import (
    Context,
    Direction,
    TieBreak,
    UnknownTieBreak,
    Value,
    all_tiebreaks,
    get_tiebreak,
    register,
)

__all__ = [
    "Context",
    "Direction",
    "TieBreak",
    "UnknownTieBreak",
    "Value",
    "all_tiebreaks",
    "get_tiebreak",
    "register",
]
