"""gunicorn's settings for the Procfile's web process (``gunicorn config.asgi:application -c config/gunicorn.conf.py``).

The workers are uvicorn's (config/asgi_worker.py): the site is served as ASGI, so that a live
game's event stream (games/push/) is a coroutine waiting on the event loop, not a thread each.

Forwarded headers: gunicorn believes ``X-Forwarded-Proto`` (it sets the request's scheme from it)
only from ``forwarded_allow_ips``, and Brume believes every ``X-Forwarded-*`` header only from
``BRUME_TRUSTED_PROXIES``. Both read that one variable, so they always agree; unset, nobody is
trusted. That is why binding every interface (``0.0.0.0``, what a platform router needs) is safe:
a client that reaches the port directly cannot claim HTTPS or another address. Behind a proxy on
the same machine, set ``BRUME_BIND=127.0.0.1:8000`` and ``BRUME_TRUSTED_PROXIES=127.0.0.1,::1``.

No ``Server: gunicorn`` banner: the response's default headers are sent without it.

Metrics (config/metrics.py): with ``PROMETHEUS_MULTIPROC_DIR`` set, each worker writes its values
into that folder and /metrics adds them up. A worker that ends has its open streams forgotten
(``child_exit``); at the start, so have the processes that no longer run (``on_starting``).
"""

import os

from gunicorn.http import wsgi

bind = [os.environ.get("BRUME_BIND") or f"0.0.0.0:{os.environ.get('PORT', '8000')}"]
workers = int(os.environ.get("WEB_CONCURRENCY", "3"))
worker_class = "config.asgi_worker.BrumeUvicornWorker"
# Open event streams end at BRUME_PUSH_STREAM_SECONDS; on a restart they are cut after this and
# the pages reconnect to another worker.
graceful_timeout = int(os.environ.get("BRUME_GRACEFUL_TIMEOUT", "10"))
accesslog = "-"
forwarded_allow_ips = os.environ.get("BRUME_TRUSTED_PROXIES", "")
# The one scheme header Brume's SECURE_PROXY_SSL_HEADER reads (gunicorn's default has three more).
secure_scheme_headers = {"X-FORWARDED-PROTO": "https"}

_default_headers = wsgi.Response.default_headers


def _default_headers_without_server(self):
    return [line for line in _default_headers(self) if not line.lower().startswith("server:")]


wsgi.Response.default_headers = _default_headers_without_server


def on_starting(server):
    """Forget the live gauges (open streams) of processes that no longer run: a restart, a
    worker killed without the server's notice. Their counters and histograms stay: what a dead
    process counted still counts."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not directory:
        return
    from prometheus_client import multiprocess

    os.makedirs(directory, exist_ok=True)
    for name in os.listdir(directory):
        pid = name.rsplit("_", 1)[-1].removesuffix(".db")
        if not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            multiprocess.mark_process_dead(int(pid), directory)
        except PermissionError:
            pass  # it runs, as another user


def child_exit(server, worker):
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if directory:
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid, directory)
