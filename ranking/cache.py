"""Derived event data kept in the cache behind a version number per event.

Standings and the event page's expensive parts (a stage's standings, its bracket picture) are
computed from rows that only change through saves: results, records, details, forfeits,
participants, pairings, the stage's settings. Every such change bumps the event's version once its
transaction commits (and at once: see ``event_changed``; the model signals below, and ``event_changed`` from the few services that
write with ``update()`` or ``bulk_*``). A view reads the value stored under the current version:
a repeated view costs two cache reads and no computation; the first view after a change computes
once, even with many readers at once:

- the first reader takes a short lock (``cache.add``) and computes;
- the others serve the previous version's value while there is one (pages lag by the time of one
  computation), or else wait for the first reader's value (at most ``WAIT`` seconds, then they
  compute it themselves rather than fail).

A unit of work (a request: ``StaleReadsMiddleware``; any computation here) that was served a
previous version's value stores nothing it computed afterwards under the new version: a table
rendered from the previous standings would otherwise be kept as the new version's until the next
change (``served_previous``; the kept pages ask it too).

What is cached is data the same for everyone allowed to see the event (who may see it is checked
by the view before asking); never a page rendered for one user.

A version that is missing (evicted, or Redis restarted) starts again at a random number, so an
old value is never mistaken for a new one. ``TIMEOUT`` bounds how long any value lives.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import random
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

logger = logging.getLogger(__name__)

TIMEOUT = 15 * 60  # seconds a computed value is kept at most
LOCK_TIMEOUT = 30  # seconds a computing reader holds the lock at most (it may die)
WAIT = 5.0  # seconds a reader without a previous value waits for the computing one
POLL = 0.02


# The modules whose objects the cache keeps pickled (standings rows, entrants, tie-break values,
# API bodies kept rendered), from the project's root.
_PICKLED_SHAPES = (
    "ranking/selectors.py", "ranking/standings/*.py", "ranking/tiebreaks/*.py", "tournament/api/rendering.py",
)  # fmt: skip


@functools.cache
def code_format() -> str:
    """A fingerprint of the code whose objects are kept here. A release that changes their shape
    (a field added, slots) starts afresh: the new code never reads an object of the old shape,
    which would fail to unpickle or, worse, read as a row with a figure missing."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.blake2b(digest_size=6)
    for path in sorted(p for pattern in _PICKLED_SHAPES for p in root.glob(pattern)):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _ns() -> str:
    return f"brume:derived:{code_format()}:{getattr(settings, 'BRUME_DERIVED_CACHE_NAMESPACE', '')}"


# Two version numbers per event. The event's (``EVERYTHING``) changes with every change of it;
# the people's (``PEOPLE``) with a change of the event, its stages or participants, or an account's
# name, but not with a result or a pairing. The participant list is kept under the latter: a
# confirmed result does not make a thousand-name table be drawn again.
EVERYTHING = "event"
PEOPLE = "people"
SCOPES = (EVERYTHING, PEOPLE)


# A rating pool's leaderboard has a version of its own (``POOL``, numbered by the pool's id): it
# changes when the pool's ratings are stored again (a rated game, a recomputation), the pool is
# renamed, or a rated player's name changes; never with an event's pairings.
POOL = "pool"


def _version_key(subject_id: int, scope: str = EVERYTHING) -> str:
    if scope == POOL:
        return f"{_ns()}:pool:{subject_id}:version"
    suffix = "" if scope == EVERYTHING else f":{scope}"
    return f"{_ns()}:event:{subject_id}:version{suffix}"


def event_version(event_id: int, scope: str = EVERYTHING) -> int:
    key = _version_key(event_id, scope)
    version = cache.get(key)
    if version is None:
        cache.add(key, random.randrange(1, 2**40), timeout=None)
        version = cache.get(key)
    return int(version) if version is not None else random.randrange(2**40, 2**41)


def _bump(event_id: int, scopes: tuple[str, ...] = SCOPES) -> None:
    for scope in scopes:
        key = _version_key(event_id, scope)
        try:
            cache.incr(key)
        except ValueError:  # no version yet (or evicted): any fresh number invalidates
            cache.set(key, random.randrange(1, 2**40), timeout=None)


def event_changed(event_id: int | None, scopes: tuple[str, ...] = SCOPES) -> None:
    """The event's derived data is out of date now and again once the current transaction
    commits: a reader between the two may compute from the rows before the change, and its
    value lives only until the second bump. (Inside a transaction that is rolled back only the
    first bump happens: one needless computation.)"""
    if event_id is not None:
        _bump(event_id, scopes)
        transaction.on_commit(lambda: _committed(event_id, scopes))


