"""Why a move is refused, in a player's words."""

from __future__ import annotations

from typing import Any

from games.engines.fog import costs, movegen
from games.engines.fog.moves import DRAFT, END, FREE, KEEP, Move, base_kind, to_text
from games.engines.fog.pieces import colour_word
from games.engines.fog.state import DRAFT as DRAFT_PHASE
from games.engines.fog.state import EMPTY, MISSIONS, FogState
from games.engines.text import N_, Np_, Text

WORDS = {
    "run": Np_("FOG movement", "Run"),
    "swap": Np_("FOG movement", "Swap"),
    "pull": Np_("FOG movement", "pull back"),
    "push": Np_("FOG movement", "Push"),
    "jump": Np_("FOG movement", "Jump"),
    "cross": Np_("FOG movement", "Cross"),
    "squeeze": Np_("FOG movement", "Squeeze"),
    "dash": Np_("FOG movement", "Run 3 hexes straight"),
    "free": Np_("FOG movement", "free Run"),
}


def why_not(state: FogState, move: Any) -> Text:
    rules = state.rules
    board = rules.board
    colour = colour_word(rules.colour_names[state.colour])
    if not isinstance(move, Move):
        return Text(N_("{move} is not a move of The FOG"), move=repr(move))
    text = to_text(board, move) if move.frm >= 0 or move.kind == END else move.kind
    if state.phase == MISSIONS:
        if move.kind != KEEP:
            return Text(N_("{colour} first keeps one mission card (k1 or k2)"), colour=colour)
        return Text(
            N_("{move}: choose one of the cards dealt to {colour} (k1 or k2, one per deck)"), move=text, colour=colour
        )
    if state.phase == DRAFT_PHASE:
        if move.kind != DRAFT:
            return Text(N_("the draft is on: {colour} chooses an undrafted islander (+D7)"), colour=colour)
        i = state.cells[move.frm] if 0 <= move.frm < board.hexes else -1
        if i < 0:
            return Text(N_("there is no islander on {hex} to draft"), hex=board.names[move.frm])
        if state.owner[i] >= 0:
            return Text(
                N_("the islander on {hex} is already drafted by {owner}"),
                hex=board.names[move.frm],
                owner=colour_word(rules.colour_names[state.owner[i]]),
            )
        return Text(
            N_("{colour} already drafted one of the Leaders to rescue: each colour takes only one"), colour=colour
        )
    if move.kind in (DRAFT, KEEP):
        return Text(N_("the draft is over: move your islanders or end the turn"))
    if state.transit >= 0:
        where = board.names[state.where[state.transit]]
        return Text(N_("the islander standing on {hex} must first move on to a free field"), hex=where)
    if move.kind == END:
        return Text(N_("the turn cannot end now"))
    if not 0 <= move.frm < len(board.names):
        return Text(N_("{move} does not start on this board"), move=text)
    start = board.names[move.frm]
    i = state.cells[move.frm] if move.frm < board.hexes else movegen._top_own(state, move.frm)
    if i is None or i < 0:
        return Text(N_("there is no islander on {hex}"), hex=start)
    if state.owner[i] != state.colour:
        if state.owner[i] < 0:
            return Text(
                N_("the islander on {hex} belongs to nobody, and it is {colour}'s turn"), hex=start, colour=colour
            )
        return Text(
            N_("the islander on {hex} belongs to {owner}, and it is {colour}'s turn"),
            hex=start,
            owner=colour_word(rules.colour_names[state.owner[i]]),
            colour=colour,
        )
    if move.frm >= board.hexes and board.place(move.frm).stern:
        return Text(N_("nobody ever leaves the stern of a boat"))
    kind = base_kind(move.kind)
    if move.kind == FREE:
        return Text(
            N_(
                "{move}: a free Run is only for an Endurance islander moved this turn, one field, at the end of the turn"
            ),
            move=text,
        )
    if costs.forbidden(state, kind):
        return Text(
            N_("{movement} is forbidden this round (event {event})"), movement=WORDS.get(kind, kind), event=state.event
        )
    if move.kind.startswith("e") and not rules.opt("enhanced_movements"):
        return Text(N_("Enhanced Movements are not played in this game"))
    everything = movegen.islander_moves(state, i, 99)
    for candidate, cost in everything:
        if candidate == move:
            return Text(
                N_("{move} costs {cost} MP and {colour} has {mp} left"),
                move=text,
                cost=cost,
                colour=colour,
                mp=state.mp,
            )
    if (
        0 <= move.to < board.hexes
        and state.cells[move.to] not in (EMPTY,)
        and kind in ("run", "jump", "cross", "squeeze")
    ):
        return Text(
            N_("{move}: a movement must end on an empty hex, and {hex} is not"), move=text, hex=board.names[move.to]
        )
    if (
        move.kind == "run"
        and move.frm < board.hexes
        and board.kinds[move.frm] == "beach"
        and 0 <= move.to < board.hexes
    ) and move.to not in board.neighbours[move.frm]:
        return Text(N_("{move}: a Run goes to an adjacent field"), move=text)
    if (
        kind in ("swap", "push", "jump", "cross", "squeeze")
        and 0 <= move.to < board.hexes
        and board.rows[move.to] < board.rows[move.frm]
    ):
        return Text(N_("{move}: only a Run may go backward (away from the boats)"), move=text)
    return Text(N_("{move} is not a {movement} this islander can make here"), move=text, movement=WORDS.get(kind, kind))
