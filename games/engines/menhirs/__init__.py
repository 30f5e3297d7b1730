"""Menhirs dans le Brouillard: slide fog over a board of standing stones; uncover the last one to win.

Rules and our readings: docs/games/menhirs.md. Modules: ``board`` (hexes and fog bitmasks),
``rules`` (the schedule and the turns), ``layout`` (where the Menhirs lie), ``notation``,
``views`` (observe and outcome), ``svg`` (pictures) and ``engine`` (the contract).
"""

from games.engines.menhirs.engine import MenhirsEngine

ENGINE = MenhirsEngine()

__all__ = ["ENGINE", "MenhirsEngine"]
