"""What a seat sees (everything: the game has no hidden information), and how a game ends."""

from __future__ import annotations

from typing import Any

from games.engines.menhirs.board import DIRECTIONS, HEX_BITS, HEX_NAMES, mask_of, names_of, shift
from games.engines.menhirs.layout import table_from_layout
from games.engines.menhirs.notation import to_text
from games.engines.menhirs.rules import (
    MenhirsState,
    Place,
    Slide,
    phase,
    undo_block,
    winner_points,
)
from games.engines.outcome import Outcome
from games.engines.text import N_, Nn_, Text

SLUG = "menhirs"


def _state_before(state: MenhirsState) -> MenhirsState:
    """The position the last turn was played from (enough of it to write the turn's notation)."""
    last = state.last
    fog = state.fog
    if isinstance(last, Place):
        fog &= ~(1 << last.hex)
    elif isinstance(last, Slide):
        if last.removed is not None:
            fog |= 1 << last.removed
        fog = (fog & ~shift(last.part, last.direction)) | last.part
    return MenhirsState(state.table, fog, state.ply - 1)


def last_turn_view(state: MenhirsState) -> dict[str, Any] | None:
    last = state.last
    if last is None:
        return None
    data: dict[str, Any] = {
        "seat": (state.ply - 1) % 2,
        "text": to_text(_state_before(state), last),
        "placed": None,
        "moved": [],
        "moved_to": [],
        "direction": None,
        "removed": None,
    }
    if isinstance(last, Place):
        data["placed"] = HEX_NAMES[last.hex]
    else:
        data["moved"] = names_of(last.part)
        data["moved_to"] = names_of(shift(last.part, last.direction))
        data["direction"] = DIRECTIONS[last.direction]
        data["removed"] = None if last.removed is None else HEX_NAMES[last.removed]
    return data


def observe(state: MenhirsState, seat: int | None) -> dict[str, Any]:
    table = state.table
    block = undo_block(state)
    result = outcome(state)
    return {
        "game": SLUG,
        "seat": seat,
        "to_move": None if state.over else state.ply % 2,
        "over": state.over,
        "options": {
            "menhirs": table.menhir_count,
            "clearing_starts": table.clearing_starts,
            "first_round_bonus": table.first_round_bonus,
            "split_parts_keep_three": table.split_parts_keep_three,
        },
        "layout": table.layout,
        "ply": state.ply,
        "round": state.round,
        "phase": phase(state),
        "menhirs": names_of(table.menhirs),
        "face_down": names_of(table.face_down),
        "fog": names_of(state.fog),
        "supply": state.supply,
        "covered": names_of(state.covered),
        "last_turn": last_turn_view(state),
        "no_undo": None if block is None else {"tiles": names_of(block[0]), "direction": DIRECTIONS[block[1]]},
        "winner": state.winner,
        "result": None if result is None else result.to_json(),
    }


def rebuild(view: dict[str, Any], options: dict[str, Any]) -> MenhirsState:
    """The exact state a view shows (a perfect-information game hides nothing)."""
    table = table_from_layout(options, view["layout"])
    last_view = view["last_turn"]
    last = None
    if last_view is not None:
        if last_view["placed"] is not None:
            last = Place(HEX_BITS[last_view["placed"]])
        else:
            removed = last_view["removed"]
            last = Slide(
                mask_of(HEX_BITS[name] for name in last_view["moved"]),
                DIRECTIONS.index(last_view["direction"]),
                None if removed is None else HEX_BITS[removed],
            )
    return MenhirsState(
        table=table,
        fog=mask_of(HEX_BITS[name] for name in view["fog"]),
        ply=view["ply"],
        supply=view["supply"],
        last=last,
        winner=view["winner"],
    )


def outcome(state: MenhirsState) -> Outcome | None:
    if not state.over:
        return None
    if state.winner is None:
        still = len(names_of(state.covered))
        return Outcome.ranked(
            [0, 0],
            [(0,), (0,)],
            reason=Text(
                Nn_(
                    "after 12 rounds {n} Menhir is still in the fog: a draw",
                    "after 12 rounds {n} Menhirs are still in the fog: a draw",
                ),
                n=still,
            ),
            details={"covered": names_of(state.covered), "fog_tiles": state.fog.bit_count()},
        )
    points = winner_points(state)
    scores = [points if seat == state.winner else 0 for seat in range(2)]
    win_round = (state.ply - 1) // 2 + 1
    return Outcome.ranked(
        scores,
        [(score,) for score in scores],
        keys=[(1,) if seat == state.winner else (0,) for seat in range(2)],
        reason=Text(
            N_(
                "player {player} uncovered the last Menhir in round {round} and scores {points} ({fog} fog tiles in play)"
            ),
            player=state.winner + 1,
            round=win_round,
            points=points,
            fog=state.fog.bit_count(),
        ),
        details={"round": win_round, "fog_tiles": state.fog.bit_count()},
    )
