"""Reading a list of participants pasted or uploaded by an organiser (no database here).

Two shapes are read:

- one entry per line, each a user name (``alice``);
- CSV with a header line naming some of the columns ``name, username, club, rating, seed,
  ai_level`` (in any order), one participant per following line.

Every line becomes a ``Row`` with what it says and, if it cannot be used, the reasons; the
service (``tournament.services.bulk_registration``) then says what each row becomes (an account,
an AI entrant, a duplicate). Blank lines and lines starting with ``#`` are skipped.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournament import bounds

COLUMNS = ("name", "username", "club", "rating", "seed", "ai_level")
LENGTHS = {"name": 120, "username": 150, "club": 120, "ai_level": 40}


class ListRefused(ValueError):
    """The list as a whole cannot be read (too large, not text); nothing of it is used."""


@dataclass
class Row:
    line: int
    name: str = ""
    username: str = ""
    club: str = ""
    rating: float | None = None
    seed: int | None = None
    ai_level: str = ""
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def _header(cells: list[str]) -> list[str] | None:
    keys = [cell.strip().lower().replace(" ", "_").replace("-", "_") for cell in cells]
    if keys and all(key in COLUMNS for key in keys) and ("username" in keys or "ai_level" in keys):
        return keys
    return None


def _fill(row: Row, key: str, value: str) -> None:
    value = value.strip()
    if not value:
        return
    try:
        if key in LENGTHS:
            setattr(row, key, bounds.text(value, key.replace("_", " "), max_length=LENGTHS[key]))
        elif key == "rating":
            row.rating = bounds.participant_rating(value)
        elif key == "seed":
            row.seed = bounds.participant_seed(bounds.parse_whole_number(value, _("a seed"), 1, bounds.MAX_SEED))
    except bounds.OutOfBounds as exc:
        row.errors.append(exc.message)


def parse_entries(text: str) -> list[Row]:
    """The rows of a pasted or uploaded list; raises ListRefused when the list itself is too large."""
    if not isinstance(text, str):
        raise ListRefused(_("the list must be text"))
    if len(text.encode("utf-8", "surrogatepass")) > bounds.MAX_BULK_BYTES:
        raise ListRefused(_("the list is larger than %(value)s KB") % {"value": bounds.MAX_BULK_BYTES // 1024})
    lines = [
        (number, line)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        return []
    try:
        header = _header(next(csv.reader([lines[0][1]])))
    except (csv.Error, StopIteration):
        header = None
    if header is not None:
        lines = lines[1:]
    if len(lines) > bounds.MAX_BULK_ROWS:
        raise ListRefused(
            _("at most %(MAX_BULK_ROWS)s participants at once (%(count)s given)")
            % {"MAX_BULK_ROWS": bounds.MAX_BULK_ROWS, "count": len(lines)}
        )
    rows = []
    for number, line in lines:
        row = Row(line=number)
        if header is None:
            _fill(row, "username", line)
            if "," in line or ";" in line:
                row.errors.append(_("one user name per line, or start with a header line (name,username,...)"))
        else:
            try:
                cells = next(csv.reader(io.StringIO(line)))
            except (csv.Error, StopIteration):
                cells = None
            if cells is None:
                row.errors.append(_("this line is not CSV"))
            elif len(cells) > len(header):
                row.errors.append(
                    _("%(cells)s cells for %(columns)s columns") % {"cells": len(cells), "columns": len(header)}
                )
            else:
                for key, value in zip(header, cells, strict=False):
                    _fill(row, key, value)
        if row.ok and bool(row.username) == bool(row.ai_level):
            row.errors.append(_("give a user name or an AI level (not both)"))
        rows.append(row)
    return rows
