"""Brouillard AI levels, weakest first. They see only their seat's view, never the state."""

from games.ai.brouillard.master import Master
from games.ai.brouillard.simple import Beginner, Intermediate

LEVELS = {
    "beginner": Beginner,
    "intermediate": Intermediate,
    "master": Master,
}

__all__ = ["LEVELS", "Beginner", "Intermediate", "Master"]
