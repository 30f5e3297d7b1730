"""Replay a log through its engine and judge it: valid or not, where it goes wrong, who won."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from games.engines import Engine, EngineError, IllegalMove, Outcome, UnknownGame, get_engine
from games.gamelog.limits import N_  # marks texts; the site translates them (games/verdicts.py)
from games.gamelog.model import GameLog

# A text of the verdict as (template, params): the English is template % params; a page renders
# the template in its own language (games/verdicts.py). Params named "reason" are engine texts.
Text = tuple[str, dict[str, Any]]


def english(text: Text) -> str:
    template, params = text
    return template % params if params else template


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
    # ``problems`` and ``notes`` as translatable texts (Text), for the pages' languages
    problem_texts: tuple[Text, ...] = field(default=(), compare=False)
    note_texts: tuple[Text, ...] = field(default=(), compare=False)

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

    def to_json(self, *, texts: bool = False) -> dict[str, Any]:
        """The verdict as JSON; ``texts`` adds its problems and notes as translatable texts (kept
        with a stored record, so that its page shows them in the reader's language)."""
        data = {
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
        if texts:
            data["texts"] = {
                "problems": [[t, p] for t, p in self.problem_texts],
                "notes": [[t, p] for t, p in self.note_texts],
            }
        return data


def _ranks_text(ranks: Any) -> str:
    return "-".join(str(r) for r in ranks)


def termination_problem_text(termination: str, ranks: tuple[int, ...]) -> Text | None:
    """Why ranks cannot be the result of a game ended off the board this way (None when they can):
    a draw by agreement ranks everyone first; a resignation or a loss on time has a loser."""
    if termination == "agreement" and set(ranks) != {1}:
        return N_("a draw by agreement ranks every seat first, not %(ranks)s"), {"ranks": _ranks_text(ranks)}
    if termination in ("resignation", "timeout", "forfeit") and len(ranks) > 1 and len(set(ranks)) == 1:
        return (
            N_("a game ended by %(termination)s has a loser, but the result %(ranks)s has none"),
            {"termination": termination, "ranks": _ranks_text(ranks)},
        )
    return None


def termination_problem(termination: str, ranks: tuple[int, ...]) -> str:
    """``termination_problem_text`` in English ('' when the ranks can be that result)."""
    text = termination_problem_text(termination, ranks)
    return english(text) if text else ""


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


def _verdict(log: GameLog, problems: list[Text], **fields) -> Verdict:
    notes = fields.pop("notes", [])
    return Verdict(
        valid=not problems,
        game=log.game,
        problems=tuple(english(t) for t in problems),
        notes=tuple(english(t) for t in notes),
        problem_texts=tuple(problems),
        note_texts=tuple(notes),
        **fields,
    )


def validate(log: GameLog) -> Verdict:
    """Replay every move; never raises for anything a log can contain."""
    try:
        engine = get_engine(log.game)
    except UnknownGame as exc:
        return _verdict(log, [("%(reason)s", {"reason": str(exc)})], plies_replayed=0, finished=False)
    try:
        state = start_state(log, engine)
    except EngineError as exc:
        return _verdict(log, [(N_("setup: %(reason)s"), {"reason": str(exc)})], plies_replayed=0, finished=False)

    for ply, text in enumerate(log.moves, start=1):
        seat = engine.to_move(state)
        try:
            if seat is None:
                raise IllegalMove(f"the game was already over after move {ply - 1}")
            state = engine.play_text(state, text)
        except IllegalMove as exc:
            bad = BadMove(ply=ply, text=text, reason=exc.reason, seat=seat)
            params = {"ply": ply, "text": repr(text), "reason": exc.reason}
            if seat is None:
                problem = (
                    N_("move %(ply)d %(text)s: the game was already over after move %(previous)d"),
                    {**params, "previous": ply - 1},
                )
            else:
                problem = (N_("move %(ply)d %(text)s (seat %(seat)d): %(reason)s"), {**params, "seat": seat + 1})
            return _verdict(log, [problem], plies_replayed=ply - 1, finished=False, bad_move=bad)

    outcome = engine.outcome(state)
    finished = outcome is not None
    claim = log.result
    problems: list[Text] = []
    notes: list[Text] = []
    matches: bool | None = None
    if claim is None:
        if not finished:
            notes.append((N_("the moves stop before the end of the game and no result is claimed"), {}))
    elif claim.termination == "normal":
        if not finished:
            problems.append(
                (
                    N_("the claimed result %(ranks)s needs a finished game, but the moves stop before the end"),
                    {"ranks": _ranks_text(claim.ranks)},
                )
            )
            matches = False
        else:
            matches = tuple(claim.ranks) == outcome.ranks
            if not matches:
                params = {"claimed": _ranks_text(claim.ranks), "ranks": _ranks_text(outcome.ranks)}
                if outcome.reason:
                    problems.append(
                        (
                            N_(
                                "the claimed result %(claimed)s does not match the moves, which give %(ranks)s (%(reason)s)"
                            ),
                            {**params, "reason": outcome.reason},
                        )
                    )
                else:
                    problems.append(
                        (N_("the claimed result %(claimed)s does not match the moves, which give %(ranks)s"), params)
                    )
            if claim.scores is not None and tuple(float(s) for s in claim.scores) != tuple(
                float(s) for s in outcome.scores
            ):
                matches = False
                problems.append(
                    (
                        N_("the claimed scores %(claimed)s do not match the moves, which give %(scores)s"),
                        {"claimed": " ".join(map(str, claim.scores)), "scores": " ".join(map(str, outcome.scores))},
                    )
                )
    else:
        if finished:
            matches = False
            problems.append(
                (
                    N_("the game ended on the board, so it cannot end by %(termination)s"),
                    {"termination": claim.termination},
                )
            )
        else:
            problem = termination_problem_text(claim.termination, tuple(claim.ranks))
            if problem:
                matches = False
                problems.append(problem)
            else:
                notes.append(
                    (
                        N_("the game ended by %(termination)s: the claimed result is taken as reported"),
                        {"termination": claim.termination},
                    )
                )
    return _verdict(
        log,
        problems,
        plies_replayed=len(log.moves),
        finished=finished,
        outcome=outcome,
        result_matches=matches,
        notes=notes,
    )