def _committed(event_id: int, scopes: tuple[str, ...]) -> None:
    from ranking.warming import schedule_warm

    _bump(event_id, scopes)
    schedule_warm(event_id)  # with a worker: the new standings before readers ask


def results_changed(event_id: int | None) -> None:
    """A result, a pairing or a round of the event changed, and nothing of its people: what is
    kept under ``PEOPLE`` stays."""
    event_changed(event_id, (EVERYTHING,))


def pool_version(pool_id: int) -> int:
    return event_version(pool_id, POOL)


def pool_changed(pool_id: int | None) -> None:
    """The pool's leaderboard is out of date now and again once the transaction commits (as
    ``event_changed``)."""
    if pool_id is not None:
        _bump(pool_id, (POOL,))
        transaction.on_commit(lambda: _bump(pool_id, (POOL,)))


def everything_changed(*, event_ids: list[int], pool_ids: list[int]) -> None:
    """Every event's and pool's derived data out of date at once, now: the database was restored
    from a backup, and the values kept were computed from rows it no longer holds."""
    for event_id in event_ids:
        _bump(event_id)
    for pool_id in pool_ids:
        _bump(pool_id, (POOL,))


class KeptInProcess:
    """The values a process read last, by key: at most ``size`` of them, each for at most
    ``seconds`` (None: until pushed out). Thread-safe."""

    def __init__(self, size: int, seconds: float | None = None):
        self.size, self.seconds = size, seconds
        self._values: OrderedDict[str, tuple[Any, float]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> Any | None:
        with self._lock:
            found = self._values.get(key)
            if found is None:
                return None
            if self.seconds is not None and time.monotonic() - found[1] >= self.seconds:
                del self._values[key]
                return None
            self._values.move_to_end(key)
            return found[0]

    def put(self, key: str, value: Any) -> Any:
        with self._lock:
            self._values[key] = (value, time.monotonic())
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value


# The process keeps the values it read last, by name, each of one version: a large event's
# standings are megabytes pickled, and reading them again from Redis on every view would cost
# more than the view. The version is read from the cache every time, so a kept value is never
# out of date; a newer version's value takes the older one's place at once (a 1,000-entrant
# Swiss's standings are tens of thousands of objects, which the garbage collector would walk
# until sixteen other values pushed them out).
LOCAL_ENTRIES = 16
_local = KeptInProcess(LOCAL_ENTRIES)


def _kept(base: str, version: int) -> Any | None:
    found = _local.get(base)
    return found[1] if found is not None and found[0] == version else None


def _keep(base: str, version: int, value: Any) -> Any:
    _local.put(base, (version, value))
    return value


class _Reads:
    """What one unit of work read: whether any of it was a previous version's value."""

    __slots__ = ("outer", "previous")

    def __init__(self, outer: _Reads | None) -> None:
        self.outer, self.previous = outer, False


_reads: ContextVar[_Reads | None] = ContextVar("brume_derived_reads", default=None)


@contextmanager
def unit_of_work() -> Iterator[_Reads]:
    """A scope whose stale reads are remembered; a nested scope tells its outer one at its end,
    and sees the outer one's (what the outer work read before may feed the nested one)."""
    outer = _reads.get()
    reads = _Reads(outer)
    token = _reads.set(reads)
    try:
        yield reads
    finally:
        _reads.reset(token)
        if outer is not None and reads.previous:
            outer.previous = True


def served_previous() -> bool:
    """Whether the current unit of work, or one around it, was served a previous version's value."""
    reads = _reads.get()
    while reads is not None:
        if reads.previous:
            return True
        reads = reads.outer
    return False


def _mark_previous() -> None:
    reads = _reads.get()
    if reads is not None:
        reads.previous = True


class StaleReadsMiddleware:
    """Each request is a unit of work (see ``unit_of_work``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with unit_of_work():
            return self.get_response(request)


def hiding(hidden_rounds: frozenset[int]) -> str:
    """The part of a value's name that tells which rounds it leaves out ("" for none): a silent
    round's readers are kept apart from everyone else."""
    return f":hiding:{','.join(map(str, sorted(hidden_rounds)))}" if hidden_rounds else ""


def cached(
    event_id: int, name: str, compute: Callable[[], Any], scope: str = EVERYTHING, *, in_process: bool = True
) -> Any:
    """``compute()`` for the event's current version (of ``scope``), computed once per version
    (with ``POOL``: the rating pool's whose id is given). ``in_process=False``: read from the
    cache every time, not kept by the process (small values of which there are many, such as a
    leaderboard's pages, would push out the large ones)."""
    with unit_of_work():
        return _cached(event_id, name, compute, scope, in_process)


def _cached(event_id: int, name: str, compute: Callable[[], Any], scope: str, in_process: bool = True) -> Any:
    version = event_version(event_id, scope)
    base = f"{_ns()}:{scope}:{event_id}:{name}"
    key, last_key, lock_key = f"{base}:v{version}", f"{base}:last", f"{base}:v{version}:lock"

    def keep(value):
        return _keep(base, version, value) if in_process else value

    kept = _kept(base, version) if in_process else None
    if kept is not None:
        return kept
    found = cache.get(key)
    if found is not None:
        return keep(found[0])
    if cache.add(lock_key, 1, timeout=LOCK_TIMEOUT):
        try:
            # Looked again under the lock: another reader may have computed it and let the lock
            # go between this reader's miss above and its taking the lock.
            found = cache.get(key)
            if found is not None:
                return keep(found[0])
            value = compute()
            if served_previous():  # computed (maybe) from an older value: the next reader computes
                return value
            cache.set(key, (value,), timeout=TIMEOUT)
            cache.set(last_key, version, timeout=TIMEOUT)  # where the previous value is (stored once)
        finally:
            cache.delete(lock_key)
        return keep(value)
    last = cache.get(last_key)
    previous = cache.get(f"{base}:v{last}") if last is not None else None
    if previous is not None:
        _mark_previous()
        return previous[0]
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        time.sleep(POLL)
        found = cache.get(key)
        if found is not None:
            return keep(found[0])
    logger.warning("computing %s of event %s: the reader holding the lock did not answer in time", name, event_id)
    return compute()


def cached_html(event_id: int, name: str, template: str, context: Callable[[], dict], scope: str = EVERYTHING):
    """A template rendered once per version of the event: only for parts that are the same for
    every reader allowed to see the event (no forms, no per-user links)."""
    from django.template.loader import render_to_string
    from django.utils.safestring import mark_safe
    from django.utils.translation import get_language

    # One copy per language: the same part reads differently in English, French and Dutch.
    key = f"html:{get_language() or 'en'}:{name}"
    return mark_safe(cached(event_id, key, lambda: str(render_to_string(template, context())), scope))


# --- what changes an event's derived data -----------------------------------------------------

# A round, match or series game never moves to another event: their events are remembered, but
# only once the row is known to be committed. A row read inside a transaction may be one that the
# transaction made and then rolls back, and SQLite hands a rolled-back row's id out again (its
# sequence rolls back too): remembered then, the id would name the wrong event for the next row
# that gets it, and that event's pages would stay out of date.
_event_of: dict[tuple[str, int], int] = {}


def _remember(kind: str, pk: int | None, find: Callable[[], int | None]) -> int | None:
    if pk is None:
        return None
    key = (kind, pk)
    found = _event_of.get(key)
    if found is None:
        found = find()
        if found is not None:
            if transaction.get_connection().in_atomic_block:
                transaction.on_commit(lambda: _store(key, found))
            else:
                _store(key, found)
    return found


def _store(key: tuple[str, int], event_id: int) -> None:
    if len(_event_of) > 100_000:
        _event_of.clear()
    _event_of[key] = event_id


def event_of_stage(stage_id: int | None) -> int | None:
    from tournament.models import Stage

    return _remember(
        "stage", stage_id, lambda: Stage.objects.filter(pk=stage_id).values_list("event_id", flat=True).first()
    )


def event_of_round(round_id: int | None) -> int | None:
    from tournament.models import Round

    return _remember(
        "round", round_id, lambda: Round.objects.filter(pk=round_id).values_list("stage__event_id", flat=True).first()
    )


def event_of_match(match_id: int | None) -> int | None:
    from tournament.models import Match

    return _remember(
        "match",
        match_id,
        lambda: Match.objects.filter(pk=match_id).values_list("round__stage__event_id", flat=True).first(),
    )


def event_of_game(game_id: int | None) -> int | None:
    from tournament.models import SeriesGame

    return _remember(
        "game",
        game_id,
        lambda: SeriesGame.objects.filter(pk=game_id).values_list("match__round__stage__event_id", flat=True).first(),
    )


def events_of_record(record_id: int | None) -> list[int]:
    """The events whose series games link this game record (a verdict feeds tie-breaks)."""
    from tournament.models import SeriesGame

    if record_id is None:
        return []
    return list(
        SeriesGame.objects.filter(record_id=record_id)
        .values_list("match__round__stage__event_id", flat=True)
        .distinct()
    )


def record_changed(record_id: int | None) -> None:
    for event_id in events_of_record(record_id):
        results_changed(event_id)


def _event_id_of(instance) -> int | None:
    from ranking.models import Forfeit, GameDetail
    from tournament.models import Event, Match, MatchSeat, Participant, Round, SeriesGame, Stage

    if isinstance(instance, Event):
        return instance.pk
    if isinstance(instance, Participant | Stage):
        return instance.event_id
    if isinstance(instance, Round):
        return event_of_stage(instance.stage_id)
    if isinstance(instance, Match):
        return event_of_round(instance.round_id)
    if isinstance(instance, MatchSeat | SeriesGame | Forfeit):
        return event_of_match(instance.match_id)
    if isinstance(instance, GameDetail):
        return event_of_game(instance.game_id)
    return None


def _changed(sender, instance, **kwargs) -> None:
    from tournament.models import Event, Participant, Stage

    if isinstance(instance, Event | Participant | Stage):
        event_changed(_event_id_of(instance))
    else:  # a round, match, seat, game, forfeit or detail: results and pairings
        results_changed(_event_id_of(instance))


def _record_saved(sender, instance, created=False, **kwargs) -> None:
    if not created:  # a record just stored is no series game's yet: no event to look for
        record_changed(instance.pk)


def _record_validated(sender, record, **kwargs) -> None:
    record_changed(record.pk)  # its verdict was written with update(): no post_save


def _user_saved(sender, instance, update_fields=None, **kwargs) -> None:
    """Names in cached tables link to player pages by username: a renamed account's events are
    out of date (a sign-in, which saves only ``last_login``, changes nothing)."""
    if update_fields is not None and "username" not in update_fields:
        return
    from tournament.models import Participant

    for event_id in Participant.objects.filter(user=instance).values_list("event_id", flat=True):
        event_changed(event_id)
    from ranking.models import Rating

    for pool_id in Rating.objects.filter(player__user=instance).values_list("pool_id", flat=True):
        pool_changed(pool_id)  # the leaderboards link the player's page by username


def _rating_changed(sender, instance, **kwargs) -> None:
    pool_changed(instance.pool_id)


def _pool_saved(sender, instance, **kwargs) -> None:
    pool_changed(instance.pk)


def _player_saved(sender, instance, **kwargs) -> None:
    from ranking.models import Rating

    for pool_id in Rating.objects.filter(player=instance).values_list("pool_id", flat=True):
        pool_changed(pool_id)


def connect() -> None:
    from django.db.models.signals import post_delete, post_save, pre_delete

    from games.models import GameRecord
    from games.signals import record_validated
    from ranking.models import Forfeit, GameDetail
    from tournament.models import Event, Match, MatchSeat, Participant, Round, SeriesGame, Stage

    for model in (Event, Participant, Stage, Round, Match, MatchSeat, SeriesGame, Forfeit, GameDetail):
        uid = f"ranking-derived-cache-{model.__name__}"
        post_save.connect(_changed, sender=model, dispatch_uid=uid)
        post_delete.connect(_changed, sender=model, dispatch_uid=uid)
    post_save.connect(_record_saved, sender=GameRecord, dispatch_uid="ranking-derived-cache-record")
    from django.contrib.auth import get_user_model

    post_save.connect(_user_saved, sender=get_user_model(), dispatch_uid="ranking-derived-cache-user")
    record_validated.connect(_record_validated, dispatch_uid="ranking-derived-cache-record-validated")
    from ranking.models import Player, Rating, RatingPool

    # Ratings are stored in bulk by ranking.services, which says so itself; a receiver of their
    # deletes would make every delete of a pool's ratings load them one by one (no fast delete).
    post_save.connect(_rating_changed, sender=Rating, dispatch_uid="ranking-leaderboard-cache-rating")
    post_save.connect(_pool_saved, sender=RatingPool, dispatch_uid="ranking-leaderboard-cache-pool")
    post_delete.connect(_pool_saved, sender=RatingPool, dispatch_uid="ranking-leaderboard-cache-pool")
    post_save.connect(_player_saved, sender=Player, dispatch_uid="ranking-leaderboard-cache-player")
    # before: a deleted player's ratings go with it, and with them where they were shown
    pre_delete.connect(_player_saved, sender=Player, dispatch_uid="ranking-leaderboard-cache-player")
