"""No view ever shows what its seat may not know.

The reference below is written independently of the engine's views: it reads the truth
(both armies) before and after every ply, computes each seat's zone from coordinates, and
states exactly what each seat, and the spectator, may see.
"""

import random

import pytest

from games.engines.brouillard import ENGINE
from games.engines.brouillard.board import FILES, RING, parse_square
from games.engines.brouillard.moves import Setup, Step
from games.engines.brouillard.rules import answer

from .helpers import random_states

TOP_KEYS = {"game", "seat", "to_move", "over", "phase", "options", "turns_taken", "pieces_left", "events", "last_probe"}
SEAT_KEYS = TOP_KEYS | {"mine", "zone", "shadows"}
EVENT_KEYS = {
    "setup": {"ply", "by", "type", "shadows"},
    "move": {"ply", "by", "type", "from", "to", "captured", "shadows"},
    "probe": {"ply", "by", "type", "square", "count", "shadows"},
}


def name(square):
    return f"{FILES[square % 7]}{square // 7 + 1}"


def army(state, seat):
    """{square name: kind} of a seat's pieces, from the truth."""
    out = {}
    for square in range(49):
        if state.armies[seat] >> square & 1:
            out[name(square)] = "Q" if state.queens[seat] == square else "W"
    return out


def near(a, b):
    return abs(FILES.index(a[0]) - FILES.index(b[0])) <= 1 and abs(int(a[1]) - int(b[1])) <= 1


def zone_of(pieces):
    return {f"{f}{r}" for f in FILES for r in range(1, 8) if any(near(f"{f}{r}", p) for p in pieces)}


def expected_event(ply, before, after, mover, move, seat):
    """What ``seat`` (None: spectator) may know of one ply, by the rulebook."""
    event = {"ply": ply, "by": mover}
    own = seat == mover
    if isinstance(move, Setup):
        event["type"] = "setup"
        if own:
            event["queen"] = name(move.queen)
            event["watchers"] = [name(w) for w in move.watchers]
    elif isinstance(move, Step):
        origin, target = name(move.origin), name(move.target)
        captured = army(before, 1 - mover).get(target)
        event.update(type="move", captured=captured)
        if own:
            event.update({"from": origin, "to": target})
        elif seat is None:
            event.update({"from": None, "to": target if captured else None})
        else:
            watched_before = zone_of(army(before, seat))
            watched_after = zone_of(army(after, seat))
            event["from"] = origin if origin in watched_before else None
            event["to"] = target if captured or target in watched_after else None
    else:
        event.update(type="probe", square=name(move.square), count=answer(before, move).count)
    if seat is not None:
        mine = army(after, seat)
        event["shadows"] = sorted(sq for sq in army(after, 1 - seat) if sq in zone_of(mine))
    return event


def check_view(states, moves, index, seat, every_event=False):
    state = states[index]
    view = ENGINE.observe(state, seat)
    assert set(view) == (SEAT_KEYS if seat is not None else TOP_KEYS)
    if seat is not None:
        mine = army(state, seat)
        assert {p["square"]: p["kind"] for p in view["mine"]} == mine
        assert set(view["zone"]) == zone_of(mine)
        assert set(view["shadows"]) == {sq for sq in army(state, 1 - seat) if sq in zone_of(mine)}
    # Past events never change, so checking the newest one at every ply covers them all.
    for ply in range(1 if every_event else max(1, index), index + 1):
        before, after, move = states[ply - 1], states[ply], moves[ply - 1]
        event = view["events"][ply - 1]
        assert set(event) - {"queen", "watchers"} <= EVENT_KEYS[event["type"]] | (
            {"shadows"} if seat is not None else set()
        )
        expected = expected_event(ply, before, after, before.to_move, move, seat)
        expected_shadows = expected.get("shadows")
        if expected_shadows is not None:
            expected["shadows"] = sorted(expected_shadows, key=lambda s: (int(s[1]), s[0]))
        assert event == expected, f"ply {ply} seen by {seat}"
    assert len(view["events"]) == index


def _no_leak(seed, **options):
    states, moves = random_states(seed, **options)
    last = len(states) - 2
    for index in range(last + 1):  # every ply before the end
        for seat in (0, 1, None):
            check_view(states, moves, index, seat, every_event=index == last)


@pytest.mark.parametrize("seed", range(8))
def test_no_view_ever_shows_what_its_seat_may_not_know(seed):
    _no_leak(seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(8, 108))
def test_no_view_ever_shows_what_its_seat_may_not_know_over_many_games(seed):
    _no_leak(seed, diagonal_two_step=seed % 2 == 1, first_seat=1 + seed % 3 // 2)


def _swap_queen(states, moves, seat, watcher):
    """Replay the game with ``seat``'s Queen and one of its Watchers exchanged at setup."""
    state = ENGINE.setup({"turns": states[0].turns})
    replayed = [state]
    for move in moves:
        if isinstance(move, Setup) and state.to_move == seat:
            move = Setup(watcher, tuple(sorted({*move.watchers, move.queen} - {watcher})))
        state = ENGINE.play(state, move)
        replayed.append(state)
    return replayed


@pytest.mark.parametrize("seed", range(6))
def test_a_seat_cannot_tell_which_enemy_piece_is_the_queen(seed):
    """Exchanging the enemy Queen with a Watcher that was never taken changes no view of the
    other seat, nor the spectator's, at any ply before a capture of either of them."""
    states, moves = random_states(seed, turns=20)
    enemy = 1
    setup = next(m for i, m in enumerate(moves) if isinstance(m, Setup) and states[i].to_move == enemy)
    watcher = setup.watchers[seed % 3]
    swapped = _swap_queen(states, moves, enemy, watcher)
    tracked = {setup.queen, watcher}
    checked = 0
    for index, move in enumerate(moves):
        state = states[index]
        if isinstance(move, Step) and move.target in tracked and state.to_move != enemy:
            break  # one of the two exchanged pieces is taken: its type becomes public
        for seat in (0, None):
            assert ENGINE.observe(state, seat) == ENGINE.observe(swapped[index], seat)
        checked += 1
        if isinstance(move, Step) and state.to_move == enemy and move.origin in tracked:
            tracked = (tracked - {move.origin}) | {move.target}
    assert checked >= 3


def test_legal_moves_depend_only_on_the_seats_own_pieces():
    rng = random.Random(3)
    states, _ = random_states(5)
    different_enemies = 0
    for state in states[2:-1:3]:
        seat = state.to_move
        other = ENGINE.determinize(ENGINE.observe(state, seat), rng)
        different_enemies += other.armies[1 - seat] != state.armies[1 - seat]
        assert ENGINE.legal_moves(other) == ENGINE.legal_moves(state)
    assert different_enemies >= 5


def test_a_determinized_state_shows_its_seat_the_same_board():
    rng = random.Random(7)
    for seed in range(2):
        states, _ = random_states(seed)
        for state in states[2:-1:6]:
            for seat in (0, 1):
                view = ENGINE.observe(state, seat)
                sample = ENGINE.observe(ENGINE.determinize(view, rng), seat)
                for key in ("mine", "zone", "shadows", "pieces_left", "turns_taken", "to_move"):
                    assert sample[key] == view[key], key


def test_determinize_keeps_the_answers_of_probes_made_since_the_enemy_last_moved():
    from .helpers import position

    state = position("?c6")
    view = ENGINE.observe(state, 0)
    rng = random.Random(1)
    for _ in range(20):
        sample = ENGINE.determinize(view, rng)
        assert (sample.armies[1] & RING[parse_square("c6")]).bit_count() == 3
