"""Logs of real games for the record tests."""

from __future__ import annotations

import dataclasses

from games.ai import RandomPlayer
from games.ai.match import play_game
from games.engines import get_engine
from games.gamelog import ClaimedResult, GameLog, textform


def random_log(game: str = "carnac", seed: int = 1, **options) -> GameLog:
    engine = get_engine(game)
    return play_game(engine, [RandomPlayer(), RandomPlayer()], options=options or None, seed=seed).log


def with_bad_move(log: GameLog, ply: int, text: str = "zz99") -> GameLog:
    moves = list(log.moves)
    moves[ply - 1] = text
    return dataclasses.replace(log, moves=tuple(moves), result=None)


def with_claim(log: GameLog, ranks) -> GameLog:
    return dataclasses.replace(log, result=ClaimedResult(tuple(ranks)))


def as_text(log: GameLog) -> str:
    return textform.dumps(log)
