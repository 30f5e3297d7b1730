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
