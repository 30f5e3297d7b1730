"""The iCalendar writer on its own: line ends, folding, escaping, UID and DTSTAMP (RFC 5545)."""

from __future__ import annotations

import datetime

from hypothesis import given
from hypothesis import strategies as st

from tournament.api.ics import Entry, calendar, escape_text, fold

NOW = datetime.datetime(2025, 6, 1, 9, 30, 5, tzinfo=datetime.UTC)
DAY = datetime.date(2025, 6, 14)


def unfold(text: str) -> list[str]:
    """Content lines as a reader sees them: CRLF followed by a space continues the line."""
    return text.replace("\r\n ", "").split("\r\n")[:-1]


def test_every_line_ends_with_crlf_and_no_bare_newline_is_left():
    text = calendar("Cup", [Entry(uid="a@b", summary="Round 1", day=DAY, description="x\ny")], now=NOW)
    assert text.endswith("\r\n")
    assert "\n" not in text.replace("\r\n", "")


def test_text_values_escape_backslash_semicolon_comma_and_newline():
    assert escape_text("a\\b;c,d\ne\r\nf") == "a\\\\b\\;c\\,d\\ne\\nf"


def test_control_characters_are_dropped_from_text():
    assert escape_text("Ann\x00e\x1b\tB") == "Anne\tB"


def test_an_entry_has_uid_dtstamp_and_an_all_day_date():
    text = calendar("Cup", [Entry(uid="round-1@brume", summary="Round 1", day=DAY)], now=NOW)
    lines = unfold(text)
    assert lines[0] == "BEGIN:VCALENDAR" and lines[-1] == "END:VCALENDAR"
    assert {"VERSION:2.0", "PRODID:-//Brume//Tournaments//EN", "METHOD:PUBLISH"} <= set(lines)
    assert "UID:round-1@brume" in lines
    assert "DTSTAMP:20250601T093005Z" in lines
    assert "DTSTART;VALUE=DATE:20250614" in lines
    assert "DTEND;VALUE=DATE:20250615" in lines  # the end of an all-day entry is exclusive
    assert "STATUS:CONFIRMED" in lines


def test_dtstamp_is_written_in_utc():
    paris = datetime.timezone(datetime.timedelta(hours=2))
    text = calendar("Cup", [Entry(uid="u", summary="s", day=DAY)], now=NOW.astimezone(paris))
    assert "DTSTAMP:20250601T093005Z" in unfold(text)


def test_a_planned_round_is_tentative():
    text = calendar("Cup", [Entry(uid="u", summary="s", day=DAY, tentative=True)], now=NOW)
    assert "STATUS:TENTATIVE" in unfold(text)


def test_a_url_is_not_escaped_like_text():
    text = calendar("Cup", [Entry(uid="u", summary="s", day=DAY, url="https://x.org/a,b;c")], now=NOW)
    assert "URL:https://x.org/a,b;c" in unfold(text)


def test_long_lines_fold_at_75_octets_without_splitting_a_character():
    line = "SUMMARY:" + "é" * 100  # two octets each
    folded = fold(line).split("\r\n")
    assert all(len(part.encode("utf-8")) <= 75 for part in folded)
    assert all(part.startswith(" ") for part in folded[1:])
    assert "".join(part.removeprefix(" ") if i else part for i, part in enumerate(folded)) == line


@given(st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=300))
def test_folding_then_unfolding_gives_back_the_line(value):
    line = "DESCRIPTION:" + escape_text(value)
    folded = fold(line)
    assert all(len(part.encode("utf-8")) <= 75 for part in folded.split("\r\n"))
    assert folded.replace("\r\n ", "") == line
