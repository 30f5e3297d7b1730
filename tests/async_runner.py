"""Running a coroutine from a test, whatever else runs in the test's thread.

Playwright's sync API keeps an event loop running in pytest's main thread once a browser test has
run, and ``asyncio.run`` refuses to start inside a running loop; so a coroutine of a later test
runs in a thread of its own (its result or error comes back here).
"""

from __future__ import annotations

import asyncio
import threading


def in_thread(function):
    """Call ``function`` in a thread of its own, with no event loop running there (for sync code
    that starts a loop of its own, such as Django's test client calling an async view)."""
    outcome: dict = {}

    def target():
        try:
            outcome["value"] = function()
        except BaseException as error:  # handed back to the test's thread as it is
            outcome["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


def run_async(coroutine):
    """``asyncio.run(coroutine)``, in a thread of its own."""
    return in_thread(lambda: asyncio.run(coroutine))
