"""Two real web nodes (the Procfile's gunicorn with a uvicorn worker, production settings, one
secret key: the test process's) on 127.0.0.2 and 127.0.0.3, serving the tests' database (SQLite
file or PostgreSQL) and pushing through the tests' Redis: the layout of ``make cluster`` without
the proxy (tools/cluster_processes.py starts them as it does).

The nodes use Redis database 10 of the tests' Redis server (the tests use 14 and below it, one per
xdist worker; the benchmarks 9) for their cache, broker and push; it is emptied before and after.
Moves queue Celery tasks there that no worker runs: nothing in these tests waits for them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
import redis

from tests import private_redis
from tests.integration.conftest import database_url
from tools.cluster import node_env
from tools.cluster_processes import Process, free_port, start_web, stop

REDIS_DATABASE = 10
NODE_HOSTS = ("127.0.0.2", "127.0.0.3")


@dataclass
class Node:
    name: str
    host: str
    port: int
    process: Process


def nodes_redis_url() -> str:
    configured = private_redis.url()
    if not configured:
        pytest.fail("no Redis for the nodes: tests/private_redis.py should have started one")
    server = re.sub(r"/\d+$", "", configured.rstrip("/"))
    return f"{server}/{REDIS_DATABASE}"


def shared_database_url() -> str:
    """The tests' database for another process; SQLite with the settings' own waiting rules (a
    writer waits up to 20 s for another, write transactions start IMMEDIATE)."""
    url = database_url()
    return f"{url}?timeout=20&transaction_mode=IMMEDIATE" if url.startswith("sqlite") else url


@pytest.fixture(scope="module")
def two_nodes(django_db_setup, django_db_blocker, tmp_path_factory):
    """Node A and node B, started once for the module's tests; stopped (their process groups) at
    the end, whatever happened."""
    from django.conf import settings

    url = nodes_redis_url()
    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    client.flushdb()
    with django_db_blocker.unblock():
        database = shared_database_url()
    env = node_env(
        database_url=database,
        redis_url=url,
        key=settings.SECRET_KEY,  # the test process's: a session it makes is good on both nodes
        hosts=list(NODE_HOSTS),
        extra={"BRUME_DB_POOL_MAX": "4", "BRUME_PUSH_MAX_PER_ADDRESS": "100"},
    )
    logs = tmp_path_factory.mktemp("nodes")
    nodes: list[Node] = []
    try:
        for name, host in zip("AB", NODE_HOSTS, strict=True):
            port = free_port(host)
            process = start_web(f"node {name}", env, host, port, log=logs / f"node-{name}.log")
            nodes.append(Node(name, host, port, process))
        yield nodes
    finally:
        for node in nodes:
            stop(node.process)
        client.flushdb()
        client.close()
