"""The rules of play: the schedule of rounds, the turns a player may take and what they do.

A turn is one ply: a placement (``Place``) in the placement rounds, or a slide of fog
(``Slide``) that in the clearing phase also names the fog tile taken away at the end of the
turn. Keeping the removal inside the turn keeps "each round, player 1 then player 2" true
ply by ply, and a turn in the log reads as one word (``d2d3d4NExa1``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from games.engines.menhirs.board import (
    BOARD,
    DIRECTIONS,
    FOG_TILES,
    HEX_NAMES,
    MIN_PART_SIZE,
    MIN_SPLIT_SIZE,
    OPPOSITE,
    bits_of,
    component_of,
    components,
    movable_parts,
    shift,
)
from games.engines.text import N_, Text

ROUNDS = 12
LAST_PLY = 2 * ROUNDS
CLEARING_ROUND = 7  # the round printed on the English Round Marker
SCHEDULES = ("dutch", "english")
BONUS_POINTS = 21


class Place(NamedTuple):
    """Put one fog tile from the supply on a hex without fog (placement rounds)."""

    hex: int


class Slide(NamedTuple):
    """Move the tiles ``part`` one hex in ``direction``; in the clearing phase, then take away ``removed``."""

    part: int
    direction: int
    removed: int | None = None


Turn = Place | Slide


@dataclass(frozen=True, slots=True)
class Table:
    """What stays fixed for a whole game: the Menhirs and the schedule the options chose."""

    menhirs: int  # face-up Menhirs: the ones that must be uncovered
    face_down: int  # Menhirs laid face down in the 5-Menhir game: Forest for the whole game
    menhir_count: int
    clearing_starts: str
    first_round_bonus: bool
    layout: Any  # the layout as JSON data, as the log stores it
    # The Dutch "each newly created part must, at all times, consist of at least 3 fog tiles",
    # read strictly: the tile taken away after a split may not leave one of its parts below 3.
    split_parts_keep_three: bool = False

    @property
    def placement_rounds(self) -> int:
        # 7 Menhirs: 4 tiles to place, rounds 1-2; 5 Menhirs: 6 tiles, rounds 1-3.
        return (FOG_TILES - self.menhir_count) // 2

    @property
    def first_moving_round(self) -> int:
        return self.placement_rounds + 1

    def clears(self, ply: int) -> bool:
        """Does the turn at ``ply`` end by taking a fog tile away?"""
        round_number, seat = ply // 2 + 1, ply % 2
        if self.clearing_starts == "english":
            return round_number > CLEARING_ROUND or (round_number == CLEARING_ROUND and seat == 1)
        return round_number > CLEARING_ROUND

    def places(self, ply: int) -> bool:
        return ply // 2 + 1 <= self.placement_rounds


@dataclass(frozen=True, slots=True)
class MenhirsState:
    table: Table
    fog: int  # hexes holding a fog tile
    ply: int = 0  # turns played so far; round = ply // 2 + 1, seat to act = ply % 2
    supply: int = 0  # fog tiles not yet placed
    last: Turn | None = None  # the previous turn, for the no-undo rule and pictures
    winner: int | None = None

    @property
    def round(self) -> int:
        return min(self.ply, LAST_PLY - 1) // 2 + 1

    @property
    def over(self) -> bool:
        return self.winner is not None or self.ply >= LAST_PLY

    @property
    def covered(self) -> int:
        return self.fog & self.table.menhirs


def opening_state(table: Table) -> MenhirsState:
    """Setup covers every face-up Menhir; the other fog tiles wait in the supply."""
    fog = table.menhirs
    return MenhirsState(table=table, fog=fog, supply=FOG_TILES - fog.bit_count())


def phase(state: MenhirsState) -> str:
    if state.over:
        return "over"
    if state.table.places(state.ply):
        return "placement"
    return "clearing" if state.table.clears(state.ply) else "moving"


# --- the no-undo rule -------------------------------------------------------------------------


def undo_block(state: MenhirsState) -> tuple[int, int] | None:
    """(tiles, direction) the player to act may not slide: the opponent's last slide, reversed.

    The block stays while the opponent's tiles sit where they went, merged or not; it lapses
    once the opponent took one of those tiles away (then the set no longer exists).
    """
    last = state.last
    if not isinstance(last, Slide) or not last.part:
        return None
    moved = shift(last.part, last.direction)
    if last.removed is not None and moved >> last.removed & 1:
        return None
    return moved, OPPOSITE[last.direction]


# --- generating turns -------------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def cluster_steps(cluster: int) -> tuple[tuple[int, int, int], ...]:
    """(tiles, direction, landing hexes) for every part of ``cluster`` that may move and stays on the board."""
    steps = []
    off = ~BOARD
    for part in movable_parts(cluster):
        # The six steps in direction order (N, NE, SE, S, SW, NW), as board.SHIFTS spells them.
        for direction, dest in enumerate((part >> 1, part << 7, part << 8, part << 1, part >> 7, part >> 8)):
            if not dest & off:
                steps.append((part, direction, dest))
    return tuple(steps)


def fog_slides(state: MenhirsState) -> list[tuple[int, int]]:
    """Every (tiles, direction) the player to act may slide, before any removal."""
    fog = state.fog
    block = undo_block(state)
    slides = []
    for cluster in components(fog):
        for part, direction, dest in cluster_steps(cluster):
            if dest & fog & ~part:
                continue
            slides.append((part, direction))
    if block is not None and block in slides:
        slides.remove(block)
    return slides


def slid_fog(fog: int, part: int, direction: int) -> int:
    return (fog & ~part) | shift(part, direction)


def removable(fog: int, menhirs: int) -> list[int]:
    """Tiles that may be taken away: any but the one whose removal uncovers the last Menhir."""
    return bits_of(removable_mask(fog, menhirs))


def removable_mask(fog: int, menhirs: int) -> int:
    """``removable`` as a bitmask."""
    covered = fog & menhirs
    return fog & ~covered if covered & (covered - 1) == 0 else fog


def split_minimum_parts(fog: int, part: int, direction: int) -> int:
    """The tiles, after a split slide, of every newly created part with exactly 3 tiles (the moved
    part and the parts left behind): with ``split_parts_keep_three`` none of them may be taken
    away in the same turn. 0 for a whole-cluster slide."""
    cluster = component_of(part & -part, fog)
    if part == cluster:
        return 0
    parts = [shift(part, direction), *components(cluster & ~part)]
    return sum(piece for piece in parts if piece.bit_count() == MIN_PART_SIZE)


def removal_mask(table: Table, fog: int, part: int, direction: int) -> int:
    """The tiles that may be taken away after sliding ``part`` (in a clearing turn), as a bitmask."""
    choices = removable_mask(slid_fog(fog, part, direction), table.menhirs)
    if table.split_parts_keep_three and choices:
        choices &= ~split_minimum_parts(fog, part, direction)
    return choices


def removal_choices(table: Table, fog: int, part: int, direction: int) -> list[int]:
    """The tiles that may be taken away after sliding ``part`` (in a clearing turn)."""
    return bits_of(removal_mask(table, fog, part, direction))


class ClearingTurns(Sequence):
    """The turns of a clearing position, made only when asked for: a read-only sequence.

    Each slide goes with each tile that may then be taken away, so a clearing position has
    hundreds of turns (up to about 2,300) of which a player or a random game looks at a few.
    Only the slides and, per slide, the bitmask of tiles that may go are worked out; ``len``,
    indexing, ``in`` and iteration read them. The order is the list's: slide by slide, and for
    each slide the tiles in notation order (a slide that wins, or after which no tile may go, is
    one turn without removal).
    """

    __slots__ = ("_length", "_masks", "_slides", "_starts", "_where")

    def __init__(self, slides: list[tuple[int, int]], masks: list[int]):
        self._slides = slides
        self._masks = masks  # tiles that may be taken away after the slide; 0: the slide alone
        starts = []
        length = 0
        for mask in masks:
            starts.append(length)
            length += mask.bit_count() or 1
        self._starts = starts
        self._length = length
        self._where = None

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("turn index out of range")
        at = bisect_right(self._starts, index) - 1
        part, direction = self._slides[at]
        mask = self._masks[at]
        if not mask:
            return Slide(part, direction)
        skip = index - self._starts[at]
        for _ in range(skip):
            mask &= mask - 1
        return Slide(part, direction, (mask & -mask).bit_length() - 1)

    def __iter__(self):
        for (part, direction), mask in zip(self._slides, self._masks):
            if not mask:
                yield Slide(part, direction)
                continue
            while mask:
                low = mask & -mask
                yield Slide(part, direction, low.bit_length() - 1)
                mask ^= low

    def __contains__(self, turn) -> bool:
        if not isinstance(turn, tuple) or len(turn) != 3:
            return False
        part, direction, removed = turn
        if self._where is None:
            self._where = {slide: at for at, slide in enumerate(self._slides)}
        try:
            at = self._where.get((part, direction))
        except TypeError:  # an unhashable part or direction names no turn
            return False
        if at is None:
            return False
        mask = self._masks[at]
        if not mask:
            return removed is None
        return type(removed) is int and removed >= 0 and bool(mask >> removed & 1)

    def __eq__(self, other) -> bool:
        if isinstance(other, ClearingTurns | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None

    def __repr__(self) -> str:
        return f"ClearingTurns({list(self)!r})"


def legal_turns(state: MenhirsState) -> Sequence[Turn]:
    """Every legal turn: a list, or in the clearing phase a ``ClearingTurns`` made on demand."""
    if state.over:
        return []
    table = state.table
    if table.places(state.ply):
        return [Place(index) for index in bits_of(BOARD & ~state.fog)]
    slides = fog_slides(state)
    if not table.clears(state.ply):
        return [Slide(part, direction) for part, direction in slides]
    fog, menhirs = state.fog, table.menhirs
    masks = []
    for part, direction in slides:
        after = (fog & ~part) | shift(part, direction)
        if not after & menhirs:  # the slide wins: the game ends before any removal
            masks.append(0)
            continue
        masks.append(removal_mask(table, fog, part, direction))
    return ClearingTurns(slides, masks)


def winning_slides(state: MenhirsState) -> list[tuple[int, int]]:
    """The slides with which the player to act uncovers the last covered Menhir(s) at once."""
    if state.over or state.table.places(state.ply):
        return []
    covered = state.covered
    # Only moved tiles leave their hexes, so every covered Menhir lies under one moving part.
    if not covered or component_of(covered & -covered, state.fog) & covered != covered:
        return []
    menhirs, fog = state.table.menhirs, state.fog
    return [
        (part, direction)
        for part, direction in fog_slides(state)
        if part & covered == covered and not slid_fog(fog, part, direction) & menhirs
    ]


# --- playing a turn ---------------------------------------------------------------------------


class RuleError(ValueError):
    """A turn the rules forbid; the message is written for the player."""


def _names(mask: int) -> str:
    return ", ".join(HEX_NAMES[i] for i in bits_of(mask))


def _check_place(state: MenhirsState, turn: Place) -> None:
    if not state.table.places(state.ply):
        raise RuleError(
            Text(
                N_("fog is placed only in rounds 1 to {last}; in round {round} you move fog"),
                last=state.table.placement_rounds,
                round=state.round,
            )
        )
    if turn.hex not in HEX_NAMES:
        raise RuleError(Text(N_("fog can only be placed on a hex of the board")))
    if state.fog >> turn.hex & 1:
        raise RuleError(
            Text(N_("{hex} already holds fog: at most one fog tile may lie on a hex"), hex=HEX_NAMES[turn.hex])
        )


def _check_part(state: MenhirsState, part: int) -> None:
    if part <= 0 or part & ~BOARD:
        raise RuleError(Text(N_("name the fog tiles to move by the hexes they lie on")))
    if part & ~state.fog:
        raise RuleError(Text(N_("there is no fog on {hexes}"), hexes=_names(part & ~state.fog)))
    cluster = component_of(part & -part, state.fog)
    if part & ~cluster:
        raise RuleError(
            Text(N_("{hexes} are not one cluster: move one cluster (or part of one) at a time"), hexes=_names(part))
        )
    if part == cluster:
        return
    size = cluster.bit_count()
    if size < MIN_SPLIT_SIZE:
        raise RuleError(
            Text(N_("a cluster of {size} tiles moves whole: only a cluster of 6 or more tiles may be split"), size=size)
        )
    if part.bit_count() < MIN_PART_SIZE:
        raise RuleError(
            Text(N_("the part you split off must have at least 3 tiles, not {size}"), size=part.bit_count())
        )
    if component_of(part & -part, part) != part:
        raise RuleError(
            Text(N_("the tiles {hexes} do not hang together: a split-off part must be connected"), hexes=_names(part))
        )
    small = [piece for piece in components(cluster & ~part) if piece.bit_count() < MIN_PART_SIZE]
    if small:
        raise RuleError(
            Text(
                N_(
                    "this split would leave {hexes} as a part of fewer than 3 tiles: "
                    "every part of a split keeps at least 3 tiles"
                ),
                hexes=_names(small[0]),
            )
        )


def _check_slide(state: MenhirsState, turn: Slide) -> None:
    table = state.table
    if table.places(state.ply):
        raise RuleError(
            Text(
                N_("in round {round} you place a fog tile; moving starts in round {first}"),
                round=state.round,
                first=table.first_moving_round,
            )
        )
    if not isinstance(turn.direction, int) or not 0 <= turn.direction < 6:
        raise RuleError(Text(N_("a slide goes N, NE, SE, S, SW or NW")))
    _check_part(state, turn.part)
    way = DIRECTIONS[turn.direction]
    dest = shift(turn.part, turn.direction)
    if dest & ~BOARD:
        raise RuleError(
            Text(
                N_("the fog on {hexes} cannot move {way}: a fog tile may never leave the board"),
                hexes=_names(turn.part),
                way=way,
            )
        )
    blocked = dest & state.fog & ~turn.part
    if blocked:
        raise RuleError(
            Text(N_("the fog cannot move {way}: {hexes} already holds fog that stays"), way=way, hexes=_names(blocked))
        )
    block = undo_block(state)
    if block is not None and (turn.part, turn.direction) == block:
        raise RuleError(
            Text(
                N_(
                    "you may not undo your opponent's last move by sliding {hexes} back {way}; "
                    "a larger or smaller group may move back"
                ),
                hexes=_names(turn.part),
                way=way,
            )
        )
    _check_removal(state, turn)


def _check_removal(state: MenhirsState, turn: Slide) -> None:
    table = state.table
    after = slid_fog(state.fog, turn.part, turn.direction)
    if not table.clears(state.ply):
        if turn.removed is not None:
            first = N_("round 8") if table.clearing_starts == "dutch" else N_("player 2's turn of round 7")
            raise RuleError(Text(N_("fog is taken away only in the clearing phase, from {first}"), first=first))
        return
    if not after & table.menhirs:
        if turn.removed is not None:
            raise RuleError(Text(N_("this move uncovers the last Menhir and wins at once: no fog tile is taken away")))
        return
    choices = removal_choices(table, state.fog, turn.part, turn.direction)
    if turn.removed is None:
        if choices:
            raise RuleError(
                Text(
                    N_("in the clearing phase you take one fog tile away at the end of your turn (write x and its hex)")
                )
            )
        return
    if turn.removed not in HEX_NAMES or not after >> turn.removed & 1:
        raise RuleError(
            Text(
                N_("there is no fog on {hex} to take away after your move"),
                hex=HEX_NAMES.get(turn.removed, N_("that hex")),
            )
        )
    if turn.removed not in choices:
        if split_minimum_parts(state.fog, turn.part, turn.direction) >> turn.removed & 1:
            raise RuleError(
                Text(
                    N_(
                        "you may not take away the fog on {hex}: each part of your split must keep "
                        "at least 3 tiles at all times (option split_parts_keep_three)"
                    ),
                    hex=HEX_NAMES[turn.removed],
                )
            )
        raise RuleError(
            Text(
                N_("you may not take away the fog on {hex}: it would uncover the last covered Menhir"),
                hex=HEX_NAMES[turn.removed],
            )
        )


def check_turn(state: MenhirsState, turn: Turn) -> None:
    if isinstance(turn, Place):
        _check_place(state, turn)
    elif isinstance(turn, Slide):
        _check_slide(state, turn)
    else:
        raise RuleError(Text(N_("{turn} is not a turn of Menhirs dans le Brouillard"), turn=repr(turn)))


def apply_turn(state: MenhirsState, turn: Turn) -> MenhirsState:
    """The state after ``turn``; raises RuleError with the reason when the rules forbid it."""
    check_turn(state, turn)
    return advance(state, turn)


def advance(state: MenhirsState, turn: Turn) -> MenhirsState:
    """The state after a turn known to be legal (no checks: for search)."""
    table = state.table
    if type(turn) is Place:
        return MenhirsState(table, state.fog | 1 << turn.hex, state.ply + 1, state.supply - 1, turn, None)
    fog = slid_fog(state.fog, turn.part, turn.direction)
    if not fog & table.menhirs:
        return MenhirsState(table, fog, state.ply + 1, state.supply, turn, state.ply % 2)
    if turn.removed is not None:
        fog &= ~(1 << turn.removed)
    return MenhirsState(table, fog, state.ply + 1, state.supply, turn, None)


def winner_points(state: MenhirsState) -> int:
    """What the winner scores: the fog tiles in play, or 21 for a bonus win in the first moving round."""
    table = state.table
    if table.first_round_bonus and (state.ply - 1) // 2 + 1 == table.first_moving_round:
        return BONUS_POINTS
    return state.fog.bit_count()
