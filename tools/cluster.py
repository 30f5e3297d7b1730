"""Brume's multi-node layout on one machine, in one command (``make cluster``):

    python -m tools.cluster [--port 8080] [--web-workers 1] [--no-demo] [--no-worker] [--check]

- PostgreSQL: ``DATABASE_URL``, else the database ``brume_cluster`` on 127.0.0.1:5432 (user
  postgres), created if missing;
- Redis: ``REDIS_URL``, else a private ``redis-server`` on a free loopback port (nothing saved);
  it is the broker, the cache and the live push channel (``BRUME_PUSH_URL``) of every process;
- migrations, static files, the demo data (``load_demo --force``: well-known passwords, so only
  on this local layout; ``--no-demo`` to skip);
- a Celery worker (the AI's moves, clocks, notifications);
- two web nodes, the Procfile's gunicorn with uvicorn workers, on 127.0.0.2 and 127.0.0.3;
- HAProxy in front, round robin without stickiness, on 127.0.0.1 (``--port``, default 8080),
  its configuration written to ``var/cluster/haproxy.cfg``; it is installed with apt-get when
  missing and running as root, otherwise the one command to run is printed.

Every node runs the production settings (``BRUME_EMBEDDED=false``) with the same ``SECRET_KEY``
(``SECRET_KEY``, else one made once and kept in ``var/cluster/secret_key``), so that a session
cookie made by one node is good on the other. Served over plain HTTP on loopback:
``SECURE_SSL_REDIRECT`` and HSTS are off; everything else is as in production.

Ctrl-C (or SIGTERM) stops everything, in order. ``--check`` starts everything, checks that the
proxy reaches both nodes and that a push crosses from one to the other, stops, and exits 0 (or 1
with the reason): for CI and a quick look. Logs: ``var/cluster/*.log``.

The pieces are ``tools/cluster_processes.py`` and ``tools/cluster_haproxy.py``;
``bench/cluster_kill.py`` starts the same layout through ``Layout``.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a file: the project's root on the path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import cluster_haproxy as haproxy
from tools.cluster_processes import (
    ROOT,
    ClusterError,
    Process,
    ensure_database,
    free_port,
    health,
    manage,
    start_redis,
    start_web,
    start_worker,
    stop,
)

FOLDER = ROOT / "var" / "cluster"
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/brume_cluster"
PROXY_HOST = "127.0.0.1"
NODE_HOSTS = ("127.0.0.2", "127.0.0.3")  # loopback addresses: a "machine" each
SERVICES = ("DATABASE_URL", "REDIS_URL", "BRUME_PUSH_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND")


def secret_key(folder: Path) -> str:
    """``SECRET_KEY`` from the environment, else the layout's own, made once and kept."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    path = folder / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


def node_env(
    *, database_url: str, redis_url: str, key: str, hosts: list[str], trusted: str = "", extra: dict | None = None
) -> dict[str, str]:
    """The environment every process of the layout shares: production settings, one database,
    one Redis (broker, cache, push), one secret key."""
    env = {name: value for name, value in os.environ.items() if name not in SERVICES}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        BRUME_EMBEDDED="false",
        DEBUG="false",
        SECRET_KEY=key,
        ALLOWED_HOSTS=",".join(hosts),
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        BRUME_PUSH_URL=redis_url,
        BRUME_TRUSTED_PROXIES=trusted,
        SECURE_SSL_REDIRECT="false",  # plain HTTP on loopback; production terminates TLS in front
        SECURE_HSTS_SECONDS="0",
        EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend",
        PYTHONUNBUFFERED="1",
    )
    env.update(extra or {})
    return env


