"""The rules: which actions a seat has, and what an action does to the truth.

Legal actions depend only on the acting seat's own pieces (never on the enemy's), so the list
can be handed to that seat: a step onto a square hidden in the mist is legal, and it captures
whatever stands there.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from games.engines.base import GAME_OVER, GameOver, IllegalMove
from games.engines.brouillard.board import (
    HOME_MASK,
    HOME_ROWS,
    HOME_SQUARES,
    RING,
    SQUARES,
    bit,
    name,
    reach,
    zone,
)
from games.engines.brouillard.moves import NOTHING, QUEEN, WATCHER, Probe, Setup, Step, make_setup, to_text
from games.engines.brouillard.state import BrouillardState, Record
from games.engines.text import N_, Text

STEPS = {(o, t): Step(o, t) for o in SQUARES for t in reach(True)[o]}
PROBES = tuple(Probe(square) for square in SQUARES)


@lru_cache(maxsize=2)
def all_setups(seat: int) -> tuple[Setup, ...]:
    """Every placement of a Queen and three Watchers in the seat's three home rows."""
    out = []
    for four in combinations(HOME_SQUARES[seat], 4):
        for queen in four:
            out.append(make_setup(queen, [s for s in four if s != queen]))
    return tuple(out)


@lru_cache(maxsize=65536)
def steps_of(army: int, diagonal_two_step: bool) -> tuple[Step, ...]:
    targets = reach(diagonal_two_step)
    out = []
    rest = army
    while rest:
        low = rest & -rest
        origin = low.bit_length() - 1
        rest ^= low
        out.extend(STEPS[origin, t] for t in targets[origin] if not army & bit(t))
    return tuple(out)


def legal_moves(state: BrouillardState) -> list:
    seat = state.to_move
    if seat is None:
        return []
    if state.in_setup():
        return list(all_setups(seat))
    return [*steps_of(state.armies[seat], state.diagonal_two_step), *PROBES]


def seat_label(seat: int) -> Text:
    return Text(N_("Seat {seat}"), seat=seat + 1)


# --- checking an action --------------------------------------------------------------------


def check(state: BrouillardState, move) -> None:
    """Raise IllegalMove, in a player's words, unless ``move`` may be played now."""
    seat = state.to_move
    if seat is None:
        raise GameOver(GAME_OVER)
    if not isinstance(move, Setup | Step | Probe):
        raise IllegalMove(Text(N_("{move} is not a Brouillard move"), move=repr(move)))
    if state.in_setup():
        if not isinstance(move, Setup):
            raise IllegalMove(Text(N_("{seat} must first place its Queen and three Watchers"), seat=seat_label(seat)))
        _check_setup(seat, move)
    elif isinstance(move, Setup):
        raise IllegalMove(Text(N_("{seat} has already placed its pieces"), seat=seat_label(seat)))
    elif isinstance(move, Step):
        _check_step(state, seat, move)
    elif not 0 <= move.square < len(SQUARES):
        raise IllegalMove(Text(N_("a probe must name a square of the board")))


def _check_setup(seat: int, move: Setup) -> None:
    squares = [move.queen, *move.watchers]
    if len(move.watchers) != 3 or len(set(squares)) != 4 or not all(s in SQUARES for s in squares):
        raise IllegalMove(Text(N_("a setup places one Queen and three Watchers on four different squares")))
    outside = [name(s) for s in squares if not HOME_MASK[seat] & bit(s)]
    if outside:
        rows = "-".join(str(r + 1) for r in (HOME_ROWS[seat][0], HOME_ROWS[seat][-1]))
        raise IllegalMove(
            Text(
                N_("{seat} places its pieces on rows {rows}, not on {squares}"),
                seat=seat_label(seat),
                rows=rows,
                squares=", ".join(outside),
            )
        )


def _check_step(state: BrouillardState, seat: int, move: Step) -> None:
    army = state.armies[seat]
    if move.origin not in SQUARES or move.target not in SQUARES:
        raise IllegalMove(Text(N_("a move goes from a square of the board to another")))
    origin, target = name(move.origin), name(move.target)
    if not army & bit(move.origin):
        raise IllegalMove(Text(N_("you have no piece on {square}"), square=origin))
    if move.target not in reach(state.diagonal_two_step)[move.origin]:
        if state.diagonal_two_step:
            reach_text = N_(
                "a piece moves to a neighbouring square or two squares in a straight line or diagonally: "
                "{origin} to {target} is neither"
            )
        else:
            reach_text = N_(
                "a piece moves to a neighbouring square or two squares in a straight line: {origin} to {target} is neither"
            )
        raise IllegalMove(Text(reach_text, origin=origin, target=target))
    if army & bit(move.target):
        raise IllegalMove(
            Text(
                N_("the piece on {origin} cannot stop on {target}: your own piece stands there"),
                origin=origin,
                target=target,
            )
        )


