"""The turn flow: placing, tilting and declining, on immutable states.

These functions trust their input (the engine checks legality first) so that random playouts
and search run at full speed.
"""

from __future__ import annotations

from bisect import bisect_left

from games.engines.carnac.board import MEGALITHS, Board
from games.engines.carnac.moves import DECLINE, EMPTY, STANDING, TILT, lying_code, tilt_colour
from games.engines.carnac.state import CarnacState

_BYTE = tuple(bytes((code,)) for code in range(256))
# The pending choices for each set of possible tilt directions (bit d set: a tilt that way fits).
_PENDING = tuple((*(TILT + d for d in range(4) if mask >> d & 1), DECLINE) if mask else () for mask in range(16))


def initial(board: Board, first_colour: int) -> CarnacState:
    return CarnacState(
        board=board,
        cells=bytes(board.size),
        placements=tuple(range(board.size * 4)),
        to_move=0,
        pending=(),
        last_square=-1,
        last_move=-1,
        stock=MEGALITHS,
        first_colour=first_colour,
        ply=0,
    )


def tilt_mask(board: Board, cells: bytes, square: int) -> int:
    """Bit d is set when the megalith on ``square`` can be tilted in direction d."""
    mask = 0
    for direction, target in enumerate(board.tilt_targets[square]):
        if target is not None and cells[target[0]] == EMPTY and cells[target[1]] == EMPTY:
            mask |= 1 << direction
    return mask


def pending_after_placement(board: Board, cells: bytes, square: int) -> tuple[int, ...]:
    return _PENDING[tilt_mask(board, cells, square)]


def place(state: CarnacState, move: int) -> CarnacState:
    """Stand a megalith from the stockpile on an empty square; the other seat then decides."""
    square = move >> 2
    cells = state.cells
    cells = cells[:square] + _BYTE[STANDING + (move & 3)] + cells[square + 1 :]
    placements = state.placements
    at = bisect_left(placements, square * 4)
    placements = placements[:at] + placements[at + 4 :]
    stock = state.stock - 1
    pending = _PENDING[tilt_mask(state.board, cells, square)]
    mover = state.to_move
    if pending or (stock and placements):
        # The opponent decides on the tilt, or (when it cannot be tilted) simply places.
        to_move = 1 - mover
    else:
        to_move = None
    return CarnacState(
        state.board, cells, placements, to_move, pending, square, move, stock, state.first_colour, state.ply + 1
    )


def tilt(state: CarnacState, move: int) -> CarnacState:
    """Lay the last megalith onto the two squares in one direction; the same seat then places."""
    direction = move - TILT
    square = state.last_square
    first, second = state.board.tilt_targets[square][direction]
    colour = tilt_colour(state.cells[square] - STANDING, direction)
    cells = bytearray(state.cells)
    cells[square] = EMPTY
    cells[first] = lying_code(colour, direction)
    cells[second] = lying_code(colour, (direction + 2) % 4)
    placements = _without_square(_without_square(state.placements, first), second)
    at = bisect_left(placements, square * 4)
    placements = (*placements[:at], square * 4, square * 4 + 1, square * 4 + 2, square * 4 + 3, *placements[at:])
    to_move = state.to_move if state.stock else None
    return CarnacState(
        state.board, bytes(cells), placements, to_move, (), square, move, state.stock, state.first_colour, state.ply + 1
    )


def decline(state: CarnacState) -> CarnacState:
    """Leave the last megalith standing; the seat that placed it places again."""
    to_move = 1 - state.to_move if state.stock else None
    return CarnacState(
        state.board,
        state.cells,
        state.placements,
        to_move,
        (),
        state.last_square,
        DECLINE,
        state.stock,
        state.first_colour,
        state.ply + 1,
    )


def _without_square(placements: tuple[int, ...], square: int) -> tuple[int, ...]:
    at = bisect_left(placements, square * 4)
    return placements[:at] + placements[at + 4 :]


def apply(state: CarnacState, move: int) -> CarnacState:
    """Play a move already known to be legal."""
    if move < TILT:
        return place(state, move)
    if move == DECLINE:
        return decline(state)
    return tilt(state, move)
