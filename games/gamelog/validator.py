"""Replay a log through its engine and judge it: valid or not, where it goes wrong, who won."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from games.engines import Engine, EngineError, IllegalMove, Outcome, UnknownGame, get_engine
from games.gamelog.model import GameLog


@dataclass(frozen=True)
class BadMove:
    ply: int  # 1-based position in the log's move list
    text: str
    reason: str
    seat: int | None = None  # the seat whose turn it was (0-based), when the game was running

    def to_json(self) -> dict[str, Any]:
        return {"ply": self.ply, "text": self.text, "reason": self.reason, "seat": self.seat}


@dataclass(frozen=True)
class Verdict:
    valid: bool
    game: str
    plies_replayed: int  # moves that were legal, in order, before any fault
    finished: bool  # did the moves reach the end of the game?
    bad_move: BadMove | None = None
    outcome: Outcome | None = None  # computed by the engine when the moves finish the game
    result_matches: bool | None = None  # None when there is no claim or it cannot be checked
    problems: tuple[str, ...] = ()  # every reason the log is not valid, in players' words
    notes: tuple[str, ...] = field(default=(), compare=False)  # facts that do not make it invalid

    @property
    def summary(self) -> str:
        if self.valid:
            text = f"valid: {self.plies_replayed} moves replayed"
            if self.outcome is not None:
                text += f"; result {'-'.join(map(str, self.outcome.ranks))}"
                if self.outcome.reason:
                    text += f" ({self.outcome.reason})"
            return text
        return "invalid: " + "; ".join(self.problems)

    def to_json(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "game": self.game,
            "plies_replayed": self.plies_replayed,
            "finished": self.finished,
            "bad_move": self.bad_move.to_json() if self.bad_move else None,
            "outcome": self.outcome.to_json() if self.outcome else None,
            "result_matches": self.result_matches,
            "problems": list(self.problems),
            "notes": list(self.notes),
            "summary": self.summary,
        }


def _ranks_text(ranks: Any) -> str:
    return "-".join(str(r) for r in ranks)


def termination_problem(termination: str, ranks: tuple[int, ...]) -> str:
    """Why ranks cannot be the result of a game ended off the board this way ('' when they can):
    a draw by agreement ranks everyone first; a resignation or a loss on time has a loser."""
    if termination == "agreement" and set(ranks) != {1}:
        return f"a draw by agreement ranks every seat first, not {_ranks_text(ranks)}"
    if termination in ("resignation", "timeout", "forfeit") and len(ranks) > 1 and len(set(ranks)) == 1:
        return f"a game ended by {termination} has a loser, but the result {_ranks_text(ranks)} has none"
    return ""


def start_state(log: GameLog, engine: Engine) -> Any:
    """The state a log starts from; raises EngineError for bad options, seats or layout."""
    if log.layout is None and engine.info.setup_chance:
        raise EngineError(f"{engine.info.title} has a random setup: the log must write out its layout")
    return engine.setup(log.options, seats=log.seat_count, layout=log.layout)


def replay(log: GameLog, engine: Engine | None = None) -> Iterator[tuple[int, str, Any]]:
    """Yield (ply, move text, state after it), starting with (0, "", initial state).

    Raises EngineError at the first fault (IllegalMove carries the reason).
    """
    engine = engine or get_engine(log.game)
    state = start_state(log, engine)
    yield 0, "", state
    for ply, text in enumerate(log.moves, start=1):
        state = engine.play_text(state, text)
        yield ply, text, state


def validate(log: GameLog) -> Verdict:
    """Replay every move; never raises for anything a log can contain."""
    try:
        engine = get_engine(log.game)
    except UnknownGame as exc:
        return Verdict(valid=False, game=log.game, plies_replayed=0, finished=False, problems=(str(exc),))
    try:
        state = start_state(log, engine)
    except EngineError as exc:
        return Verdict(valid=False, game=log.game, plies_replayed=0, finished=False, problems=(f"setup: {exc}",))

    for ply, text in enumerate(log.moves, start=1):
        seat = engine.to_move(state)
        try:
            if seat is None:
                raise IllegalMove(f"the game was already over after move {ply - 1}")
            state = engine.play_text(state, text)
        except IllegalMove as exc:
            bad = BadMove(ply=ply, text=text, reason=exc.reason, seat=seat)
            who = f" (seat {seat + 1})" if seat is not None else ""
            return Verdict(
                valid=False,
                game=log.game,
                plies_replayed=ply - 1,
                finished=False,
                bad_move=bad,
                problems=(f"move {ply} {text!r}{who}: {exc.reason}",),
            )

    outcome = engine.outcome(state)
    finished = outcome is not None
    claim = log.result
    problems: list[str] = []
    notes: list[str] = []
    matches: bool | None = None
    if claim is None:
        if not finished:
            notes.append("the moves stop before the end of the game and no result is claimed")
    elif claim.termination == "normal":
        if not finished:
            problems.append(
                f"the claimed result {_ranks_text(claim.ranks)} needs a finished game, but the moves stop before the end"
            )
            matches = False
        else:
            matches = tuple(claim.ranks) == outcome.ranks
            if not matches:
                problems.append(
                    f"the claimed result {_ranks_text(claim.ranks)} does not match the moves, "
                    f"which give {_ranks_text(outcome.ranks)}" + (f" ({outcome.reason})" if outcome.reason else "")
                )
            if claim.scores is not None and tuple(float(s) for s in claim.scores) != tuple(
                float(s) for s in outcome.scores
            ):
                matches = False
                problems.append(
                    f"the claimed scores {' '.join(map(str, claim.scores))} do not match the moves, "
                    f"which give {' '.join(map(str, outcome.scores))}"
                )
    else:
        if finished:
            matches = False
            problems.append(f"the game ended on the board, so it cannot end by {claim.termination}")
        else:
            problem = termination_problem(claim.termination, tuple(claim.ranks))
            if problem:
                matches = False
                problems.append(problem)
            else:
                notes.append(f"the game ended by {claim.termination}: the claimed result is taken as reported")
    return Verdict(
        valid=not problems,
        game=log.game,
        plies_replayed=len(log.moves),
        finished=finished,
        outcome=outcome,
        result_matches=matches,
        problems=tuple(problems),
        notes=tuple(notes),
    )
