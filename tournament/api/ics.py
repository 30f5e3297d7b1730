"""A small iCalendar (RFC 5545) writer for the calendar feeds. Plain Python, no Django.

What it takes care of: CRLF line ends, folding lines longer than 75 octets (never inside a
UTF-8 character), escaping of TEXT values (backslash, semicolon, comma, newline), a UID and a
DTSTAMP on every entry, all-day dates (``VALUE=DATE`` with an exclusive end) and times, always
written in UTC (``...Z``) so that the feed needs no VTIMEZONE.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

CRLF = "\r\n"
LINE_OCTETS = 75
PRODID = "-//Brume//Tournaments//EN"


@dataclass(frozen=True)
class Entry:
    """One calendar entry: timed (``start``, and ``end`` unless it is a moment such as a
    deadline) or all day (``day``, for a round with no times on the event's start date)."""

    uid: str
    summary: str
    day: date | None = None
    description: str = ""
    location: str = ""
    url: str = ""
    tentative: bool = False
    last_modified: datetime | None = None
    start: datetime | None = None
    end: datetime | None = None


def escape_text(value: str) -> str:
    """A TEXT value as RFC 5545 §3.3.11 writes it. Control characters other than a tab are not
    allowed in TEXT: they are dropped (a name typed with a stray one still makes a valid feed)."""
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    value = "".join(char for char in value if char in "\t\n" or unicodedata.category(char) != "Cc")
    return value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def fold(line: str) -> str:
    """Split a content line into chunks of at most 75 octets, continuation lines starting with a space."""
    chunks, current, size = [], "", 0
    limit = LINE_OCTETS
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > limit:
            chunks.append(current)
            current, size, limit = "", 0, LINE_OCTETS - 1  # the leading space takes one octet
        current += char
        size += width
    chunks.append(current)
    return (CRLF + " ").join(chunks)


def utc_stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def _when(entry: Entry) -> list[str]:
    if entry.start is not None:
        if entry.start.tzinfo is None:
            raise ValueError("calendar times must be aware datetimes")
        lines = [f"DTSTART:{utc_stamp(entry.start)}"]
        # No DTEND: the entry is a moment (RFC 5545 §3.6.1: it ends when it starts).
        if entry.end is not None and entry.end > entry.start:
            lines.append(f"DTEND:{utc_stamp(entry.end)}")
        return [*lines, "TRANSP:OPAQUE"]
    if entry.day is None:
        raise ValueError("a calendar entry needs a day or a start time")
    return [
        f"DTSTART;VALUE=DATE:{entry.day:%Y%m%d}",
        f"DTEND;VALUE=DATE:{entry.day + timedelta(days=1):%Y%m%d}",
        "TRANSP:TRANSPARENT",  # an all-day marker, not a block of busy time
    ]


def _entry_lines(entry: Entry, stamp: str) -> list[str]:
    when = _when(entry)
    lines = [
        "BEGIN:VEVENT",
        f"UID:{escape_text(entry.uid)}",
        f"DTSTAMP:{stamp}",
        *when[:-1],
        f"SUMMARY:{escape_text(entry.summary)}",
        when[-1],
        f"STATUS:{'TENTATIVE' if entry.tentative else 'CONFIRMED'}",
    ]
    if entry.description:
        lines.append(f"DESCRIPTION:{escape_text(entry.description)}")
    if entry.location:
        lines.append(f"LOCATION:{escape_text(entry.location)}")
    if entry.url:
        lines.append(f"URL:{entry.url}")  # a URI, not TEXT: commas stay as they are
    if entry.last_modified is not None:
        lines.append(f"LAST-MODIFIED:{utc_stamp(entry.last_modified)}")
    lines.append("END:VEVENT")
    return lines


def calendar(name: str, entries: Iterable[Entry], *, now: datetime) -> str:
    """The whole feed as text, ready to send as ``text/calendar``."""
    stamp = utc_stamp(now)
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape_text(name)}",
    ]
    for entry in entries:
        lines.extend(_entry_lines(entry, stamp))
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + CRLF for line in lines)
