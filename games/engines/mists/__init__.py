"""Mists over Carcassonne with The Spell Circles: cooperative tile laying against the ghosts."""

from games.engines.mists.engine import MistsEngine

ENGINE = MistsEngine()

__all__ = ["ENGINE", "MistsEngine"]
