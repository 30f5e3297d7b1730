"""Random legal play keeps the invariants; notation round-trips; random games replay through the log."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.mists import ENGINE
from games.engines.mists import board as geo
from games.engines.mists.state import MistsState
from games.gamelog import GameLog, Seat
from games.gamelog.validator import validate

games = st.tuples(
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=1, max_value=6),
    st.booleans(),
    st.integers(min_value=1, max_value=5),
)


def check_invariants(state: MistsState, before: MistsState | None) -> None:
    # Edges match wherever two face-up tiles meet.
    for pos in state.board:
        here = geo.face(state.board, pos)
        for side in range(4):
            there = geo.face(state.board, geo.step(pos, side))
            if here is not None and there is not None:
                assert here.edges[side] == there.edges[(side + 2) % 4], f"edges differ between {pos} and its {side}"
    # Ghosts: 15 (or the level's number) on the board, in the supply and in front of Eloise.
    assert state.ghosts_on_board() + state.supply + state.cat_supply == state.level.ghosts
    assert min([state.supply, state.cat_supply, *state.ghosts.values(), *state.trapped.values()]) >= 0
    # No meeple in mist or on a spell circle.
    for x, y, kind, index in state.meeples:
        turned = geo.face(state.board, (x, y))
        assert turned is not None
        if kind == "r":
            assert not turned.road_misty[index]
            assert not any(
                turned.mist_at[s] >= 0 and turned.mist[turned.mist_at[s]].circles for s in turned.roads[index]
            )
    # Trapped ghosts leave only when their mist bank is finished.
    if before is not None:
        for spot, count in before.trapped.items():
            if state.trapped.get(spot, 0) < count:
                assert geo.bank(state.board, spot[:2], spot[2]).status == geo.FINISHED
    meeples_out = len(state.meeples) + len(state.buried) + sum(state.in_hand)
    per_colour = 3 if state.seats <= 2 else 5
    assert meeples_out == per_colour * len(state.colours)


@settings(max_examples=25, deadline=None)
@given(games)
def test_random_legal_play_keeps_the_invariants(game):
    seed, level, spell, seats = game
    rng = random.Random(seed)
    state = ENGINE.setup({"level": level, "spell_circles": spell}, seats=seats, seed=seed)
    check_invariants(state, None)
    while ENGINE.to_move(state) is not None:
        moves = ENGINE.legal_moves(state)
        before, state = state, ENGINE.play(state, moves[rng.randrange(len(moves))])
        check_invariants(state, before)
    assert ENGINE.outcome(state) is not None


@settings(max_examples=15, deadline=None)
@given(games)
def test_every_legal_move_round_trips_through_the_notation(game):
    seed, level, spell, seats = game
    rng = random.Random(seed)
    state = ENGINE.setup({"level": level, "spell_circles": spell}, seats=seats, seed=seed)
    while ENGINE.to_move(state) is not None:
        moves = ENGINE.legal_moves(state)
        texts = [ENGINE.move_to_text(state, move) for move in moves]
        assert len(set(texts)) == len(texts)
        for move, text in zip(moves, texts):
            assert " " not in text and ENGINE.parse_move(state, text) == move
        state = ENGINE.play(state, moves[rng.randrange(len(moves))])


@settings(max_examples=10, deadline=None)
@given(games)
def test_random_games_replay_through_the_log_validator(game):
    seed, level, spell, seats = game
    rng = random.Random(seed)
    options = {"level": level, "spell_circles": spell}
    state = first = ENGINE.setup(options, seats=seats, seed=seed)
    texts = []
    while ENGINE.to_move(state) is not None:
        moves = ENGINE.legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        texts.append(ENGINE.move_to_text(state, move))
        state = ENGINE.play(state, move)
    log = GameLog(
        game="mists",
        options=ENGINE.normalize_options(options),
        seats=tuple(Seat(name=f"P{i + 1}") for i in range(seats)),
        layout=ENGINE.layout(first),
        moves=tuple(texts),
    )
    verdict = validate(log)
    assert verdict.valid and verdict.finished, verdict.summary
    assert verdict.outcome == ENGINE.outcome(state)


@settings(max_examples=10, deadline=None)
@given(games)
def test_a_determinized_view_offers_the_same_moves_and_looks_the_same(game):
    seed, level, spell, seats = game
    rng = random.Random(seed)
    state = ENGINE.setup({"level": level, "spell_circles": spell}, seats=seats, seed=seed)
    while ENGINE.to_move(state) is not None:
        view = ENGINE.observe(state, state.seat)
        sample = ENGINE.determinize(view, rng)
        assert ENGINE.legal_moves(sample) == ENGINE.legal_moves(state)
        assert ENGINE.observe(sample, state.seat) == view
        moves = ENGINE.legal_moves(state)
        state = ENGINE.play(state, moves[rng.randrange(len(moves))])
