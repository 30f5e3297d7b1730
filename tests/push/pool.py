"""The web process's PostgreSQL pool turned on for one test, small, on the tests' database.

Settings are read once per process, so the test's database settings are edited in place (every
thread's connection reads the same dict) and the pool is closed before and after: the next
connection opened builds a pool from what the test asked for.
"""

from __future__ import annotations

import contextlib

import pytest


@contextlib.contextmanager
def small_pool(*, max_size: int, timeout: float):
    from django.db import connections

    connection = connections["default"]
    if connection.vendor != "postgresql":
        pytest.skip("the connection pool is PostgreSQL's (run with DATABASE_URL=postgres://...)")
    settings_dict = connection.settings_dict
    saved = {"OPTIONS": dict(settings_dict["OPTIONS"]), "CONN_MAX_AGE": settings_dict["CONN_MAX_AGE"]}
    connection.close()
    connection.close_pool()
    settings_dict["CONN_MAX_AGE"] = 0
    settings_dict["OPTIONS"] = {
        **settings_dict["OPTIONS"],
        "pool": {"min_size": 1, "max_size": max_size, "timeout": timeout},
    }
    try:
        yield connection
    finally:
        connection.close()
        connection.close_pool()
        settings_dict.update(saved)


def pool_stats() -> dict:
    from django.db import connections

    return connections["default"].pool.get_stats()
