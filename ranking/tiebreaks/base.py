"""What every tie-break is: a key, a name, a direction, how it treats unplayed rounds, and a
function from the entrants to one value each (with the working that explains it)."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property, lru_cache
from typing import Any

from ranking.standings.model import Entrant, EntrantId, GamePlayed, Scoring, Unplayed
from ranking.tiebreaks.text import N_, _


class Direction(StrEnum):
    HIGHER = "higher"  # more is better
    LOWER = "lower"  # fewer is better


@dataclass(frozen=True)
class Value:
    """One entrant's value for one tie-break.

    ``order`` compares entrants: larger ranks higher, whatever the tie-break's direction.
    ``shown`` is the number on the page, ``detail`` how it was computed.
    """

    order: Any
    shown: str
    detail: str = ""
    # For a tuple ``order``: each figure as (label, the figure shown, fewer is better?), so that
    # "why" can name the figure that separates two entrants.
    parts: tuple[tuple[str, str, bool], ...] = ()


@lru_cache(maxsize=4096)  # a stage shows the same few hundred scores tens of thousands of times
def number(value: float) -> str:
    """2, 2.5, 0.25: a score without trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass
class Context:
    """The stage as tie-breaks see it, with the figures several of them share."""

    entrants: dict[EntrantId, Entrant]
    scoring: Scoring = field(default_factory=Scoring)
    # What a tie-break computed that another one reads too (Buchholz and its cuts), by the
    # computing module's own key; a key holds whatever the value depends on (a language's words).
    shared: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    @cached_property
    def rounds(self) -> int:
        return max((len(e.rounds) for e in self.entrants.values()), default=0)

    @cached_property
    def points(self) -> dict[EntrantId, float]:
        return {eid: e.points for eid, e in self.entrants.items()}

    @cached_property
    def games(self) -> dict[EntrantId, list[GamePlayed]]:
        """Each entrant's games, every round's in turn (``Entrant.games``, built once)."""
        return {eid: e.games for eid, e in self.entrants.items()}

    @cached_property
    def adjusted_points(self) -> dict[EntrantId, float]:
        """Scores as opponents count them (FIDE C.07, 16.3): every unplayed round is a draw."""
        draw = self.scoring.draw
        return {eid: sum([r.points if r.played else draw for r in e.rounds]) for eid, e in self.entrants.items()}

    @cached_property
    def opponent_texts(self) -> dict[EntrantId, str]:
        """Each entrant as its opponents' working names it, with its adjusted score: "Ann 3.5"
        (written once, read in every round it was met)."""
        adjusted = self.adjusted_points
        return {eid: f"{e.name} {number(adjusted[eid])}" for eid, e in self.entrants.items()}


class UnknownTieBreak(LookupError):
    def __init__(self, key: str):
        known = ", ".join(sorted(_registry()))
        super().__init__(_("no tie-break called %(key)s (known: %(known)s)") % {"key": repr(key), "known": known})
        self.key = key


class TieBreak:
    """Subclass, set the class attributes, implement ``values`` and ``register`` an instance.

    ``name``, ``short`` and ``unplayed`` are English, marked with ``N_``: whoever shows them
    translates them (``describe`` does)."""

    key: str = ""
    name: str = ""
    short: str = ""  # a column heading
    direction: Direction = Direction.HIGHER
    unplayed: str = N_("unplayed rounds do not count")  # in words, for the documentation and pages
    # Direct encounter only makes sense inside a tied group: it is computed per group.
    per_group: bool = False

    def values(self, context: Context, group: list[EntrantId]) -> dict[EntrantId, Value]:
        raise NotImplementedError

    def value(self, amount: float, detail: str = "", shown: str | None = None) -> Value:
        order = amount if self.direction == Direction.HIGHER else -amount
        return Value(order, number(amount) if shown is None else shown, detail)

    def difference(self, above: Value, below: Value, names: tuple[str, str] = ("", "")) -> str:
        """In words, how ``above`` beats ``below`` on this tie-break (their orders differ);
        ``names`` are the two entrants' names, for tie-breaks that tell a story."""
        if self.direction == Direction.LOWER:
            text = _("%(tiebreak)s %(above)s to %(below)s (fewer is better)")
        else:
            text = _("%(tiebreak)s %(above)s to %(below)s (more is better)")
        return text % {"tiebreak": _(self.name).lower(), "above": above.shown, "below": below.shown}

    def describe(self) -> dict[str, str]:
        return {
            "key": self.key,
            "name": _(self.name),
            "short": _(self.short or self.name),
            "direction": str(self.direction),
            "unplayed": _(self.unplayed),
        }


UNPLAYED_WORDS = {
    Unplayed.PAIRING_BYE: N_("bye"),
    Unplayed.FORFEIT_WIN: N_("won by forfeit"),
    Unplayed.FORFEIT_LOSS: N_("lost by forfeit"),
    Unplayed.ABSENT: N_("absent"),
}


def unplayed_words(unplayed: Unplayed | None) -> str:
    """Why a round was not played, in the reader's language."""
    return _(UNPLAYED_WORDS.get(unplayed, N_("unplayed")))


_tiebreaks: dict[str, TieBreak] | None = None


def register(tiebreak: TieBreak) -> TieBreak:
    _registry()[tiebreak.key] = tiebreak
    return tiebreak


def _registry() -> dict[str, TieBreak]:
    global _tiebreaks
    if _tiebreaks is None:
        _tiebreaks = {}
        import ranking.tiebreaks as package

        for module in pkgutil.iter_modules(package.__path__):
            if module.name != "base":
                importlib.import_module(f"{package.__name__}.{module.name}")
    return _tiebreaks


def get_tiebreak(key: str) -> TieBreak:
    try:
        return _registry()[key]
    except KeyError:
        raise UnknownTieBreak(key) from None


def all_tiebreaks() -> list[TieBreak]:
    return sorted(_registry().values(), key=lambda tb: tb.key)
