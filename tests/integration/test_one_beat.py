"""One beat at a time (config/beat.py, docs/deploy.md "Beat"): two real ``celery beat`` processes on
one Redis, with a test-only entry due every second. Only the beat holding the lock sends, each due
time once; when the holder is killed (no chance to give the lock back), the other takes over
within the lock's timeout and goes on from the last run the dead one recorded.

A holder that stalls longer than the lock's timeout (a loaded machine: seen under ``stress-ng``
beside the suite) is, to the other, the same as a dead one: the other takes over. What must hold
then is what holds at a death: one sender at a time (never back and forth) and no due time sent
twice."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from datetime import datetime

import pytest
import redis

from .conftest import ROOT

pytestmark = pytest.mark.integration

EVERY = 1.0  # seconds between sends of the test entry
MAX_INTERVAL = 1  # seconds between two asks for the lock
LOCK_TIMEOUT = 5  # seconds a dead holder's lock outlives its last tick
EXPIRES = 60  # the entry's expiry (tests/integration/counting_beat.py): its messages carry send time + 60 s


class Beat:
    def __init__(self, name: str, env: dict[str, str], log_path):
        self.log_path = log_path
        command = [sys.executable, "-m", "tests.integration.counting_beat", "beat", "--loglevel=INFO"]
        with open(log_path, "wb") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        self.name, self.origin = name, f"gen{self.process.pid}@"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


class Queue:
    """The messages beat put on the test's queue, each with the time it was sent.

    The send time is the sender's (the message's expiry less EXPIRES, an aware UTC time), on the
    clock ``time.time()`` reads: the test's polling may see a message late, on a busy machine
    after the sender was killed, or two at once; their send times stay where they were."""

    def __init__(self, client: redis.Redis, name: str):
        self.client, self.name = client, name
        self.seen: list[tuple[float, str, str]] = []  # (sent at, origin, message id)

    def poll(self) -> None:
        known = {message_id for _, _, message_id in self.seen}
        for raw in reversed(self.client.lrange(self.name, 0, -1)):  # kombu pushes on the left
            headers = json.loads(raw)["headers"]
            if headers["id"] not in known:
                expires = datetime.fromisoformat(headers["expires"])
                assert expires.tzinfo is not None, headers["expires"]
                self.seen.append((expires.timestamp() - EXPIRES, headers["origin"], headers["id"]))

    def watch(self, seconds: float) -> None:
        until = time.monotonic() + seconds
        while time.monotonic() < until:
            self.poll()
            time.sleep(0.05)

    def senders(self, since: float = 0.0, until: float = float("inf")) -> list[str]:
        """Who sent, in the order of sending, between two ``time.time()`` readings."""
        return [origin for at, origin, _ in sorted(self.seen) if since <= at < until]


def wait_for(beat: Beat, text: str, timeout: float, queue: Queue) -> None:
    deadline = time.monotonic() + timeout
    while text not in beat.log():
        if beat.process.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"beat {beat.name} did not log {text!r}:\n{beat.log()[-3000:]}")
        queue.poll()
        time.sleep(0.05)


def first_send(beat: Beat, queue: Queue, timeout: float) -> float:
    """When ``beat`` sent its first message (``time.time()``'s clock)."""
    deadline = time.monotonic() + timeout
    while not (sent := sorted(at for at, origin, _ in queue.seen if origin.startswith(beat.origin))):
        if beat.process.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"beat {beat.name} sent nothing in {timeout} s:\n{beat.log()[-3000:]}")
        queue.poll()
        time.sleep(0.05)
    return sent[0]


@pytest.fixture
def beat_environment(redis_url, tmp_path):
    """Both beats' environment: the tests' Redis, a queue and schedule keys of this test's own."""
    name = f"brume-test-beat-{uuid.uuid4().hex[:8]}"
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST_")}
    env |= {
        "REDIS_URL": redis_url, "DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONUNBUFFERED": "1",
        "BRUME_VAR_DIR": str(tmp_path / "var"), "BRUME_TEST_BEAT_QUEUE": name, "BRUME_TEST_BEAT_EVERY": str(EVERY),
        "BRUME_BEAT_KEY_PREFIX": f"{name}:", "BRUME_BEAT_MAX_INTERVAL": str(MAX_INTERVAL),
        "BRUME_BEAT_LOCK_TIMEOUT": str(LOCK_TIMEOUT),
    }  # fmt: skip
    client = redis.Redis.from_url(redis_url)
    yield env, Queue(client, name)
    bindings = [f"_kombu.binding.{name}", f"_kombu.binding_permanent.{name}"]  # kombu's, for the queue
    for key in [name, *bindings, *client.scan_iter(f"{name}:*")]:
        client.delete(key)


def test_two_beats_send_each_due_task_once_and_the_second_takes_over_when_the_first_dies(beat_environment, tmp_path):
    env, queue = beat_environment
    first = Beat("first", env, tmp_path / "first.log")
    second = None
    try:
        first_send(first, queue, 90)
        second = Beat("second", env, tmp_path / "second.log")
        wait_for(second, "beat: Starting...", 90, queue)
        both_running = time.time()
        queue.watch(6.0)
        together = queue.senders(since=both_running)
        by_second = [origin.startswith(second.origin) for origin in together]
        assert together and by_second == sorted(by_second), f"one sender at a time, never back: {together}"
        if not any(by_second):  # the first held the lock throughout: one message per due time
            assert 6.0 / EVERY - 2 <= len(together) <= 6.0 / EVERY + 1, together

        first.process.send_signal(signal.SIGKILL)  # no chance to give the lock back
        killed = time.time()
        took_over = first_send(second, queue, LOCK_TIMEOUT + MAX_INTERVAL + 10) - killed
        queue.watch(4.0)
        after = queue.senders(since=killed)
        assert "Acquired lock" in second.log()
        assert after and all(origin.startswith(second.origin) for origin in after), after

        gaps = [later - earlier for earlier, later in itertools.pairwise(sorted(at for at, _, _ in queue.seen))]
        print(
            f"\nmessages: {len(queue.seen)} ({len(together)} in 6 s with both beats running, {sum(by_second)} "
            f"of them from the second); the second's first send {took_over:.1f} s after the first was killed "
            f"(lock timeout {LOCK_TIMEOUT} s); shortest gap between two sends {min(gaps):.2f} s"
        )
        assert took_over <= LOCK_TIMEOUT + MAX_INTERVAL + 2
        assert min(gaps) >= EVERY / 2, "a due time sent twice"
    finally:
        for beat in (first, second):
            if beat is not None:
                beat.stop()
