"""Carnac: stand megaliths, tilt your opponent's, and build the most dolmens seen from above."""

from games.engines.carnac.engine import CarnacEngine

ENGINE = CarnacEngine()

__all__ = ["ENGINE", "CarnacEngine"]
