"""Brouillard: two armies of a hidden Queen and three Watchers meet in the mist (7×7)."""

from games.engines.brouillard.engine import BrouillardEngine

ENGINE = BrouillardEngine()

__all__ = ["ENGINE", "BrouillardEngine"]
