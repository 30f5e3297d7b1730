"""Play a whole game between AI players and keep it as a log."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.ai.base import Budget, Player, TurnContext
from games.engines import Engine, IllegalMove, Outcome
from games.gamelog.model import ClaimedResult, GameLog, Seat


@dataclass(frozen=True)
class PlayedGame:
    log: GameLog
    outcome: Outcome | None  # None when the ply limit stopped the game


def play_game(
    engine: Engine,
    players: Sequence[Player],
    *,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    budget: Budget | None = None,
    max_plies: int = 20_000,
    keep_history: bool = True,
    meta: Mapping[str, str] | None = None,
    layout_seed: int | None = None,
) -> PlayedGame:
    """Each seat's player moves from its own view; the log records the layout and every move.

    ``seed`` fixes both the layout and the players' random choices, so a game can be replayed
    by seed as well as by log. ``layout_seed``, when given, fixes the layout alone: every table
    of a duplicate round plays the same setup with its own players.
    """
    rng = random.Random(seed)
    normalized = engine.normalize_options(options)
    drawn = rng.randrange(2**63)
    state = engine.setup(normalized, seats=len(players), seed=drawn if layout_seed is None else layout_seed)
    layout = engine.layout(state)
    budget = budget or Budget()
    histories: list[list[Any]] = [[] for _ in players]
    moves: list[str] = []
    while (seat := engine.to_move(state)) is not None and len(moves) < max_plies:
        ctx = TurnContext.at(
            engine,
            state,
            options=normalized,
            budget=budget,
            history=tuple(histories[seat]),
            rng=random.Random(rng.randrange(2**63)),
        )
        move = players[seat].choose(ctx)
        if move not in ctx.legal_moves:
            raise IllegalMove(f"{players[seat].name} chose a move that is not legal: {move!r}")
        moves.append(engine.move_to_text(state, move))
        state = engine.play(state, move)
        if keep_history:
            histories[seat].append(ctx.view)
    outcome = engine.outcome(state)
    log = GameLog(
        game=engine.info.slug,
        options=normalized,
        seats=tuple(
            Seat(name=f"{p.name} ({i + 1})", player=f"ai:{engine.info.slug}/{p.name}") for i, p in enumerate(players)
        ),
        layout=layout,
        moves=tuple(moves),
        result=ClaimedResult(ranks=outcome.ranks, scores=outcome.scores) if outcome else None,
        meta=dict(meta or {}),
    )
    return PlayedGame(log=log, outcome=outcome)
