"""Twin states over many random Brouillard games: the enemy's Queen and one of its Watchers swap
places, everything else the same. Until one of the two is captured, Seat 1 and spectators are
given the same view, the same offered moves and the same refusals, whatever is typed."""

from __future__ import annotations

import random

import pytest

from games.engines import IllegalMove, get_engine
from games.engines.brouillard.board import HOME_SQUARES, name
from tests.hidden.twins import assert_same, make_live, surfaces
from tests.tournament.factories import make_user

ENGINE = get_engine("brouillard")


def twin_setups(rng: random.Random) -> tuple[str, str]:
    """Seat 2's setup, and the same with its Queen and first Watcher swapped."""
    queen, *watchers = [name(s) for s in rng.sample(HOME_SQUARES[1], 4)]
    first = f"Q{queen}," + ",".join(f"W{w}" for w in watchers)
    second = f"Q{watchers[0]}," + ",".join(f"W{w}" for w in [queen, *watchers[1:]])
    return first, second


def typed_attempts(view, rng: random.Random) -> list[str]:
    """What a curious player might type: answered forms of offered moves, and some nonsense."""
    offered = ENGINE.player_moves(view)
    steps = [m for m in offered if not m.startswith("?")]
    out = ["zz", "a1a2", "Qd1,Wb2,Wc3,Wf2"]
    for step in rng.sample(steps, min(3, len(steps))):
        out += [f"{step[:2]}x{step[2:]}=Q", f"{step[:2]}x{step[2:]}=W", f"{step[:2]}-{step[2:]}"]
    square = rng.choice([m for m in offered if m.startswith("?")] or ["?d4"])
    out += [f"{square}={n}" for n in range(4)]
    return out


def refusal(state, text: str) -> str:
    try:
        ENGINE.play_player(state, ENGINE.to_move(state), text)
    except IllegalMove as exc:
        return exc.reason
    return "accepted"


def twin_games(seed: int):
    """Yield (states, records, options) of the twins at each ply while Seat 1 cannot tell them apart."""
    rng = random.Random(seed)
    setups = twin_setups(rng)
    options = {"first_seat": rng.choice((1, 2)), "diagonal_two_step": rng.random() < 0.5}
    first = ENGINE.setup(options)
    states = [first, first]
    records: list[list[str]] = [[], []]
    while ENGINE.to_move(states[0]) is not None:
        if ENGINE.observe(states[0], 0) != ENGINE.observe(states[1], 0):
            return  # a swapped piece was captured: now Seat 1 knows which was the Queen
        yield states, records, options
        seat = ENGINE.to_move(states[0])
        view = ENGINE.observe(states[0], seat)
        if view["phase"] == "setup":
            texts = [setups[0], setups[1]] if seat == 1 else [rng.choice(ENGINE.player_moves(view))] * 2
        else:
            texts = [rng.choice(ENGINE.player_moves(view))] * 2
        for i in (0, 1):
            states[i], record = ENGINE.play_player(states[i], seat, texts[i])
            records[i].append(record)


def check_engine_twins(states, rng) -> None:
    for viewer in (0, None):
        assert ENGINE.observe(states[0], viewer) == ENGINE.observe(states[1], viewer)
    if ENGINE.to_move(states[0]) == 0:
        view = ENGINE.observe(states[0], 0)
        assert ENGINE.player_moves(view) == ENGINE.player_moves(ENGINE.observe(states[1], 0))
        for text in typed_attempts(view, rng):
            assert refusal(states[0], text) == refusal(states[1], text), text


@pytest.mark.parametrize("seed", range(4))
def test_brouillard_twins_over_random_games_look_the_same_to_seat_1(seed):
    rng = random.Random(seed)
    plies = sum(1 for states, _, _ in twin_games(seed) if check_engine_twins(states, rng) is None)
    assert plies > 4


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.parametrize("seed", range(4, 8))
def test_brouillard_twins_over_many_random_games_and_every_http_surface(client, seed):
    rng = random.Random(seed)
    users = make_user(), make_user()
    for ply, (states, records, options) in enumerate(twin_games(seed)):
        check_engine_twins(states, rng)
        if ply % 7 == 3 and ENGINE.to_move(states[0]) == 0:
            lives = [make_live("brouillard", users, options=options, records=list(r)) for r in records]
            attempts = [
                text
                for text in typed_attempts(ENGINE.observe(states[0], 0), rng)
                if refusal(states[0], text) != "accepted"
            ]
            # Every earlier board of every game would make the sweep cubic: a first, a middle and a last.
            earlier = {0, len(records[0]) // 2, len(records[0]) - 1}
            for viewer in (users[0], None):
                answers = [
                    surfaces(client, live, user=viewer, refused=attempts if viewer else (), earlier=earlier)
                    for live in lives
                ]
                assert_same(*answers)
