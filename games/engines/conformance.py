"""Checks that an engine keeps the contract, by playing random games through it.

Used by the shared contract test for every registered engine, and by each engine's own
property tests. Raises ContractViolation with the ply and what broke.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Mapping
from typing import Any

from games.engines.base import Engine, IllegalMove, State

VIEW_KEYS = ("game", "seat", "to_move", "over")


class ContractViolation(AssertionError):
    pass


def _fingerprint(state: State) -> bytes:
    return pickle.dumps(state)


def check_view(engine: Engine, state: State, seat: int | None, where: str) -> dict[str, Any]:
    view = engine.observe(state, seat)
    try:
        json.dumps(view, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ContractViolation(f"{where}: the view of seat {seat} is not JSON-safe: {exc}") from None
    missing = [key for key in VIEW_KEYS if key not in view]
    if missing:
        raise ContractViolation(f"{where}: the view of seat {seat} lacks {missing}")
    if view["seat"] != seat or view["to_move"] != engine.to_move(state) or view["over"] != engine.is_over(state):
        raise ContractViolation(f"{where}: the view of seat {seat} misstates seat, to_move or over")
    return view


def check_notation(engine: Engine, state: State, moves: list[Any], where: str) -> dict[Any, str]:
    texts: dict[Any, str] = {}
    seen: dict[str, Any] = {}
    for move in moves:
        text = engine.move_to_text(state, move)
        if not text or any(ch.isspace() for ch in text):
            raise ContractViolation(f"{where}: notation {text!r} of {move!r} is empty or has spaces")
        if text in seen and seen[text] != move:
            raise ContractViolation(f"{where}: {move!r} and {seen[text]!r} are both written {text!r}")
        back = engine.parse_move(state, text)
        if back != move:
            raise ContractViolation(f"{where}: {text!r} parses to {back!r}, not {move!r}")
        seen[text] = move
        texts[move] = text
    return texts


def check_player_form(engine: Engine, state: State, rng: random.Random, where: str, sample: int = 10) -> None:
    """The seat to move is offered exactly its legal moves in the player form, built from its view.

    Every offered move is accepted by ``parse_player_move`` as written, and ``play_player``
    plays it on the truth, recording it in a form that ``parse_move`` reads back as the same
    move. A player form that carried an answer from a sampled state would be refused here.
    """
    seat = engine.to_move(state)
    if seat is None:
        return
    view = engine.observe(state, seat)
    offered = engine.player_moves(view)
    if len(offered) != len(set(offered)):
        raise ContractViolation(f"{where}: the player form writes two moves the same way")
    own = sorted(engine.player_move_text(view, move) for move in engine.legal_moves(state))
    if sorted(offered) != own:
        extra, missing = sorted(set(offered) - set(own)), sorted(set(own) - set(offered))
        raise ContractViolation(f"{where}: player_moves differ from the legal moves: {extra[:3]} / {missing[:3]}")
    if engine.info.hidden_information and type(engine).player_move_text is Engine.player_move_text:
        # The default writes moves from a state sampled from the view: the notation must then
        # come out the same from any such state, or a seat would be offered made-up answers.
        for seed in (1, 2):
            sampled = engine.determinize(view, random.Random(seed))
            written = sorted(engine.move_to_text(sampled, move) for move in engine.legal_moves(sampled))
            if written != own:
                raise ContractViolation(
                    f"{where}: the notation of a legal move depends on what the seat cannot see: "
                    "override the player form (player_moves, player_move_text, parse_player_move)"
                )
    for viewer in range(engine.seat_count(state)):
        if viewer != seat and engine.player_moves(engine.observe(state, viewer)):
            raise ContractViolation(f"{where}: seat {viewer} is offered moves out of turn")
    for text in offered if len(offered) <= sample else rng.sample(offered, sample):
        if engine.parse_player_move(view, text) != text:
            raise ContractViolation(f"{where}: the offered {text!r} is not read back as written")
        try:
            after, record = engine.play_player(state, seat, text)
        except IllegalMove as exc:
            raise ContractViolation(f"{where}: the offered {text!r} is refused: {exc}") from None
        if engine.player_move_text(view, engine.parse_move(state, record)) != text:
            raise ContractViolation(f"{where}: {text!r} is recorded as {record!r}, another move")
        if _fingerprint(after) != _fingerprint(engine.play(state, engine.parse_move(state, record))):
            raise ContractViolation(f"{where}: play_player({text!r}) and play({record!r}) disagree")


def random_game(
    engine: Engine,
    *,
    options: Mapping[str, Any] | None = None,
    seats: int | None = None,
    seed: int = 0,
    max_plies: int = 5_000,
    notation_sample: int = 25,
    check_views: bool = True,
    check_players: bool = False,
) -> tuple[State, list[str], State]:
    """Play one random game, checking the contract at every ply.

    Returns (initial state, move texts, final state).
    """
    rng = random.Random(seed)
    state = engine.setup(options, seats=seats, seed=rng.randrange(2**32))
    first = state
    n_seats = engine.seat_count(state)
    texts: list[str] = []
    for ply in range(1, max_plies + 1):
        where = f"{engine.info.slug} seed {seed} ply {ply}"
        seat = engine.to_move(state)
        moves = list(engine.legal_moves(state))
        if seat is None:
            break
        if not 0 <= seat < n_seats:
            raise ContractViolation(f"{where}: to_move {seat} is not a seat")
        if not moves:
            raise ContractViolation(f"{where}: seat {seat} is to move but has no legal move")
        if engine.outcome(state) is not None:
            raise ContractViolation(f"{where}: an outcome while the game runs")
        if check_views:
            for viewer in [*range(n_seats), None]:
                check_view(engine, state, viewer, where)
        sample = moves if len(moves) <= notation_sample else rng.sample(moves, notation_sample)
        check_notation(engine, state, sample, where)
        if check_players and ply % 3 == 1:
            check_player_form(engine, state, random.Random(f"{seed}:{ply}"), where)
        move = moves[rng.randrange(len(moves))]
        texts.append(engine.move_to_text(state, move))
        previous, before = state, _fingerprint(state)
        state = engine.play(previous, move)
        if _fingerprint(previous) != before:
            raise ContractViolation(f"{where}: play() changed the state it was given")
    else:
        raise ContractViolation(f"{engine.info.slug} seed {seed}: no end after {max_plies} plies")
    check_finished(engine, state, f"{engine.info.slug} seed {seed} end")
    return first, texts, state


def check_finished(engine: Engine, state: State, where: str) -> None:
    outcome = engine.outcome(state)
    if outcome is None:
        raise ContractViolation(f"{where}: the game is over but has no outcome")
    n_seats = engine.seat_count(state)
    if len(outcome.seats) != n_seats or [s.seat for s in outcome.seats] != list(range(n_seats)):
        raise ContractViolation(f"{where}: the outcome does not list every seat in order")
    ranks = sorted(outcome.ranks)
    if ranks[0] != 1:
        raise ContractViolation(f"{where}: nobody is ranked first in {outcome.ranks}")
    for index, rank in enumerate(ranks):
        # Competition ranking: a rank r is shared by k seats, and the next rank is r + k.
        if rank < 1 or (index and rank not in (ranks[index - 1], index + 1)):
            raise ContractViolation(f"{where}: ranks {outcome.ranks} are not competition ranks")
    if engine.legal_moves(state):
        raise ContractViolation(f"{where}: legal moves after the end")
    json.dumps(outcome.to_json(), allow_nan=False)
    view = check_view(engine, state, None, where)
    svg = engine.render_svg(view)
    if not svg.lstrip().startswith("<svg") or not svg.rstrip().endswith("</svg>"):
        raise ContractViolation(f"{where}: render_svg did not return an <svg> element")


def check_move_after_end_is_refused(engine: Engine, state: State, any_move: Any) -> None:
    try:
        engine.play(state, any_move)
    except IllegalMove:
        return
    raise ContractViolation("a move after the end of the game was accepted")
