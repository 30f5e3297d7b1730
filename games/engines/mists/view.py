"""What every seat sees (all the same: the team plays in the open), and states rebuilt from it.

Hidden from everyone until the end: the order of the tiles still in the piles, and which tiles
lie face down. The drawn tile is shown. ``determinize`` deals the unseen tiles at random.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.engines.base import InvalidSetup
from games.engines.mists import rules
from games.engines.mists.levels import all_levels
from games.engines.mists.state import COLOURS, MistsState, seat_colours


def _tuplify(value: Any) -> Any:
    return tuple(_tuplify(item) for item in value) if isinstance(value, list) else value


def _listify(value: Any) -> Any:
    return [_listify(item) for item in value] if isinstance(value, (list, tuple)) else value


def observe(slug: str, state: MistsState, seat: int | None) -> dict[str, Any]:
    from games.engines.mists.notation import move_to_text

    over = state.result is not None
    to_move = None if over else state.seat
    view: dict[str, Any] = {
        "game": slug,
        "seat": seat,
        "to_move": to_move,
        "over": over,
        "level": state.level.level,
        "spell_circles": state.spell_circles,
        "cemetery_closing": state.cemetery_closing,
        "seats": state.seats,
        "seat_colours": [[COLOURS[c] for c in group] for group in seat_colours(state.seats)],
        "goal": state.level.goal,
        "scoring": state.level.scoring,
        "score": state.score,
        "colour_scores": {COLOURS[c]: state.scores[c] for c in state.colours},
        "board": [
            [x, y, tile if rot >= 0 or over else None, rot] for (x, y), (tile, rot) in sorted(state.board.items())
        ],
        "ghosts": [[*spot, n] for spot, n in sorted(state.ghosts.items())],
        "trapped": [[*spot, n] for spot, n in sorted(state.trapped.items())],
        "meeples": [[*key, COLOURS[c]] for key, c in sorted(state.meeples.items())],
        "in_hand": {COLOURS[c]: state.in_hand[c] for c in state.colours},
        "buried": [[x, y, COLOURS[c]] for (x, y), c in state.buried],
        "closed": [list(p) for p in state.closed],
        "supply": state.supply,
        "cat_supply": state.cat_supply,
        "cat": _listify(state.cat),
        "hounds": _listify(state.hounds),
        "hound_marks": list(state.level.hounds),
        "tile": state.tile,
        "piles": [len(pile) for pile in state.piles],
        "discarded": list(state.discarded),
        "turns": state.turns,
        "phase": state.queue[0][0] if state.queue and not over else None,
        "queue": _listify(state.queue),
        "turn": _listify_turn(state.turn),
        # the choices of a decision; None while placing a tile (every place where it fits)
        "legal": None if state.legal is None else [move_to_text(move) for move in state.legal],
        "ghosts_on_board": state.ghosts_on_board(),
        "result": state.result,
        "reason": state.reason,
    }
    if over:
        view["stack"] = [list(pile) for pile in state.piles]
    return view


def _listify_turn(turn: dict[str, Any]) -> dict[str, Any]:
    return {key: _listify(value) for key, value in turn.items()}


def state_from_view(view: dict[str, Any], rng: random.Random) -> MistsState:
    """A state the viewer cannot tell from the real one: unseen tiles dealt at random."""
    level = all_levels()[view["level"]]
    board = {(x, y): (tile, rot) for x, y, tile, rot in view["board"]}
    seen = [tile for tile, rot in board.values() if rot >= 0 and rules.known_tile(tile)]
    seen += view["discarded"] + ([view["tile"]] if view["tile"] else [])
    unseen = Counter(rules.all_tiles_for(level, view["spell_circles"]))
    unseen.subtract(seen)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    face_down = [pos for pos, (_, rot) in board.items() if rot < 0]
    if len(pool) != len(face_down) + sum(view["piles"]):
        raise InvalidSetup("this view does not account for every tile of the level")
    for pos in sorted(face_down):
        board[pos] = (pool.pop(), -1)
    piles = []
    for size in view["piles"]:
        piles.append(pool[:size])
        pool = pool[size:]
    state = MistsState(
        level=level,
        spell_circles=view["spell_circles"],
        seats=view["seats"],
        layout={"piles": piles},
        cemetery_closing=view.get("cemetery_closing", "tile"),
    )
    state.board = board
    state.ghosts = {(x, y, r): n for x, y, r, n in view["ghosts"]}
    state.trapped = {(x, y, r): n for x, y, r, n in view["trapped"]}
    state.meeples = {(x, y, k, i): COLOURS.index(c) for x, y, k, i, c in view["meeples"]}
    state.in_hand = [view["in_hand"].get(colour, 0) for colour in COLOURS]
    state.buried = [((x, y), COLOURS.index(c)) for x, y, c in view["buried"]]
    state.closed = [tuple(p) for p in view["closed"]]
    state.supply, state.cat_supply = view["supply"], view["cat_supply"]
    state.cat = _tuplify(view["cat"])
    state.hounds = [_tuplify(h) for h in view["hounds"]]
    state.scores = [view["colour_scores"].get(colour, 0) for colour in COLOURS]
    state.score = view["score"]
    state.piles = [list(p) for p in piles]
    state.tile = view["tile"]
    state.discarded = list(view["discarded"])
    state.seat = view["to_move"] if view["to_move"] is not None else 0
    state.queue = [_tuplify(task) for task in view["queue"]]
    state.turn = {key: _tuplify(value) for key, value in view["turn"].items()}
    if "chased" in state.turn:
        state.turn["chased"] = [list(p) for p in state.turn["chased"]]
    state.result, state.reason, state.turns = view["result"], view["reason"], view["turns"]
    from games.engines.mists.notation import parse_move

    state.legal = None if view["legal"] is None else tuple(parse_move(text) for text in view["legal"])
    return state