def answer(state: BrouillardState, move) -> Setup | Step | Probe:
    """The move with its public answer filled in from the truth."""
    seat = state.to_move
    enemy = 1 - seat if seat is not None else 0
    if isinstance(move, Step):
        kind = state.kind_at(enemy, move.target)
        return Step(move.origin, move.target, kind or NOTHING)
    if isinstance(move, Probe):
        return Probe(move.square, (state.armies[enemy] & RING[move.square]).bit_count())
    return move


def check_recorded_answer(state: BrouillardState, move, truth) -> None:
    """A logged answer must be the referee's: a wrong one is a forged or corrupted log."""
    if isinstance(move, Step) and move.captured is not None and move.captured != truth.captured:
        said = {NOTHING: N_("captured nothing"), QUEEN: N_("took a Queen"), WATCHER: N_("took a Watcher")}.get(
            move.captured, Text(N_("took a {kind}"), kind=move.captured)
        )
        real = {
            NOTHING: N_("nothing stood there"),
            QUEEN: N_("an enemy Queen stood there"),
            WATCHER: N_("an enemy Watcher stood there"),
        }.get(truth.captured, Text(N_("an enemy {kind} stood there"), kind=truth.captured))
        raise IllegalMove(
            Text(
                N_("the log says {move} {said} on {square}, but {real}"),
                move=to_text(move),
                said=said,
                square=name(move.target),
                real=real,
            ),
            move_text=to_text(move),
        )
    if isinstance(move, Probe) and move.count is not None and move.count != truth.count:
        raise IllegalMove(
            Text(
                N_("the log answers {count} to the probe of {square}, but the true answer is {truth}"),
                count=move.count,
                square=name(move.square),
                truth=truth.count,
            ),
            move_text=to_text(move),
        )


# --- applying an action ----------------------------------------------------------------------


def apply(state: BrouillardState, move) -> BrouillardState:
    check(state, move)
    truth = answer(state, move)
    check_recorded_answer(state, move, truth)
    seat = state.to_move
    if isinstance(truth, Setup):
        return _after_setup(state, seat, truth)
    armies, queens = list(state.armies), list(state.queens)
    enemy = 1 - seat
    seen = (False, False)
    winner = None
    if isinstance(truth, Step):
        watch_before = zone(armies[enemy])
        armies[seat] ^= bit(truth.origin) | bit(truth.target)
        if queens[seat] == truth.origin:
            queens[seat] = truth.target
        if truth.captured != NOTHING:
            armies[enemy] &= ~bit(truth.target)
            if truth.captured == QUEEN:
                queens[enemy] = -1
                winner = seat
        watch_after = zone(armies[enemy])
        seen = (
            bool(watch_before & bit(truth.origin)),
            truth.captured != NOTHING or bool(watch_after & bit(truth.target)),
        )
    taken = list(state.taken)
    taken[seat] += 1
    over = winner is not None or (taken[0] >= state.turns and taken[1] >= state.turns)
    record = Record(seat, truth, seen, _shadows(armies))
    return BrouillardState(
        turns=state.turns,
        diagonal_two_step=state.diagonal_two_step,
        first=state.first,
        armies=(armies[0], armies[1]),
        queens=(queens[0], queens[1]),
        taken=(taken[0], taken[1]),
        to_move=None if over else enemy,
        winner=winner,
        records=(*state.records, record),
    )


def _after_setup(state: BrouillardState, seat: int, setup: Setup) -> BrouillardState:
    armies, queens = list(state.armies), list(state.queens)
    armies[seat] = bit(setup.queen) | sum(bit(w) for w in setup.watchers)
    queens[seat] = setup.queen
    # Both setups come first (the first seat's, then the other's); then the first seat moves.
    other = 1 - seat
    next_seat = other if not armies[other] else state.first
    record = Record(seat, setup, (False, False), _shadows(armies))
    return BrouillardState(
        turns=state.turns,
        diagonal_two_step=state.diagonal_two_step,
        first=state.first,
        armies=(armies[0], armies[1]),
        queens=(queens[0], queens[1]),
        taken=state.taken,
        to_move=next_seat,
        winner=None,
        records=(*state.records, record),
    )


def _shadows(armies) -> tuple[int, int]:
    return (armies[1] & zone(armies[0]), armies[0] & zone(armies[1]))


def initial(turns: int, diagonal_two_step: bool, first: int) -> BrouillardState:
    return BrouillardState(
        turns=turns,
        diagonal_two_step=diagonal_two_step,
        first=first,
        armies=(0, 0),
        queens=(-1, -1),
        taken=(0, 0),
        to_move=first,
        winner=None,
    )
