"""The bounds of every number and setting an organiser or a player can give (docs/limits.md).

One place, used by the page forms (for their field limits and messages), the API's input
serializers and the services (``tournament.services.stages``, ``registration``), so that no way
in skips them. Nothing in Brume expands a user-given number into a range or a table larger than
these bounds allow.

Functions raise ``OutOfBounds`` (a ValueError) with a message for a person; the services turn
it into a ServiceError (HTTP 400), the forms into a field error.
"""

from __future__ import annotations

import json
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext as _

from games.gamelog.limits import InputRefused, check_json_strings, hidden_character, value_depth

MAX_ROUNDS = 99  # rounds planned in a Swiss, tables or score-challenge stage
MIN_GROUPS, MAX_GROUPS = 2, 64  # groups of a group stage (and never more than entrants / 2, checked at pairing)
SERIES_LENGTHS = (1, 3, 5, 7, 9)  # best of N
MAX_ADVANCE = 1024  # entrants who advance from a stage (per group in a group stage)
MAX_SEED = 100_000  # a participant's seed: 1 is the top seed
MAX_RATING = 100_000.0  # absolute value of a participant's starting rating
POINTS_LIMIT = Decimal("999.99")  # match points for a win, draw, loss or bye: -999.99 to 999.99
GRANTED_POINTS_LIMIT = Decimal("9999.99")
MAX_TIEBREAKS = 20
MAX_SETTINGS_BYTES = 4096  # a stage's settings written as JSON
MAX_SETTINGS_DEPTH = 3  # {"placement_points": {"4": [3, 2, 1, 0]}}
MAX_PLACEMENT_POINTS = Decimal(1000)
# Database ids, round and game numbers in a request: a positive 64-bit integer at most.
MAX_ID = 2**63 - 1

REMATCH_POLICIES = ("least_bad", "end_stage")
WITHIN_GROUP = ("slide", "adjacent")
INITIAL_COLOURS = ("first", "second", "lot")  # the top seed's seat where neither has played (Swiss)
FLAGS = ("forbid_same_club", "check_in", "double", "third_place", "grand_final_reset", "silent")
# Adding many participants at once (a pasted list or a CSV file).
MAX_BULK_ROWS = 500
MAX_BULK_BYTES = 64 * 1024
TABLE_SIZE_KEYS = ("min_size", "max_size", "preferred_size")
DEFAULT_TABLE_SIZES = {"min_size": 3, "max_size": 5, "preferred_size": 4}


