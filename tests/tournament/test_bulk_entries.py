"""Reading a pasted or uploaded list of participants (tournament.bulk_entries)."""

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament import bounds
from tournament.bulk_entries import ListRefused, parse_entries

# Visible text without commas, quotes or line ends: what a name or a club looks like in a CSV cell.
_cell = (
    st.text(
        alphabet=st.characters(
            categories=["L", "N", "Zs"], exclude_characters=",\"'\r\n\t\x85\u2028\u2029\x0b\x0c\x1c\x1d\x1e"
        ),
        min_size=1,
        max_size=30,
    )
    .map(str.strip)
    .filter(bool)
)
_entry = st.fixed_dictionaries(
    {
        "name": _cell,
        "username": st.from_regex(r"[a-z][a-z0-9_]{0,20}", fullmatch=True),
        "club": _cell,
        "rating": st.integers(-3000, 3000),
        "seed": st.integers(1, bounds.MAX_SEED),
    }
)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=2000))
def test_any_text_is_read_or_refused_whole_and_every_row_is_usable_or_says_why(text):
    try:
        rows = parse_entries(text)
    except ListRefused:
        return
    for row in rows:
        assert row.errors or (bool(row.username) != bool(row.ai_level))
        assert len(row.name) <= 120 and len(row.club) <= 120 and len(row.username) <= 150
        assert row.rating is None or -bounds.MAX_RATING <= row.rating <= bounds.MAX_RATING
        assert row.seed is None or 1 <= row.seed <= bounds.MAX_SEED


@settings(max_examples=100, deadline=None)
@given(st.lists(_entry, min_size=1, max_size=20))
def test_a_csv_written_from_entries_reads_back_as_those_entries(entries):
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["name", "username", "club", "rating", "seed"], lineterminator="\n")
    writer.writeheader()
    writer.writerows(entries)
    rows = parse_entries(out.getvalue())
    assert [(r.name, r.username, r.club, r.rating, r.seed) for r in rows] == [
        (e["name"], e["username"], e["club"], float(e["rating"]), e["seed"]) for e in entries
    ]
    assert all(row.ok for row in rows)


def test_plain_lines_are_user_names_and_each_bad_row_says_why():
    rows = parse_entries("alice\n\n# a comment\nbob\nchloe, dmitri\n")
    assert [(r.line, r.username, r.ok) for r in rows] == [
        (1, "alice", True),
        (4, "bob", True),
        (5, "chloe, dmitri", False),
    ]
    assert "one user name per line" in rows[2].errors[0]


def test_a_header_names_the_columns_in_any_order():
    rows = parse_entries("ai_level,name,seed\nrandom,Bot One,3\nrandom,Bot Two,x\n,Nobody,\n")
    assert (rows[0].ai_level, rows[0].name, rows[0].seed) == ("random", "Bot One", 3)
    assert "a seed must be a whole number" in rows[1].errors[0]
    assert rows[2].errors == ["give a user name or an AI level (not both)"]


def test_hidden_characters_and_long_fields_are_refused_per_row():
    rows = parse_entries(f"username,name\nalice,Al\u202eice\nbob,{'b' * 121}\n")
    assert "retype it" in rows[0].errors[0]
    assert "at most 120 characters" in rows[1].errors[0]


def test_a_list_too_large_is_refused_whole():
    with pytest.raises(ListRefused, match="at most 500"):
        parse_entries("\n".join(f"user{i}" for i in range(bounds.MAX_BULK_ROWS + 1)))
    with pytest.raises(ListRefused, match="larger than 64 KB"):
        parse_entries("a" * (bounds.MAX_BULK_BYTES + 1))
