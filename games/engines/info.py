"""What a game says about itself: seats, kinds, options and default tie-breaks."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Kind(StrEnum):
    VERSUS = "versus"  # two sides, one winner or a draw
    MULTIPLAYER = "multiplayer"  # three or more seats ranked against each other
    COOPERATIVE = "cooperative"  # every seat wins or loses together against the game
    SOLO = "solo"  # one seat against the game, scored


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

    def describe(self, value: Any) -> str:
        """The option's value in players' words; "" for a true/false option left at a false default."""
        label = self.label or self.name.replace("_", " ")
        if isinstance(self.default, bool):
            if value:
                return f"with {label}"
            return f"without {label}" if self.default else ""
        if "{}" in label:
            return label.replace("{}", str(value))
        return f"{label} {value}"

    def coerce(self, value: Any) -> Any:
        from games.engines.base import InvalidOptions

        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise InvalidOptions(f"option {self.name!r} must be one of {allowed}, not {value!r}")
            return value
        kind = type(self.default)
        if kind is bool:
            if not isinstance(value, bool):
                raise InvalidOptions(f"option {self.name!r} must be true or false, not {value!r}")
            return value
        if kind in (int, float):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise InvalidOptions(f"option {self.name!r} must be a number, not {value!r}")
            if kind is int and value != int(value):
                raise InvalidOptions(f"option {self.name!r} must be a whole number, not {value!r}")
            value = kind(value)
            if self.minimum is not None and value < self.minimum:
                raise InvalidOptions(f"option {self.name!r} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOptions(f"option {self.name!r} must be at most {self.maximum}, not {value}")
            return value
        if not isinstance(value, kind):
            raise InvalidOptions(f"option {self.name!r} must be a {kind.__name__}, not {value!r}")
        return value

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
            return f"{self.min_seats} player{'s' if self.min_seats != 1 else ''}"
        return f"{self.min_seats} to {self.max_seats} players"

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