class Layout:
    """The whole layout: ``start()`` brings it up in order, ``stop()`` takes it down in reverse."""

    def __init__(
        self,
        *,
        folder: Path = FOLDER,
        port: int | None = None,
        web_workers: int = 1,
        demo: bool = True,
        static: bool = True,
        worker: bool = True,
        extra_env: dict | None = None,
        database_url: str | None = None,
        redis_url: str | None = None,
    ):
        self.folder = folder
        self.port = port
        self.web_workers = web_workers
        self.demo = demo
        self.static = static
        self.worker = worker
        self.extra_env = extra_env or {}
        self.database_url = database_url or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE
        self.redis_url = redis_url or os.environ.get("REDIS_URL") or ""
        self.processes: list[Process] = []
        self.nodes: list[Process] = []
        self.proxy: Process | None = None
        self.stats: tuple[str, int] | None = None
        self.env: dict[str, str] = {}

    @property
    def url(self) -> str:
        return f"http://{PROXY_HOST}:{self.port}"

    def say(self, text: str) -> None:
        print(f"cluster: {text}", flush=True)

    def start(self) -> Layout:
        self.folder.mkdir(parents=True, exist_ok=True)
        binary = haproxy.find_or_install()  # first: a missing proxy stops the run before anything starts
        ensure_database(self.database_url)
        if not self.redis_url:
            redis, self.redis_url = start_redis(self.folder / "redis")
            self.processes.append(redis)
        self.port = self.port or free_port(PROXY_HOST)
        ports = [free_port(host) for host in NODE_HOSTS]
        hosts = [PROXY_HOST, "localhost", *NODE_HOSTS]
        self.env = node_env(
            database_url=self.database_url,
            redis_url=self.redis_url,
            key=secret_key(self.folder),
            hosts=hosts,
            trusted=f"{PROXY_HOST}/32",  # HAProxy's address: its X-Forwarded-For is believed
            extra={"STATIC_ROOT": str(self.folder / "static"), "BRUME_VAR_DIR": str(self.folder), **self.extra_env},
        )
        self.say(f"database {self.database_url.split('@')[-1]}, redis {self.redis_url}")
        setup_log = self.folder / "setup.log"
        setup_log.write_text("")
        manage(self.env, "migrate", "--noinput", log=setup_log)
        if self.static:
            manage(self.env, "collectstatic", "--noinput", "-v", "0", log=setup_log)
        if self.demo:
            manage(self.env, "load_demo", "--force", log=setup_log)
        if self.worker:
            self.processes.append(start_worker(self.env, log=self.folder / "worker.log"))
            self.say("celery worker ready")
        for index, (host, port) in enumerate(zip(NODE_HOSTS, ports, strict=True), start=1):
            name = f"node{index}"
            node = start_web(name, self.env, host, port, workers=self.web_workers, log=self.folder / f"{name}.log")
            self.processes.append(node)
            self.nodes.append(node)
            self.say(f"{name} on http://{host}:{port} (gunicorn, {self.web_workers} uvicorn worker(s))")
        self.stats = (PROXY_HOST, free_port(PROXY_HOST))
        config = self.folder / "haproxy.cfg"
        backends = [haproxy.Backend(node.name, *node.address) for node in self.nodes]
        config.write_text(haproxy.config_text(listen=(PROXY_HOST, self.port), stats=self.stats, nodes=backends))
        self.proxy = haproxy.start_proxy(binary, config, self.folder / "haproxy.log")
        self.processes.append(self.proxy)
        haproxy.wait_for_servers(self.stats, {node.name: "UP" for node in self.nodes}, self.proxy)
        self.say(f"haproxy on {self.url} (config {config}, stats http://{self.stats[0]}:{self.stats[1]}/)")
        return self

    def restart_node(self, node: Process) -> Process:
        """Start a node again on its address (after ``kill``), in the list in its place."""
        fresh = start_web(node.name, self.env, *node.address, workers=self.web_workers, log=node.log)
        self.processes[self.processes.index(node)] = fresh
        self.nodes[self.nodes.index(node)] = fresh
        return fresh

    def stop(self) -> None:
        for process in reversed(self.processes):
            stop(process)
        self.processes.clear()

    def __enter__(self) -> Layout:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc) -> None:
        self.stop()


def check(layout: Layout) -> list[str]:
    """What is wrong with a running layout (empty: nothing): the proxy answers, round robin
    reaches both nodes, and a live game's push crosses from one node to the other."""
    import http.client

    problems = []
    served = set()
    for _ in range(6):
        connection = http.client.HTTPConnection(PROXY_HOST, layout.port, timeout=10)
        connection.request("GET", "/healthz")
        answer = connection.getresponse()
        answer.read()
        if answer.status != 200:
            problems.append(f"/healthz through the proxy answered {answer.status}")
        served.add(answer.getheader("X-Brume-Node"))
        connection.close()
    if served != {node.name for node in layout.nodes}:
        problems.append(f"round robin reached {sorted(filter(None, served))}, not every node")
    if health(PROXY_HOST, layout.port, path="/") != 200:
        problems.append("the home page through the proxy did not answer 200")
    from tools.cluster_crossing import push_crosses_nodes

    problem = push_crosses_nodes(layout)
    if problem:
        problems.append(problem)
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8080, help="HAProxy's port on 127.0.0.1 (0: a free one)")
    parser.add_argument("--web-workers", type=int, default=1, help="uvicorn workers per web node")
    parser.add_argument("--no-demo", action="store_true", help="do not load the demo data")
    parser.add_argument("--no-worker", action="store_true", help="no Celery worker (AI seats and clocks wait)")
    parser.add_argument("--check", action="store_true", help="start, check, stop: exit 0 when all is well")
    args = parser.parse_args(argv)
    layout = Layout(
        port=args.port or None, web_workers=args.web_workers, demo=not args.no_demo, worker=not args.no_worker
    )
    stopping = []

    def on_signal(number, frame):
        stopping.append(number)
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)  # even when started with SIGINT ignored (a background job)
    try:
        layout.start()
        if args.check:
            problems = check(layout)
            for problem in problems:
                print(f"cluster check: {problem}", file=sys.stderr)
            print("cluster check: " + ("FAILED" if problems else "ok (proxy, round robin, push across nodes)"))
            return 1 if problems else 0
        print(f"\nBrume on {layout.url}  (demo users: alice, bob, ... password brume-demo)  Ctrl-C stops it\n")
        while all(process.alive for process in layout.processes):
            time.sleep(0.5)
        ended = [process.name for process in layout.processes if not process.alive]
        print(f"cluster: {', '.join(ended)} ended; stopping the rest (logs in {FOLDER})", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    except ClusterError as error:
        print(f"cluster: {error}", file=sys.stderr)
        return 1
    finally:
        layout.say("stopping")
        layout.stop()


if __name__ == "__main__":
    sys.exit(main())
