"""Prometheus metrics: the families, what is read at scrape time, and ``/metrics`` itself.

Counted where things happen, at the cost of an addition (no query, no Redis round trip):
requests per view (config/observe.py), tasks (config/celery.py), live moves (games/live.py), open
event streams (games/push/limits.py), cache hits and misses (config/cache.py). Read when
Prometheus scrapes, once per scrape: the Celery queues' lengths (LLEN on the broker's Redis) and
the oldest pending record (one query).

Labels are bounded: a request is labelled with its resolved URL name (``view_name``), never its
path; a task with its registered name; a move with its game's slug.

One process: the families live in prometheus-client's default registry. Several (gunicorn's
workers, Celery's): with ``PROMETHEUS_MULTIPROC_DIR`` set before the processes start, each writes
its values into files there and a scrape adds them up (prometheus-client's multiprocess mode;
docs/deploy.md, "Metrics and logs").

``/metrics`` answers 404, as any unknown path, unless the request carries
``Authorization: Bearer <BRUME_METRICS_TOKEN>`` or comes from an address of
``BRUME_METRICS_ALLOW``; with neither set the endpoint is off.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
import time

from django.conf import settings
from django.http import Http404, HttpResponse
from django.views.decorators.cache import never_cache
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

log = logging.getLogger(__name__)

SECONDS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
TASK_SECONDS = (0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0)

REQUEST_SECONDS = Histogram(
    "brume_http_request_seconds",
    "Time to answer a request, by resolved URL name ('unmatched': none) and status class",
    ["view", "status"],
    buckets=SECONDS,
)
TASK_SECONDS_FAMILY = Histogram(
    "brume_task_seconds", "Time a Celery task ran, by task name", ["task"], buckets=TASK_SECONDS
)
TASKS = Counter("brume_tasks", "Celery tasks run, by task name and final state", ["task", "state"])
LIVE_MOVES = Counter("brume_live_moves", "Live moves stored, by game", ["game"])
OPEN_STREAMS = Gauge("brume_live_streams_open", "Live-game event streams open now", multiprocess_mode="livesum")
REFUSED_STREAMS = Counter(
    "brume_live_streams_refused", "Live-game event streams refused by the caps, by reason", ["reason"]
)
CACHE_HITS = Counter("brume_cache_hits", "Cache reads that found their key")
CACHE_MISSES = Counter("brume_cache_misses", "Cache reads that did not find their key")

# Children by label values, so that the request path pays a dict lookup, not labels()'s checks.
_request_children: dict[tuple[str, str], object] = {}
_STATUS_CLASSES = {n: f"{n}xx" for n in range(1, 6)}


def observe_request(view: str, status: int, seconds: float) -> None:
    key = (view, _STATUS_CLASSES.get(status // 100, "other"))
    child = _request_children.get(key)
    if child is None:
        child = _request_children[key] = REQUEST_SECONDS.labels(*key)
    child.observe(seconds)


def multiprocess_dir() -> str | None:
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or None


# --- read at scrape time --------------------------------------------------------------------


def _queue_names() -> list[str]:
    from config.celery import app

    names = {app.conf.task_default_queue}
    names.update(app.amqp.queues.keys())
    return sorted(names)


_broker_clients: dict[str, object] = {}


def _broker_client(url: str):
    client = _broker_clients.get(url)
    if client is None:
        import redis

        client = _broker_clients[url] = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
    return client


# kombu's Redis transport keeps a message sent with a priority in a list of its own per step
# (kombu.transport.redis: PRIORITY_SEP, DEFAULT_PRIORITY_STEPS); a queue's length is their sum.
_PRIORITY_LISTS = ("", "\x06\x163", "\x06\x166", "\x06\x169")


class ScrapeTimeCollector(Collector):
    """What is read when Prometheus asks, in the scraping process only."""

    def collect(self):
        yield from self._queues()
        yield from self._records()

    def _queues(self):
        url = settings.CELERY_BROKER_URL or ""
        if not url.startswith(("redis://", "rediss://", "unix://")):
            return  # no broker (tasks in-process), or not Redis
        names = _queue_names()
        try:
            pipeline = _broker_client(url).pipeline(transaction=False)
            for name in names:
                for suffix in _PRIORITY_LISTS:
                    pipeline.llen(name + suffix)
            lengths = pipeline.execute()
        except Exception as error:  # the broker down: the family is missing from this scrape
            log.warning("metrics: the Celery queues' lengths could not be read: %s", error)
            return
        family = GaugeMetricFamily("brume_celery_queue_length", "Tasks waiting in a Celery queue", labels=["queue"])
        step = len(_PRIORITY_LISTS)
        for index, name in enumerate(names):
            family.add_metric([name], sum(lengths[index * step : (index + 1) * step]))
        yield family

    def _records(self):
        from django.db.models import Count, Min

        from games.models import GameRecord

        try:
            pending = GameRecord.objects.filter(status=GameRecord.Status.PENDING).aggregate(
                oldest=Min("created_at"), count=Count("pk")
            )
        except Exception as error:  # the database down
            log.warning("metrics: the pending records could not be read: %s", error)
            return
        oldest = pending["oldest"]
        lag = max(0.0, time.time() - oldest.timestamp()) if oldest is not None else 0.0
        yield GaugeMetricFamily(
            "brume_records_pending_oldest_seconds", "Age of the oldest record waiting for validation", value=lag
        )
        yield GaugeMetricFamily("brume_records_pending", "Records waiting for validation", value=pending["count"])


def exposition() -> bytes:
    """The text Prometheus reads: every family, this process's or (multiprocess) every process's."""
    scrape_time = CollectorRegistry(auto_describe=False)
    scrape_time.register(ScrapeTimeCollector())
    directory = multiprocess_dir()
    if directory is None:
        return generate_latest(REGISTRY) + generate_latest(scrape_time)
    from prometheus_client import multiprocess

    multiprocess.MultiProcessCollector(scrape_time, path=directory)
    return generate_latest(scrape_time)


# --- the endpoint ---------------------------------------------------------------------------


def allowed_networks() -> list:
    return [ipaddress.ip_network(entry, strict=False) for entry in settings.BRUME_METRICS_ALLOW]


def may_scrape(request) -> bool:
    token = settings.BRUME_METRICS_TOKEN
    if token:
        scheme, _, offered = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(offered.strip().encode(), token.encode()):
            return True
    networks = allowed_networks()
    if networks:
        from config.proxies import client_ip

        try:
            address = ipaddress.ip_address(client_ip(request))
        except ValueError:
            return False
        return any(address in network for network in networks)
    return False


@never_cache
def metrics(request):
    """``/metrics``: the same 404 as any unknown path unless the scraper is known."""
    if not may_scrape(request):
        raise Http404
    return HttpResponse(exposition(), content_type=CONTENT_TYPE_LATEST)
