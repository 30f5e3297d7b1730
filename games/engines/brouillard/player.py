"""The player's form of Brouillard moves: built from a seat's view, never from the truth.

A seat types a step as ``c2c4`` and a probe as ``?d4``: the answer (what the step took, how many
enemy pieces the probe counts) is the referee's to give, and only the record form in the log
carries it. Offered moves and refusal reasons come from the seat's own pieces, which its view
shows, so a refused move tells the seat nothing it did not know.
"""

from __future__ import annotations

from typing import Any

from games.engines.base import GAME_OVER, NOT_YOUR_TURN, GameOver, IllegalMove, NotationError
from games.engines.brouillard import rules
from games.engines.brouillard.board import bit, parse_square
from games.engines.brouillard.moves import HELP, Probe, Setup, Step, not_a_move, parse, to_text
from games.engines.brouillard.state import BrouillardState
from games.engines.text import N_, Text

WITHOUT_ANSWER = N_("write your move without an answer ({bare}): the referee gives the answer once it is played")
__all__ = ["HELP", "WITHOUT_ANSWER", "bare", "own_side", "parse_player_move", "player_moves"]


def bare(move) -> Setup | Step | Probe:
    """The move without any recorded answer."""
    if isinstance(move, Step):
        return Step(move.origin, move.target)
    if isinstance(move, Probe):
        return Probe(move.square)
    return move


def own_side(view: dict[str, Any]) -> BrouillardState:
    """The seat's own side of the board as its view shows it, with no enemy piece anywhere.

    The rules that decide whether a seat may play a move look only at that seat's pieces, so
    checking a move here gives the true verdict with reasons that hold nothing hidden.
    """
    seat = view["seat"]
    army, queen = 0, -1
    for piece in view.get("mine", []):
        square = parse_square(piece["square"])
        army |= bit(square)
        if piece["kind"] == "Q":
            queen = square
    armies = [0, 0]
    queens = [-1, -1]
    armies[seat], queens[seat] = army, queen
    options = view["options"]
    return BrouillardState(
        turns=options["turns"],
        diagonal_two_step=options["diagonal_two_step"],
        first=options["first_seat"] - 1,
        armies=(armies[0], armies[1]),
        queens=(queens[0], queens[1]),
        taken=tuple(view["turns_taken"]),
        to_move=view["to_move"],
        winner=None,
    )


def player_moves(view: dict[str, Any]) -> list[str]:
    seat = view.get("seat")
    if seat is None or view["over"] or view["to_move"] != seat:
        return []
    return [to_text(bare(move)) for move in rules.legal_moves(own_side(view))]


def parse_player_move(view: dict[str, Any], text: str) -> str:
    seat = view.get("seat")
    if view["over"]:
        raise GameOver(GAME_OVER)
    if seat is None or view["to_move"] != seat:
        raise IllegalMove(NOT_YOUR_TURN, move_text=text)
    if not isinstance(text, str):
        raise NotationError(not_a_move(text))
    text = text.strip()
    move = parse(text)
    plain = bare(move)
    if _carries_answer(text, move):
        raise NotationError(Text(WITHOUT_ANSWER, bare=to_text(plain)), move_text=text)
    side = own_side(view)
    if side.in_setup() != isinstance(move, Setup):
        if side.in_setup():
            raise IllegalMove(
                Text(N_("{text}: you play your setup (e.g. Qd1,Wb2,Wc3,Wf2) now"), text=repr(text)), move_text=text
            )
        raise IllegalMove(
            Text(N_("{text}: you play a move (c2c4) or a probe (?d4) now"), text=repr(text)), move_text=text
        )
    rules.check(side, plain)
    return to_text(plain)


def _carries_answer(text: str, move) -> bool:
    if isinstance(move, Step):
        return move.captured is not None
    if isinstance(move, Probe):
        return move.count is not None
    return False