class OutOfBounds(ValueError):
    """A value outside its documented bounds; ``field`` names it."""

    def __init__(self, message: str, *, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


def whole_number(value: Any, what: str, low: int, high: int, *, field: str | None = None) -> int:
    """``value`` as an int from ``low`` to ``high``; booleans and fractions are not whole numbers."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise OutOfBounds(
            _("%(what)s must be a whole number from %(low)s to %(high)s, not %(value)s")
            % {"what": what, "low": low, "high": high, "value": repr(value)},
            field=field,
        )
    if not low <= value <= high:
        raise OutOfBounds(
            _("%(what)s must be from %(low)s to %(high)s, not %(value)s")
            % {"what": what, "low": low, "high": high, "value": value},
            field=field,
        )
    return value


def parse_whole_number(text: Any, what: str, low: int, high: int, *, field: str | None = None) -> int:
    """A whole number typed in a form or a query string: ASCII digits only (``str.isdigit``
    also accepts '²' and other digits ``int`` refuses), an optional minus sign, within bounds."""
    text = text.strip() if isinstance(text, str) else ""
    digits = text[1:] if text.startswith("-") else text
    if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > 19:
        raise OutOfBounds(
            _("%(what)s must be a whole number from %(low)s to %(high)s") % {"what": what, "low": low, "high": high},
            field=field,
        )
    return whole_number(int(text), what, low, high, field=field)


def text(value: Any, what: str, *, max_length: int, multiline: bool = False, field: str | None = None) -> str:
    """A name or a description: text of at most ``max_length`` characters, with no control
    character (line ends only where ``multiline``), no invisible formatting character such as a
    right-to-left override or a zero-width space, and no lone surrogate."""
    if not isinstance(value, str):
        raise OutOfBounds(_("%(what)s must be text") % {"what": what}, field=field)
    if len(value) > max_length:
        raise OutOfBounds(
            _("%(what)s is at most %(max_length)s characters") % {"what": what, "max_length": max_length}, field=field
        )
    problem = hidden_character(value, multiline=multiline)
    if problem:
        raise OutOfBounds(
            _("%(what)s contains %(problem)s: retype it without that character") % {"what": what, "problem": problem},
            field=field,
        )
    return value


def series_length(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in SERIES_LENGTHS:
        raise OutOfBounds(
            _("a series is best of an odd number of games (%(value)s), not %(value2)s")
            % {"value": ", ".join(map(str, SERIES_LENGTHS)), "value2": repr(value)},
            field="series_length",
        )
    return value


def advance_count(value: Any) -> int | None:
    if value is None:
        return None
    return whole_number(value, "the number of entrants who advance", 1, MAX_ADVANCE, field="advance_count")


def participant_seed(value: Any) -> int | None:
    if value is None:
        return None
    return whole_number(value, "a seed", 1, MAX_SEED, field="seed")


def participant_rating(value: Any) -> float:
    try:
        rating = float(value)
    except (TypeError, ValueError):
        raise OutOfBounds(_("a rating is a number, not %(value)s") % {"value": repr(value)}, field="rating") from None
    if not -MAX_RATING <= rating <= MAX_RATING:  # also refuses NaN
        raise OutOfBounds(
            _("a rating is from %(value)s to %(MAX_RATING)s")
            % {"value": format(-MAX_RATING, "g"), "MAX_RATING": format(MAX_RATING, "g")},
            field="rating",
        )
    return rating


def points(value: Any, what: str, limit: Decimal = POINTS_LIMIT, *, field: str | None = None) -> Decimal:
    """Match points: a number with at most two decimals, from -limit to limit."""
    if isinstance(value, bool):
        raise OutOfBounds(
            _("%(what)s must be a number, not %(value)s") % {"what": what, "value": repr(value)}, field=field
        )
    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise OutOfBounds(
            _("%(what)s must be a number, not %(value)s") % {"what": what, "value": repr(value)}, field=field
        ) from None
    if not number.is_finite() or not -limit <= number <= limit:
        raise OutOfBounds(
            _("%(what)s must be from %(value)s to %(limit)s") % {"what": what, "value": -limit, "limit": limit},
            field=field,
        )
    if number != number.quantize(Decimal("0.01")):
        raise OutOfBounds(_("%(what)s has at most two decimals") % {"what": what}, field=field)
    return number


def tiebreak_keys(value: Any) -> list[str]:
    if not isinstance(value, list | tuple) or not all(isinstance(key, str) for key in value):
        raise OutOfBounds(_("tie-breaks are a list of tie-break keys"), field="tiebreaks")
    if len(value) > MAX_TIEBREAKS:
        raise OutOfBounds(
            _("at most %(MAX_TIEBREAKS)s tie-breaks") % {"MAX_TIEBREAKS": MAX_TIEBREAKS}, field="tiebreaks"
        )
    return list(value)


def _flag(settings: dict, key: str) -> None:
    if key in settings and not isinstance(settings[key], bool):
        raise OutOfBounds(
            _("%(key)s is true or false, not %(settings)s") % {"key": key, "settings": repr(settings[key])},
            field="settings",
        )


def _choice(settings: dict, key: str, choices: tuple[str, ...]) -> None:
    if key in settings and settings[key] not in choices:
        raise OutOfBounds(
            _("%(key)s is one of %(value)s, not %(settings)s")
            % {"key": key, "value": ", ".join(choices), "settings": repr(settings[key])},
            field="settings",
        )


def _placement_points(value: Any, seats: tuple[int, int]) -> None:
    where = "placement_points"
    if not isinstance(value, dict):
        raise OutOfBounds(
            _('%(where)s is an object of table size to points, e.g. {"4": [3, 2, 1, 0]}') % {"where": where},
            field="settings",
        )
    for size_text, table in value.items():
        if not (isinstance(size_text, str) and size_text.isascii() and size_text.isdigit()):
            raise OutOfBounds(
                _("%(where)s: %(size_text)s is not a table size") % {"where": where, "size_text": repr(size_text)},
                field="settings",
            )
        size = whole_number(int(size_text), f"{where}: a table size", seats[0], seats[1], field="settings")
        if not isinstance(table, list) or len(table) != size:
            raise OutOfBounds(
                _("%(where)s: a table of %(size)s gives %(size)s place points, best place first")
                % {"where": where, "size": size},
                field="settings",
            )
        for item in table:
            points(item, f"{where}: a place's points", MAX_PLACEMENT_POINTS, field="settings")


def stage_settings(settings: Any, *, seats: tuple[int, int] | None = None, known_keys: set[str] | None = None) -> dict:
    """A stage's format settings within their bounds. ``known_keys`` are the format's settings
    and ``seats`` the game's (min, max) seats; without them (an API body checked before the
    service knows the event) only the bounds that hold for every format and game are checked."""
    if not isinstance(settings, dict):
        raise OutOfBounds(_("settings are an object of setting names and values"), field="settings")
    if value_depth(settings, MAX_SETTINGS_DEPTH) > MAX_SETTINGS_DEPTH:
        raise OutOfBounds(
            _("settings are nested more than %(MAX_SETTINGS_DEPTH)s levels deep")
            % {"MAX_SETTINGS_DEPTH": MAX_SETTINGS_DEPTH},
            field="settings",
        )
    try:
        check_json_strings(settings)
        size = len(json.dumps(settings, allow_nan=False).encode())
    except (InputRefused, TypeError, ValueError) as exc:
        raise OutOfBounds(_("settings are not plain JSON: %(exc)s") % {"exc": exc}, field="settings") from None
    if size > MAX_SETTINGS_BYTES:
        raise OutOfBounds(
            _("settings are larger than %(MAX_SETTINGS_BYTES)s bytes") % {"MAX_SETTINGS_BYTES": MAX_SETTINGS_BYTES},
            field="settings",
        )
    unknown = set(settings) - known_keys if known_keys is not None else set()
    if unknown:
        raise OutOfBounds(
            _("this format has no setting %(value)s") % {"value": ", ".join(sorted(map(str, unknown)))},
            field="settings",
        )
    if "rounds" in settings:
        whole_number(settings["rounds"], "the number of rounds", 1, MAX_ROUNDS, field="settings")
    if "groups" in settings:
        whole_number(settings["groups"], "the number of groups", MIN_GROUPS, MAX_GROUPS, field="settings")
    for key in FLAGS:
        _flag(settings, key)
    _choice(settings, "rematches", REMATCH_POLICIES)
    _choice(settings, "within_group", WITHIN_GROUP)
    _choice(settings, "initial_colour", INITIAL_COLOURS)
    if seats is None:
        return settings
    low, high = seats
    if any(key in settings for key in TABLE_SIZE_KEYS):
        for key in TABLE_SIZE_KEYS:
            if key in settings:
                what = _("%(setting)s (this game seats %(low)s to %(high)s)") % {
                    "setting": key.replace("_", " "),
                    "low": low,
                    "high": high,
                }
                whole_number(settings[key], what, low, high, field="settings")
        # A size left out takes its default, brought within the game's seats.
        sizes = {key: settings.get(key, min(max(DEFAULT_TABLE_SIZES[key], low), high)) for key in TABLE_SIZE_KEYS}
        if not sizes["min_size"] <= sizes["preferred_size"] <= sizes["max_size"]:
            raise OutOfBounds(
                _("table sizes must satisfy smallest (%(sizes)s) ≤ preferred (%(sizes2)s) ≤ largest (%(sizes3)s)")
                % {"sizes": sizes["min_size"], "sizes2": sizes["preferred_size"], "sizes3": sizes["max_size"]},
                field="settings",
            )
    if "team_size" in settings:
        whole_number(settings["team_size"], "the team size", 1, high, field="settings")
    if "placement_points" in settings:
        _placement_points(settings["placement_points"], seats)
    return settings
