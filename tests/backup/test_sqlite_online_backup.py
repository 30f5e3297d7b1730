"""An SQLite backup is taken with SQLite's online backup API: from a live database it holds every
committed write, those still in the ``-wal`` file included (a copy of the database's file misses
them), and nothing of a transaction under way."""

import shutil
import sqlite3

from config.backup import _sqlite_backup


def test_a_backup_of_a_live_database_holds_what_was_committed_and_nothing_uncommitted(tmp_path):
    live = tmp_path / "live.sqlite3"
    writer = sqlite3.connect(live, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")  # committed pages stay in the -wal file
    writer.execute("CREATE TABLE results (id INTEGER PRIMARY KEY, score TEXT)")
    writer.executemany("INSERT INTO results (score) VALUES (?)", [("1-0",), ("0-1",), ("½-½",)])
    other = sqlite3.connect(live, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO results (score) VALUES ('not committed')")

    _sqlite_backup(live, tmp_path / "backup.sqlite3")
    shutil.copyfile(live, tmp_path / "copy.sqlite3")  # what a file copy would have kept
    other.execute("ROLLBACK")

    backup = sqlite3.connect(tmp_path / "backup.sqlite3")
    assert [row[0] for row in backup.execute("SELECT score FROM results ORDER BY id")] == ["1-0", "0-1", "½-½"]
    assert backup.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one self-contained file
    copy = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert copy.execute("SELECT count(*) FROM sqlite_master WHERE name = 'results'").fetchone()[0] == 0
    for db in (writer, other, backup, copy):
        db.close()
