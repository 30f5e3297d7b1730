"""HAProxy in front of the web nodes of ``tools/cluster.py``: installed when missing, configured
for Server-Sent Events, started, watched.

The configuration (written to ``var/cluster/haproxy.cfg``) is the one docs/deploy-multinode.md
explains: round robin with no stickiness (any node serves any request: the session is in the
database, pushes cross nodes through Redis), health checks on ``/healthz/ready`` (readiness), timeouts long enough
for an event stream that only sends a heartbeat every 15 s, ``X-Forwarded-For`` added (the nodes
trust it from the proxy's address only), and an ``X-Brume-Node`` response header naming the node
that answered (for people and tests watching the round robin; harmless in production).
"""

from __future__ import annotations

import csv
import io
import os
import resource
import shutil
import subprocess
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from tools.cluster_processes import ClusterError, Process, start, wait_until

PACKAGE = "haproxy"


def find_or_install() -> str:
    """The haproxy binary; installed with apt-get when missing and running as root on Debian
    (unless BRUME_NO_INSTALL=1, as tools/test-prerequisites.sh does), otherwise the one command
    to run is the error."""
    found = shutil.which("haproxy") or next((p for p in ("/usr/sbin/haproxy",) if os.access(p, os.X_OK)), None)
    if found:
        return found
    if os.geteuid() == 0 and shutil.which("apt-get") and os.environ.get("BRUME_NO_INSTALL", "0") != "1":
        print("cluster: installing haproxy (apt-get; BRUME_NO_INSTALL=1 to stop instead)", flush=True)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-q"], env=env, check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["apt-get", "install", "-y", "-q", PACKAGE], env=env, check=True, stdout=subprocess.DEVNULL)
        # Debian starts the packaged service on port 80 with its own config: ours is separate.
        found = shutil.which("haproxy") or "/usr/sbin/haproxy"
        if os.access(found, os.X_OK):
            return found
    raise ClusterError("the cluster needs HAProxy: install it with\n    sudo apt-get install -y haproxy")


@dataclass(frozen=True)
class Backend:
    name: str
    host: str
    port: int


def config_text(*, listen: tuple[str, int], stats: tuple[str, int], nodes: list[Backend]) -> str:
    # Each proxied connection is two descriptors: stay within what this process may open.
    descriptors = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    maxconn = 20000 if descriptors == resource.RLIM_INFINITY else max(256, min(20000, (descriptors - 100) // 2))
    servers = "\n".join(f"    server {node.name} {node.host}:{node.port}" for node in nodes)
    return f"""\
# Written by tools/cluster.py (docs/deploy-multinode.md): HAProxy in front of Brume's web nodes.
global
    maxconn {maxconn}

defaults
    mode http
    # No server connection is reused: a node killed while idle connections to it were kept would
    # cost the next requests an error; the client side keeps its keep-alive.
    option http-server-close
    option forwardfor
    # A request whose node refused the connection (killed, restarting) goes to another node.
    option redispatch 1
    retries 3
    timeout connect 2s
    timeout http-request 10s
    timeout queue 10s
    # An event stream is one long response that sends a heartbeat every 15 s
    # (BRUME_PUSH_HEARTBEAT_SECONDS) and ends after 10 min: the inactivity timeouts must be longer
    # than the heartbeat, the stream's whole life need not fit in them.
    timeout client 75s
    timeout server 75s
    timeout tunnel 1h
    timeout http-keep-alive 10s
    timeout client-fin 5s

frontend brume
    bind {listen[0]}:{listen[1]}
    default_backend web

backend web
    balance roundrobin
    option httpchk
    http-check send meth GET uri /healthz/ready ver HTTP/1.1 hdr Host {listen[0]}
    http-check expect status 200
    # A node is out after two failed checks a second apart, or at once when connections to it fail.
    default-server check inter 1s fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down
    http-response set-header X-Brume-Node %s
{servers}

listen stats
    bind {stats[0]}:{stats[1]}
    stats enable
    stats uri /
    stats refresh 2s
"""


def start_proxy(binary: str, config: Path, log: Path) -> Process:
    subprocess.run([binary, "-c", "-q", "-f", str(config)], check=True)  # refuse a bad config before starting
    return start("haproxy", [binary, "-W", "-db", "-f", str(config)], log=log)


def server_states(stats: tuple[str, int]) -> dict[str, str]:
    """Each web node's state as HAProxy sees it: {"node1": "UP", "node2": "DOWN", ...}."""
    try:
        with urllib.request.urlopen(f"http://{stats[0]}:{stats[1]}/;csv", timeout=2) as answer:
            text = answer.read().decode().lstrip("# ")
    except OSError:
        return {}
    rows = csv.DictReader(io.StringIO(text))
    return {
        row["svname"]: row["status"]
        for row in rows
        if row.get("pxname") == "web" and row["svname"] not in ("FRONTEND", "BACKEND")
    }


def wait_for_servers(stats: tuple[str, int], wanted: dict[str, str], process: Process, timeout: float = 30) -> None:
    """Wait until HAProxy sees each named node in the wanted state ("UP", "DOWN")."""

    def seen() -> bool:
        states = server_states(stats)
        return all(states.get(name, "").startswith(state) for name, state in wanted.items())

    wait_until(seen, timeout=timeout, what=f"HAProxy sees {wanted}", process=process)
