"""Random legal play keeps the invariants; moves round-trip; games replay through the log validator;
no secret mission card shows in another seat's view."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.fog.moves import CROSS, JUMP, PUSH, SQUEEZE, SWAP, base_kind
from games.engines.fog.state import DRAFT, MISSIONS, MOVE, OVER
from games.gamelog import GameLog, Seat
from games.gamelog.validator import validate
from tests.engines.fog.positions import ENGINE


def check_invariants(state):
    board = state.rules.board
    hexes = board.hexes
    # One islander per hex outside the boats; cells and positions agree.
    for h, cell in enumerate(state.cells):
        if cell >= 0:
            assert state.where[cell] == h
    for i, u in enumerate(state.where):
        if 0 <= u < hexes and i != state.transit:
            assert state.cells[u] == i
        if u >= hexes:
            assert i in state.aboard[u - hexes]
        if u < 0 and state.phase != DRAFT:
            assert state.lost_row[i] >= 0 or state.owner[i] < 0
    # Capacities: places and sterns hold no more than pictured (Drive Off and Leaders may stack).
    stacking = state.rules.opt("drive_off") != "off" or state.rules.leaders
    for k, members in enumerate(state.aboard):
        if not stacking:
            assert len(members) <= board.places[k].capacity
    assert state.mp >= 0
    assert sum(len(b) for b in state.bonuses) == sum(state.bonus_next)


def check_step(before, move, after):
    kind = base_kind(move.kind)
    board = before.rules.board
    if kind in (SWAP, PUSH, JUMP, CROSS, SQUEEZE) and move.to < board.hexes and move.frm < board.hexes:
        assert board.rows[move.to] >= board.rows[move.frm], "only a Run may go backward"
    same_turn = before.phase == after.phase == MOVE and after.round == before.round and after.turn == before.turn
    if same_turn and after.colour == before.colour:
        assert after.mp <= before.mp


def play_random(options, seats, rng, check=True):
    state = ENGINE.setup(options, seats=seats, seed=rng.randrange(2**32))
    first = state
    texts = []
    while ENGINE.to_move(state) is not None:
        moves = ENGINE.legal_moves(state)
        move = moves[rng.randrange(len(moves))]
        text = ENGINE.move_to_text(state, move)
        assert " " not in text and ENGINE.parse_move(state, text) == move
        texts.append(text)
        after = ENGINE.play(state, move)
        if check:
            check_invariants(after)
            check_step(state, move, after)
        state = after
    return first, texts, state


@settings(max_examples=6, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([2, 3, 4]))
def test_random_play_keeps_the_invariants_on_the_standard_beach(rng, seats):
    _, _, last = play_random({}, seats, rng)
    assert last.phase == OVER
    assert ENGINE.outcome(last) is not None


@settings(max_examples=8, deadline=None)
@given(st.randoms(use_true_random=False))
def test_every_legal_move_round_trips_through_the_notation(rng):
    state = ENGINE.setup({}, seats=4, seed=rng.randrange(1000))
    for _ in range(rng.randrange(40, 120)):
        if ENGINE.to_move(state) is None:
            break
        moves = ENGINE.legal_moves(state)
        for move in moves:
            assert ENGINE.parse_move(state, ENGINE.move_to_text(state, move)) == move
        state = ENGINE.play(state, moves[rng.randrange(len(moves))])


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_games_replay_through_the_log_validator(seats):
    first, texts, last = play_random({}, seats, random.Random(seats), check=False)
    log = GameLog(
        game="fog",
        options=ENGINE.normalize_options({}),
        seats=tuple(Seat(name=f"P{i + 1}") for i in range(seats)),
        layout=ENGINE.layout(first),
        moves=tuple(texts),
    )
    verdict = validate(log)
    assert verdict.valid and verdict.finished, verdict.summary
    assert verdict.outcome == ENGINE.outcome(last)
    json.dumps(ENGINE.layout(first))


def _secret_cards(state, colour):
    return set(state.hands[colour]) | set(state.missions[colour])


@pytest.mark.parametrize("options", [{"missions": "both"}, {"missions": "rescued", "missions_after_draft": True}])
def test_no_secret_card_appears_in_any_other_seats_view(options):
    rng = random.Random(7)
    for game in range(3):
        state = ENGINE.setup(options, seats=4, seed=game)
        while ENGINE.to_move(state) is not None:
            for viewer in [None, 0, 1, 2, 3]:
                text = json.dumps(ENGINE.observe(state, viewer))
                view = json.loads(text)
                for colour in range(state.rules.colours):
                    if viewer == state.rules.seat_of[colour]:
                        continue
                    name = state.rules.colour_names[colour]
                    assert name not in view["hands"] and name not in view["missions"]
                assert "fog_deck" not in view["layout"] and "missions" not in view["layout"]
            moves = ENGINE.legal_moves(state)
            state = ENGINE.play(state, moves[rng.randrange(len(moves))])
        final = ENGINE.observe(state, None)
        assert set(final["missions"]) == set(state.rules.colour_names)  # revealed at the end


def test_legal_moves_do_not_depend_on_other_seats_secrets():
    state = ENGINE.setup({"missions": "rescued"}, seats=4, seed=3)
    assert state.phase == MISSIONS
    for game_seed in range(5):
        view = ENGINE.observe(state, ENGINE.to_move(state))
        sampled = ENGINE.determinize(view, random.Random(game_seed))
        assert ENGINE.legal_moves(sampled) == ENGINE.legal_moves(state)
        assert sampled.hands[state.colour] == state.hands[state.colour]


def test_determinize_rebuilds_the_public_position_exactly():
    rng = random.Random(11)
    state = ENGINE.setup({"events": "on", "fog_uncertainty": "on"}, seats=3, seed=4)
    for _ in range(150):
        if ENGINE.to_move(state) is None:
            break
        view = ENGINE.observe(state, ENGINE.to_move(state))
        sampled = ENGINE.determinize(view, rng)
        for field in (
            "cells",
            "where",
            "aboard",
            "owner",
            "lost_row",
            "fog",
            "colour",
            "mp",
            "bonuses",
            "event",
            "order",
        ):
            assert getattr(sampled, field) == getattr(state, field), field
        assert len(sampled.fog_deck) == len(state.fog_deck) and len(sampled.event_deck) == len(state.event_deck)
        assert ENGINE.legal_moves(sampled) == ENGINE.legal_moves(state)
        moves = ENGINE.legal_moves(state)
        state = ENGINE.play(state, moves[rng.randrange(len(moves))])
