"""Property tests: random legal play keeps the invariants, notation round-trips, logs replay."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.brouillard import ENGINE
from games.engines.brouillard.board import HOME_MASK
from games.engines.brouillard.moves import Probe, Step, parse
from games.gamelog import GameLog, Seat, textform
from games.gamelog.validator import validate

from .helpers import random_states

seeds = st.integers(min_value=0, max_value=2**31)
options = st.fixed_dictionaries(
    {
        "turns": st.integers(min_value=1, max_value=40),
        "diagonal_two_step": st.booleans(),
        "first_seat": st.sampled_from([1, 2]),
    }
)


@settings(max_examples=25, deadline=None)
@given(seed=seeds, opts=options)
def test_random_legal_play_keeps_the_invariants(seed, opts):
    states, _ = random_states(seed, **opts)
    for before, after in itertools.pairwise(states):
        assert not after.armies[0] & after.armies[1]  # two pieces never share a square
        for seat in (0, 1):
            count = after.armies[seat].bit_count()
            assert (count <= 4 and count <= before.armies[seat].bit_count()) or not before.armies[seat]
            if after.queens[seat] >= 0:
                assert after.armies[seat] >> after.queens[seat] & 1
            assert after.taken[seat] <= opts["turns"]
        if after.to_move is not None and before.armies[before.to_move] and after.armies[after.to_move]:
            assert after.to_move != before.to_move  # one action, then the other side
    first = states[2]
    for seat in (0, 1):
        assert first.armies[seat] & HOME_MASK[seat] == first.armies[seat]
    last = states[-1]
    assert last.winner is not None or last.taken == (opts["turns"], opts["turns"])


@settings(max_examples=20, deadline=None)
@given(seed=seeds, opts=options, pick=st.integers(min_value=0, max_value=10**6))
def test_every_legal_move_round_trips_through_the_notation(seed, opts, pick):
    states, _ = random_states(seed, **opts)
    state = states[2 + pick % max(1, len(states) - 3)] if len(states) > 3 else states[0]
    for move in ENGINE.legal_moves(state)[:500]:
        text = ENGINE.move_to_text(state, move)
        assert ENGINE.parse_move(state, text) == move
        assert parse(text) == move
        if isinstance(move, Step | Probe):
            bare = text.split("=")[0].replace("-", "").replace("x", "")
            assert ENGINE.parse_move(state, bare) == move  # what a player types, without the answer


@settings(max_examples=15, deadline=None)
@given(seed=seeds, opts=options)
def test_random_games_replay_through_the_validator(seed, opts):
    states, moves = random_states(seed, **opts)
    texts = [ENGINE.move_to_text(state, move) for state, move in zip(states, moves)]
    outcome = ENGINE.outcome(states[-1])
    from games.gamelog.model import ClaimedResult

    log = GameLog(
        game="brouillard",
        options=ENGINE.normalize_options(opts),
        seats=(Seat("North"), Seat("South")),
        moves=tuple(texts),
        result=ClaimedResult(ranks=outcome.ranks, scores=outcome.scores),
    )
    verdict = validate(textform.loads(textform.dumps(log)))
    assert verdict.valid, verdict.summary
    assert verdict.outcome == outcome


@settings(max_examples=15, deadline=None)
@given(seed=seeds)
def test_a_log_with_a_forged_probe_answer_is_invalid(seed):
    states, moves = random_states(seed)
    texts = [ENGINE.move_to_text(state, move) for state, move in zip(states, moves)]
    probes = [i for i, text in enumerate(texts) if text.startswith("?")]
    if not probes:
        return
    ply = probes[seed % len(probes)]
    square, count = texts[ply].split("=")
    texts[ply] = f"{square}={(int(count) + 1) % 9}"
    verdict = validate(GameLog(game="brouillard", seats=(Seat("A"), Seat("B")), moves=tuple(texts)))
    assert not verdict.valid
    assert verdict.bad_move.ply == ply + 1
    assert "true answer" in verdict.bad_move.reason
