"""AI players on one interface for every game. No Django import here."""

from games.ai.base import Budget, Player, TurnContext
from games.ai.random_player import RandomPlayer

__all__ = ["Budget", "Player", "RandomPlayer", "TurnContext"]
