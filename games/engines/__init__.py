"""Game engines: one pure-Python package per game, all on the contract in ``base``.

No Django import anywhere below this package.
"""

from games.engines.base import (
    Engine,
    EngineError,
    GameOver,
    IllegalMove,
    InvalidOptions,
    InvalidSetup,
    Move,
    NotationError,
    State,
    View,
)
from games.engines.info import GameInfo, Kind, OptionSpec
from games.engines.outcome import Outcome, SeatResult, ranks_from_keys
from games.engines.registry import UnknownGame, all_engines, get_engine, register, unregister

__all__ = [
    "Engine",
    "EngineError",
    "GameInfo",
    "GameOver",
    "IllegalMove",
    "InvalidOptions",
    "InvalidSetup",
    "Kind",
    "Move",
    "NotationError",
    "OptionSpec",
    "Outcome",
    "SeatResult",
    "State",
    "UnknownGame",
    "View",
    "all_engines",
    "get_engine",
    "ranks_from_keys",
    "register",
    "unregister",
]
