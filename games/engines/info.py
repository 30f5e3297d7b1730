"""What a game says about itself: seats, kinds, options and default tie-breaks."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from games.engines.text import N_, Nn_, Text


class Kind(StrEnum):
    VERSUS = "versus"  # two sides, one winner or a draw
    MULTIPLAYER = "multiplayer"  # three or more seats ranked against each other
    COOPERATIVE = "cooperative"  # every seat wins or loses together against the game
    SOLO = "solo"  # one seat against the game, scored

    @property
    def label(self) -> str:
        """The kind in players' words (a marked msgid: the site translates it)."""
        return KIND_LABELS[self]


KIND_LABELS = {
    Kind.VERSUS: N_("versus"),
    Kind.MULTIPLAYER: N_("multiplayer"),
    Kind.COOPERATIVE: N_("cooperative"),
    Kind.SOLO: N_("solo"),
}


@dataclass(frozen=True)
class OptionSpec:
    """One engine option: its name, default, and what values it takes.

    ``choices`` makes a choice option; otherwise the type of ``default`` (bool, int, float or
    str) decides, with ``minimum``/``maximum`` for numbers. ``file_format`` marks a str option
    holding the text of a data file.
    """

    name: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    # Set for an option whose value is the text of a data file (a custom board, a scenario): the
    # name of the file's format. Pages offer a file upload for it; the API takes the text.
    file_format: str | None = None
    # How people name the option with its value, for page titles such as a rating pool's name:
    # "{}" stands for the value ("level {}" gives "level 1"); for a true/false option, what it adds
    # ("the Spell Circles" gives "with the Spell Circles"). Empty: the option's name, then its value.
    label: str = ""
    # Choices said in players' words, as (value, marked word) pairs: the English word is the value
    # itself ("medium"); the site translates the word ("moyen"). The value never changes.
    value_labels: tuple[tuple[Any, str], ...] = ()

    def value_label(self, value: Any) -> str:
        """``value`` in players' words: a marked word for a named choice, else the value as text."""
        for known, word in self.value_labels:
            if known == value:
                return word
        return str(value)

    def describe(self, value: Any) -> str:
        """The option's value in players' words; "" for a true/false option left at a false default."""
        label = self.label or self.name.replace("_", " ")
        if isinstance(self.default, bool):
            if value:
                return Text(N_("with {label}"), label=label)
            return Text(N_("without {label}"), label=label) if self.default else ""
        if "{}" in label:
            return Text(label, self.value_label(value))
        return Text(N_("{label} {value}"), label=label, value=self.value_label(value))

    def coerce(self, value: Any) -> Any:
        from games.engines.base import InvalidOptions

        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise InvalidOptions(
                    Text(
                        N_("option {name} must be one of {allowed}, not {value}"), **self._said(value), allowed=allowed
                    )
                )
            return value
        kind = type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise InvalidOptions(Text(N_("option {name} must be true or false, not {value}"), **self._said(value)))
            return value
        if kind in (int, float):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise InvalidOptions(Text(N_("option {name} must be a number, not {value}"), **self._said(value)))
            if kind is int and value != int(value):
                raise InvalidOptions(Text(N_("option {name} must be a whole number, not {value}"), **self._said(value)))
            value = kind(value)
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions(
                    Text(
                        N_("option {name} must be at least {minimum}, not {value}"),
                        name=repr(self.name),
                        minimum=str(self.minimum),
                        value=str(value),
                    )
                )
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptions(
                    Text(
                        N_("option {name} must be at most {maximum}, not {value}"),
                        name=repr(self.name),
                        maximum=str(self.maximum),
                        value=str(value),
                    )
                )
            return value
        if not isinstance(value, kind):
            raise InvalidOptions(
                Text(N_("option {name} must be a {type}, not {value}"), **self._said(value), type=kind.__name__)
            )
        return value

    def _said(self, value: Any) -> dict[str, str]:
        return {"name": repr(self.name), "value": repr(value)}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "default": self.default, "help": self.help}
        if self.choices is not None:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        return data


@dataclass(frozen=True)
class GameInfo:
    slug: str
    title: str
    min_seats: int
    max_seats: int
    kinds: tuple[Kind, ...]
    hidden_information: bool = False
    setup_chance: bool = False  # is there a random layout to write out?
    options: tuple[OptionSpec, ...] = ()
    # Standings tie-break keys (see the ranking app) an event uses unless it chooses others.
    default_tiebreaks: tuple[str, ...] = ()
    # What the outcome's score and tie-break tuple mean, in players' words.
    score_label: str = "score"
    tiebreak_labels: tuple[str, ...] = ()
    summary: str = ""
    rules_doc: str = ""  # path of the project's rules document, e.g. docs/games/carnac.md
    extra: dict[str, Any] = field(default_factory=dict)

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(name)

    def seats_text(self) -> str:
        if self.min_seats == self.max_seats:
            return Text(Nn_("{n} player", "{n} players"), n=self.min_seats)
        return Text(N_("{low} to {high} players"), low=self.min_seats, high=self.max_seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "slug": self.slug,
            "title": self.title,
            "seats": {"min": self.min_seats, "max": self.max_seats},
            "kinds": [str(k) for k in self.kinds],
            "hidden_information": self.hidden_information,
            "setup_chance": self.setup_chance,
            "options": [spec.to_json() for spec in self.options],
            "default_tiebreaks": list(self.default_tiebreaks),
            "score_label": self.score_label,
            "tiebreak_labels": list(self.tiebreak_labels),
            "summary": self.summary,
        }
