"""The random player: a uniformly random legal move. Every game has it."""

from __future__ import annotations

from games.ai.base import Player, TurnContext
from games.engines import Move
from games.engines.text import N_, Text


class RandomPlayer(Player):
    level = "random"
    description = Text(N_("Plays a uniformly random legal move."))

    def choose(self, ctx: TurnContext) -> Move:
        moves = ctx.legal_moves
        return moves[ctx.rng.randrange(len(moves))]
