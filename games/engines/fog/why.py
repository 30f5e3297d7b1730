"""Why a move is refused, in a player's words."""

from __future__ import annotations

from typing import Any

from games.engines.fog import costs, movegen
from games.engines.fog.moves import DRAFT, END, FREE, KEEP, Move, base_kind, to_text
from games.engines.fog.state import DRAFT as DRAFT_PHASE
from games.engines.fog.state import EMPTY, MISSIONS, FogState

WORDS = {
    "run": "Run",
    "swap": "Swap",
    "pull": "pull back",
    "push": "Push",
    "jump": "Jump",
    "cross": "Cross",
    "squeeze": "Squeeze",
    "dash": "Run 3 hexes straight",
    "free": "free Run",
}


def why_not(state: FogState, move: Any) -> str:
    rules = state.rules
    board = rules.board
    colour = rules.colour_names[state.colour]
    if not isinstance(move, Move):
        return f"{move!r} is not a move of The FOG"
    text = to_text(board, move) if move.frm >= 0 or move.kind == END else move.kind
    if state.phase == MISSIONS:
        if move.kind != KEEP:
            return f"{colour} first keeps one mission card (k1 or k2)"
        return f"{text}: choose one of the cards dealt to {colour} (k1 or k2, one per deck)"
    if state.phase == DRAFT_PHASE:
        if move.kind != DRAFT:
            return f"the draft is on: {colour} chooses an undrafted islander (+D7)"
        i = state.cells[move.frm] if 0 <= move.frm < board.hexes else -1
        if i < 0:
            return f"there is no islander on {board.names[move.frm]} to draft"
        if state.owner[i] >= 0:
            return f"the islander on {board.names[move.frm]} is already drafted by {rules.colour_names[state.owner[i]]}"
        return f"{colour} already drafted one of the Leaders to rescue: each colour takes only one"
    if move.kind in (DRAFT, KEEP):
        return "the draft is over: move your islanders or end the turn"
    if state.transit >= 0:
        where = board.names[state.where[state.transit]]
        return f"the islander standing on {where} must first move on to a free field"
    if move.kind == END:
        return "the turn cannot end now"
    if not 0 <= move.frm < len(board.names):
        return f"{text} does not start on this board"
    start = board.names[move.frm]
    i = state.cells[move.frm] if move.frm < board.hexes else movegen._top_own(state, move.frm)
    if i is None or i < 0:
        return f"there is no islander on {start}"
    if state.owner[i] != state.colour:
        owner = rules.colour_names[state.owner[i]] if state.owner[i] >= 0 else "nobody"
        return f"the islander on {start} belongs to {owner}, and it is {colour}'s turn"
    if move.frm >= board.hexes and board.place(move.frm).stern:
        return "nobody ever leaves the stern of a boat"
    kind = base_kind(move.kind)
    if move.kind == FREE:
        return (
            f"{text}: a free Run is only for an Endurance islander moved this turn, one field, at the end of the turn"
        )
    if costs.forbidden(state, kind):
        return f"{WORDS.get(kind, kind)} is forbidden this round (event {state.event})"
    if move.kind.startswith("e") and not rules.opt("enhanced_movements"):
        return "Enhanced Movements are not played in this game"
    everything = movegen.islander_moves(state, i, 99)
    for candidate, cost in everything:
        if candidate == move:
            return f"{text} costs {cost} MP and {colour} has {state.mp} left"
    if (
        0 <= move.to < board.hexes
        and state.cells[move.to] not in (EMPTY,)
        and kind in ("run", "jump", "cross", "squeeze")
    ):
        return f"{text}: a movement must end on an empty hex, and {board.names[move.to]} is not"
    if (
        move.kind == "run"
        and move.frm < board.hexes
        and board.kinds[move.frm] == "beach"
        and 0 <= move.to < board.hexes
    ) and move.to not in board.neighbours[move.frm]:
        return f"{text}: a Run goes to an adjacent field"
    if (
        kind in ("swap", "push", "jump", "cross", "squeeze")
        and 0 <= move.to < board.hexes
        and board.rows[move.to] < board.rows[move.frm]
    ):
        return f"{text}: only a Run may go backward (away from the boats)"
    return f"{text} is not a {WORDS.get(kind, kind)} this islander can make here"
