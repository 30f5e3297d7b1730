"""Positions for the Menhirs tests, written the way players name hexes."""

from games.engines.menhirs import ENGINE
from games.engines.menhirs.board import HEX_BITS, mask_of, names_of
from games.engines.menhirs.layout import table_from_layout
from games.engines.menhirs.rules import MenhirsState

# Menhirs of most test boards; g1 carries the "anchor" fog tile that keeps a Menhir covered.
MENHIRS = ["a1", "a3", "b4", "c1", "e5", "f4", "g1"]


def mask(names) -> int:
    return mask_of(HEX_BITS[name] for name in names)


def position(fog, *, menhirs=MENHIRS, face_down=(), round=3, seat=0, supply=0, **options) -> MenhirsState:
    """A position at the start of ``seat``'s turn in ``round`` with fog on the named hexes."""
    table = table_from_layout(
        ENGINE.normalize_options(options), {"menhirs": list(menhirs), "face_down": list(face_down)}
    )
    return MenhirsState(table, mask(fog), ply=2 * (round - 1) + seat, supply=supply)


def play(state, *texts):
    for text in texts:
        state = ENGINE.play_text(state, text)
    return state


def legal_texts(state) -> set[str]:
    return {ENGINE.move_to_text(state, move) for move in ENGINE.legal_moves(state)}


def fog(state) -> list[str]:
    return names_of(state.fog)


def covered(state) -> list[str]:
    return names_of(state.covered)
