"""The FOG: Escape from Paradise — multiplayer (2-6) and solo, boards and scenarios as data files."""

from games.engines.fog.engine import FogEngine

ENGINE = FogEngine()

__all__ = ["ENGINE", "FogEngine"]
