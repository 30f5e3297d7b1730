"""What each seat may know: the only place where the truth is filtered.

A seat's view holds its own pieces with their types, the shadows in its zone, and its record of
every ply: its own actions in full, the opponent's steps as far as the mist showed them (origin
if it stood in the zone, target if it ends there or took a piece), every probe with its answer,
every capture, and the shadows it saw after each ply (perfect recall, so an AI can rebuild its
belief from the latest view alone). The spectator sees only what both players know: probes,
captures and "a piece was moved". Once the game is over, everything is public.
"""

from __future__ import annotations

from typing import Any

from games.engines.brouillard.board import name, names_of, squares_of, zone
from games.engines.brouillard.moves import NOTHING, Probe, Setup, Step, to_text
from games.engines.brouillard.state import BrouillardState, Record
from games.engines.text import N_, Nn_, Text

SLUG = "brouillard"


def observe(state: BrouillardState, seat: int | None) -> dict[str, Any]:
    over = state.to_move is None
    view: dict[str, Any] = {
        "game": SLUG,
        "seat": seat,
        "to_move": state.to_move,
        "over": over,
        "phase": "over" if over else ("setup" if state.in_setup() else "play"),
        "options": {
            "turns": state.turns,
            "diagonal_two_step": state.diagonal_two_step,
            "first_seat": state.first + 1,
        },
        "turns_taken": list(state.taken),
        "pieces_left": [state.armies[0].bit_count(), state.armies[1].bit_count()],
        "events": [_event(i, record, seat, over) for i, record in enumerate(state.records)],
    }
    probes = [event for event in view["events"] if event["type"] == "probe"]
    view["last_probe"] = probes[-1] if probes else None
    if seat is not None:
        view["mine"] = pieces(state, seat)
        own_zone = zone(state.armies[seat])
        view["zone"] = names_of(own_zone)
        view["shadows"] = names_of(state.armies[1 - seat] & own_zone)
    if over:
        view["revealed"] = {
            "pieces": [pieces(state, s) for s in (0, 1)],
            "moves": [to_text(record.move) for record in state.records],
        }
        view["result"] = result(state)
    return view


def pieces(state: BrouillardState, seat: int) -> list[dict[str, str]]:
    return [{"square": name(s), "kind": state.kind_at(seat, s)} for s in squares_of(state.armies[seat])]


def result(state: BrouillardState) -> dict[str, Any]:
    counts = [state.armies[0].bit_count(), state.armies[1].bit_count()]
    if state.winner is not None:
        winner = state.winner
        reason = Text(N_("Seat {seat} captured the enemy Queen"), seat=winner + 1)
    elif counts[0] == counts[1]:
        winner = None
        reason = Text(
            Nn_("the mist closed with {n} pieces each: a draw", "the mist closed with {n} pieces each: a draw"),
            n=counts[0],
        )
    else:
        winner = 0 if counts[0] > counts[1] else 1
        reason = Text(
            N_("the mist closed: Seat {seat} kept {kept} pieces against {other}"),
            seat=winner + 1,
            kept=counts[winner],
            other=counts[1 - winner],
        )
    ended_by = "queen" if state.winner is not None else "turns"
    return {"winner": winner, "ended_by": ended_by, "reason": reason, "pieces_left": counts}


def _event(index: int, record: Record, seat: int | None, full: bool) -> dict[str, Any]:
    move = record.move
    own = full or record.seat == seat
    event: dict[str, Any] = {"ply": index + 1, "by": record.seat}
    if isinstance(move, Setup):
        event["type"] = "setup"
        if own:
            event["queen"] = name(move.queen)
            event["watchers"] = [name(w) for w in move.watchers]
    elif isinstance(move, Step):
        captured = None if move.captured == NOTHING else move.captured
        if own:
            shown = (True, True)
        elif seat is None:
            shown = (False, captured is not None)  # a capture's square is known to both players
        else:
            shown = record.seen
        event["type"] = "move"
        event["from"] = name(move.origin) if shown[0] else None
        event["to"] = name(move.target) if shown[1] else None
        event["captured"] = captured
    elif isinstance(move, Probe):
        event.update(type="probe", square=name(move.square), count=move.count)
    if seat is not None:
        event["shadows"] = names_of(record.shadows[seat])
    return event
