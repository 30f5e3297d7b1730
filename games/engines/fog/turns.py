"""Turns, rounds and the FOG: who acts, the double turn, the FOG's advance and the end of the game.

Our reading of the Turn Board: the colours sit in a column (colour 1 on top). The draft goes from
the bottom up, one islander each, round and round. Phase 2 follows the Turn Marker's snake: the
first round top to bottom, then the FOG advances and the last colour starts the next round
(its double turn), which goes back up, and so on.
"""

from __future__ import annotations

from games.engines.fog import components as comp
from games.engines.fog import costs
from games.engines.fog.state import DRAFT, EMPTY, LOST, MISSIONS, MOVE, OVER, FogState


def draft_colour(state: FogState, picks: int) -> int:
    n = state.rules.colours
    return n - 1 - picks % n


def begin_turn(state: FogState, turn: int) -> FogState:
    colour = state.order[turn]
    state = state._replace(turn=turn, colour=colour, moved=(), spent=(), free_runs=(), transit=-1)
    return state._replace(mp=costs.turn_mp(state, colour))


def start_round(state: FogState) -> FogState:
    """A new round: an Unforeseen Event is revealed (when played) and the first colour acts."""
    if state.event_deck:
        state = state._replace(event=state.event_deck[0], event_deck=state.event_deck[1:])
    else:
        state = state._replace(event=-1)
    return begin_turn(state, 0)


def after_missions(state: FogState) -> FogState:
    """Every colour has kept its mission: the draft follows (or phase 2 if the draft was first)."""
    if state.picks == 0:
        return state._replace(phase=DRAFT, colour=draft_colour(state, 0))
    return start_round(state._replace(phase=MOVE))


def after_draft(state: FogState) -> FogState:
    opts = state.rules.options
    if opts["missions"] != "off" and opts["missions_mode"] == "secret" and opts["missions_after_draft"]:
        return state._replace(phase=MISSIONS, colour=draft_colour(state, 0))
    return start_round(state._replace(phase=MOVE))


def nobody_can_move(state: FogState) -> bool:
    """No islander left on the beach, the shore or a pier: everyone is aboard or lost."""
    hexes = state.rules.board.hexes
    return all(u < 0 or u >= hexes for u in state.where)


def end_turn(state: FogState) -> FogState:
    if nobody_can_move(state):
        return finish(state)
    if state.turn + 1 < len(state.order):
        return begin_turn(state, state.turn + 1)
    state, over = advance_fog(state)
    if over or nobody_can_move(state):
        return finish(state)
    order = tuple(reversed(state.order))
    return start_round(state._replace(order=order, round=state.round + 1))


def advance_fog(state: FogState) -> tuple[FogState, bool]:
    """The FOG moves on (one step, or a FOG card's steps from the corner on) and swallows its rows."""
    rules = state.rules
    steps = 1
    deck_ended = False
    if rules.opt("fog_uncertainty") != "off" and state.fog <= rules.board.fog_corner and state.fog_deck:
        card = state.fog_deck[0]
        steps = comp.FOG_SPEED[card]
        state = state._replace(fog_deck=state.fog_deck[1:], fog_drawn=(*state.fog_drawn, card))
        deck_ended = not state.fog_deck and rules.opt("fog_deck_ends_game")
    for _ in range(steps):
        if state.fog == 0:
            break
        state = swallow(state, rules.board.fog_rows(state.fog - 1))._replace(fog=state.fog - 1)
    return state, state.fog == 0 or deck_ended


def swallow(state: FogState, rows: tuple[int, ...]) -> FogState:
    if not rows:
        return state
    board = state.rules.board
    upto = max(rows) + 1
    cells = list(state.cells)
    where = list(state.where)
    lost_row = list(state.lost_row)
    for i, u in enumerate(where):
        if 0 <= u < board.hexes and board.rows[u] < upto and board.rows[u] <= board.shore_row:
            if cells[u] == i:
                cells[u] = EMPTY
            where[i] = LOST
            lost_row[i] = board.rows[u]
    return state._replace(
        cells=tuple(cells), where=tuple(where), lost_row=tuple(lost_row), swallowed=max(state.swallowed, upto)
    )


def finish(state: FogState) -> FogState:
    """The boats depart: whoever is still on the beach or the shore is left to the FOG."""
    board = state.rules.board
    state = swallow(state, (board.shore_row,))
    return state._replace(phase=OVER, colour=-1, mp=0, transit=-1, free_runs=())


__all__ = [
    "MISSIONS",
    "after_draft",
    "after_missions",
    "begin_turn",
    "draft_colour",
    "end_turn",
    "finish",
    "start_round",
]
